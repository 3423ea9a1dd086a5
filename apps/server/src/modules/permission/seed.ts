import { ROLE_CODES, type RoleCode } from '@switchboard/contracts';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { stableId } from '../../platform/stable-id';
import { BUTTON_TITLES_ZH, MENU, type MenuSeed } from './menu-seed';
import { PermissionRepo, type PermissionRow, type PermissionValues } from './repo';

export const ROLE_NAMES: Record<RoleCode, [string, string]> = {
  admin: ['Administrator', '管理员'],
  sales: ['Sales', '销售'],
  distributor: ['Distributor', '分销商'],
  agent: ['Agent', '代理商'],
  customer: ['Customer', '客户'],
};

export const roleId = (code: RoleCode) => stableId(`role:${code}`);

/** The fields of a menu row the seed owns (the snapshot it keeps in `seeded`). */
const SEEDED_FIELDS = [
  'parentId',
  'name',
  'nameZh',
  'titleKey',
  'path',
  'componentName',
  'component',
  'redirect',
  'menuType',
  'perms',
  'permsType',
  'sortNo',
  'icon',
  'url',
  'hidden',
  'alwaysShow',
  'keepAlive',
  'internalOrExternal',
] as const satisfies readonly (keyof PermissionRow)[];

type SeededFields = Pick<PermissionRow, (typeof SEEDED_FIELDS)[number]>;

const snapshotOf = (row: SeededFields): SeededFields =>
  Object.fromEntries(SEEDED_FIELDS.map((field) => [field, row[field] ?? null])) as SeededFields;

/** Key order does not matter (jsonb keeps its own): compare field by field. */
const sameSnapshot = (a: unknown, b: unknown): boolean => {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return SEEDED_FIELDS.every((field) => (left[field] ?? null) === (right[field] ?? null));
};

/**
 * The built-in roles and the menu tree. A menu row is written as the code describes it when it is
 * new, or when it still holds what the seed last wrote; a row an operator has changed since (its
 * fields differ from the snapshot in `seeded`) is left alone, and so are the grants of rows that
 * already exist: an operator's edits survive restarts.
 */
export async function seedRolesAndMenu(db: Db, log?: Logger) {
  const repo = new PermissionRepo(db);
  for (const code of ROLE_CODES) {
    const [name, nameZh] = ROLE_NAMES[code];
    await repo.insertRole({ id: roleId(code), roleCode: code, roleName: name, roleNameZh: nameZh });
  }
  // Siblings are numbered 0, 1, 2… in the order of the code (sort numbers run 0 to 100 per level).
  const nextSort = new Map<string | null, number>();
  const sortUnder = (parentId: string | null) => {
    const sortNo = nextSort.get(parentId) ?? 0;
    nextSort.set(parentId, sortNo + 1);
    return sortNo;
  };
  const write = async (id: string, fields: SeededFields, grantTo: RoleCode[]) => {
    const existing = await repo.findPermission(id);
    const seeded = snapshotOf(fields);
    if (!existing) {
      await repo.insertPermission({ id, ...fields, seeded } satisfies PermissionValues);
      await repo.grant(grantTo.map(roleId), id);
      return;
    }
    // Rows written before snapshots were kept had no editor to change them: take them as seeded.
    const untouched = existing.seeded === null || sameSnapshot(snapshotOf(existing), existing.seeded);
    if (!untouched) {
      if (!sameSnapshot(existing.seeded, seeded)) {
        log?.info({ menu: fields.componentName }, 'menu row edited by an operator: seed change not applied');
      }
      return;
    }
    if (!sameSnapshot(snapshotOf(existing), seeded) || !sameSnapshot(existing.seeded, seeded)) {
      await repo.updatePermission(id, { ...fields, seeded });
    }
  };
  const visit = async (node: MenuSeed, parentId: string | null, inheritedRoles: RoleCode[]) => {
    const id = stableId(`menu:${node.key}`);
    const grant = node.roles ?? inheritedRoles;
    await write(
      id,
      {
        parentId,
        name: node.title,
        // Menus are translated through their title key; an operator may still give a Chinese name.
        nameZh: null,
        titleKey: node.titleKey,
        path: node.path ?? null,
        componentName: node.key,
        component: node.component ?? null,
        redirect: node.redirect ?? null,
        menuType: parentId ? 1 : 0,
        perms: node.perms ?? null,
        permsType: node.permsType ?? '1',
        sortNo: sortUnder(parentId),
        icon: node.icon ?? null,
        url: node.url ?? null,
        hidden: node.hidden ?? false,
        alwaysShow: node.alwaysShow ?? false,
        keepAlive: node.keepAlive ?? false,
        internalOrExternal: node.internalOrExternal ?? false,
      },
      grant,
    );
    for (const button of node.buttons ?? []) {
      await write(
        stableId(`menu:${button.key}`),
        {
          parentId: id,
          name: button.title,
          nameZh: BUTTON_TITLES_ZH[button.title] ?? null,
          titleKey: null,
          path: null,
          componentName: button.key,
          component: null,
          redirect: null,
          menuType: 2,
          perms: button.perms,
          permsType: button.permsType,
          sortNo: sortUnder(id),
          icon: null,
          url: null,
          hidden: false,
          alwaysShow: false,
          keepAlive: false,
          internalOrExternal: false,
        },
        button.roles ?? grant,
      );
    }
    for (const child of node.children ?? []) await visit(child, id, grant);
  };
  for (const node of MENU) await visit(node, null, []);
}

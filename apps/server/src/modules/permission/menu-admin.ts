import {
  type Locale,
  MENU_TYPE,
  type PermissionRecord,
  type PermissionTreeNode,
  type PermissionTreeOption,
  type PermissionValues,
} from '@switchboard/contracts';
import { afterCommit, type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { PermissionRepo, type PermissionRow } from './repo';
import { roleId } from './seed';
import { type PermissionCaches, titleIn } from './service';

export const recordOf = (row: PermissionRow): PermissionRecord => ({
  id: row.id,
  parentId: row.parentId,
  menuType: row.menuType,
  name: row.name,
  nameZh: row.nameZh,
  titleKey: row.titleKey,
  path: row.path,
  componentName: row.componentName,
  component: row.component,
  redirect: row.redirect,
  hidden: row.hidden,
  alwaysShow: row.alwaysShow,
  keepAlive: row.keepAlive,
  internalOrExternal: row.internalOrExternal,
  icon: row.icon,
  url: row.url,
  sortNo: row.sortNo,
  perms: row.perms,
  permsType: row.permsType,
  status: row.status,
  builtIn: row.seeded !== null,
});

/** The columns a row is written with: what its type uses (a button has no route, a menu no strategy). */
function columnsOf(input: PermissionValues) {
  const button = input.menuType === MENU_TYPE.button;
  return {
    parentId: input.parentId,
    menuType: input.menuType,
    name: input.name,
    nameZh: input.nameZh,
    titleKey: input.titleKey,
    path: button ? null : input.path,
    componentName: input.componentName,
    component: button ? null : input.component,
    redirect: button ? null : input.redirect,
    hidden: button ? false : input.hidden,
    alwaysShow: button ? false : input.alwaysShow,
    keepAlive: button ? false : input.keepAlive,
    internalOrExternal: button ? false : input.internalOrExternal,
    icon: button ? null : input.icon,
    url: button ? null : input.url,
    sortNo: input.sortNo,
    perms: input.perms,
    permsType: button ? input.permsType : '1',
    status: input.status,
  };
}

/** Builds the tree of `rows` (already in sort order); rows whose parent is absent are roots. */
function treeOf<T>(rows: PermissionRow[], node: (row: PermissionRow, children: T[] | undefined) => T): T[] {
  const present = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, PermissionRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && present.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parentId: string | null): T[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = build(row.id);
      return node(row, children.length ? children : undefined);
    });
  return build(null);
}

/**
 * The menu and permission editor (System › Menus): the whole tree with its buttons, and the
 * writes of an operator. Seeded rows keep their permission code (routes check it) and cannot be
 * deleted (the next seed would bring them back); any other field an operator changes stays as
 * they left it, since the seed only rewrites rows still holding what it wrote (see seed.ts). Every
 * change clears the grant and menu caches once committed, so signed-in users' menus follow on
 * their next permission load.
 */
export class MenuAdminService {
  private readonly repo: PermissionRepo;

  constructor(
    private readonly db: Db,
    private readonly caches: PermissionCaches,
  ) {
    this.repo = new PermissionRepo(db);
  }

  /** The tree; with `name`, the rows whose titles, path, code or key contain it, and their parents. */
  async tree(filter: { name?: string | undefined }): Promise<PermissionTreeNode[]> {
    const rows = await this.repo.allPermissions();
    const needle = filter.name?.trim().toLowerCase();
    let kept = rows;
    if (needle) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<string>();
      for (const row of rows) {
        const texts = [row.name, row.nameZh, row.path, row.perms, row.titleKey, row.componentName];
        if (!texts.some((t) => t?.toLowerCase().includes(needle))) continue;
        for (let at: PermissionRow | undefined = row; at && !keep.has(at.id); ) {
          keep.add(at.id);
          at = at.parentId ? byId.get(at.parentId) : undefined;
        }
      }
      kept = rows.filter((r) => keep.has(r.id));
    }
    return treeOf<PermissionTreeNode>(kept, (row, children) =>
      children ? { ...recordOf(row), children } : recordOf(row),
    );
  }

  /** id/title tree for pickers, titled in `locale` where a row has that title. */
  async treeOptions(locale: Locale): Promise<PermissionTreeOption[]> {
    return treeOf<PermissionTreeOption>(await this.repo.allPermissions(), (row, children) => ({
      key: row.id,
      value: row.id,
      title: titleIn(row, locale),
      titleKey: row.titleKey,
      menuType: row.menuType,
      perms: row.perms,
      permsType: row.permsType,
      ...(children ? { children } : {}),
    }));
  }

  async byId(id: string): Promise<PermissionRecord> {
    const row = await this.repo.findPermission(id);
    if (!row) throw new AppError('PERMISSION_NOT_FOUND', 404);
    return recordOf(row);
  }

  async topMenus(): Promise<PermissionRecord[]> {
    return (await this.repo.childrenOf(null, [MENU_TYPE.topMenu])).map(recordOf);
  }

  /** The sub menus and buttons right under a menu. */
  async submenus(parentId: string): Promise<PermissionRecord[]> {
    if (!(await this.repo.findPermission(parentId))) throw new AppError('PERMISSION_NOT_FOUND', 404);
    return (await this.repo.childrenOf(parentId)).map(recordOf);
  }

  /** Refuses a permission code another row holds (the form's live check). */
  async checkCode(perms: string, excludeId?: string): Promise<void> {
    if (await this.repo.permsTaken(perms, excludeId))
      throw new AppError('PERMISSION_CODE_TAKEN', 409, { perms });
  }

  /** A new row; the administrator role is granted it (other roles through the role editor). */
  add(input: PermissionValues): Promise<PermissionRecord> {
    return this.write(input, async () => {
      await this.checkPlacement(input);
      await this.checkUnique(input);
      const row = await this.repo.insertPermissionReturning(columnsOf(input));
      await this.repo.grant([roleId('admin')], row.id);
      return recordOf(row);
    });
  }

  edit(id: string, input: PermissionValues): Promise<PermissionRecord> {
    return this.write(input, async () => {
      const current = await this.repo.findPermission(id);
      if (!current) throw new AppError('PERMISSION_NOT_FOUND', 404);
      if (current.seeded !== null && current.perms !== input.perms)
        throw new AppError('PERMISSION_BUILT_IN_CODE', 409, { perms: current.perms ?? '' });
      await this.checkPlacement(input, id);
      if (input.menuType === MENU_TYPE.button && (await this.repo.countChildren(id)) > 0)
        throw new AppError('PERMISSION_BUTTON_WITH_CHILDREN', 409, { name: current.name });
      await this.checkUnique(input, id);
      // `seeded` is left as the seed wrote it: a row that now differs from it is the operator's.
      await this.repo.updatePermission(id, columnsOf(input));
      return recordOf((await this.repo.findPermission(id))!);
    });
  }

  /**
   * Deletes every one of `ids` or none, with their grants and data rules. Refused for a seeded row
   * and for a row with sub menus or buttons left (not deleted with it), naming the first.
   */
  removeAll(ids: string[], locale: Locale): Promise<number> {
    return this.write(null, async () => {
      const rows = await this.repo.permissionsByIds(ids);
      if (rows.length !== ids.length) throw new AppError('PERMISSION_NOT_FOUND', 404);
      const deleting = new Set(ids);
      for (const row of rows) {
        if (row.seeded !== null)
          throw new AppError('PERMISSION_BUILT_IN', 409, { name: titleIn(row, locale) });
        const children = (await this.repo.childrenOf(row.id)).filter((c) => !deleting.has(c.id));
        if (children.length > 0)
          throw new AppError('PERMISSION_HAS_CHILDREN', 409, {
            name: titleIn(row, locale),
            count: children.length,
          });
      }
      return this.repo.deletePermissions(ids);
    });
  }

  /** The parent is a menu (not a button), and (editing) not the row itself or below it. */
  private async checkPlacement(input: PermissionValues, id?: string) {
    if (input.parentId === null) return;
    const rows = await this.repo.allPermissions();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const parent = byId.get(input.parentId);
    if (!parent || parent.menuType === MENU_TYPE.button) throw new AppError('PERMISSION_PARENT_INVALID', 400);
    if (id === undefined) return;
    for (
      let at: PermissionRow | undefined = parent;
      at;
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      if (at.id === id) throw new AppError('PERMISSION_PARENT_CYCLE', 400);
    }
  }

  private async checkUnique(input: PermissionValues, id?: string) {
    if (input.perms) await this.checkCode(input.perms, id);
    if (input.menuType !== MENU_TYPE.button && input.path && (await this.repo.pathTaken(input.path, id)))
      throw new AppError('PERMISSION_PATH_TAKEN', 409, { path: input.path });
  }

  /** A change in a transaction; once committed, every process reads grants and menus afresh. */
  private write<T>(input: PermissionValues | null, fn: () => Promise<T>): Promise<T> {
    return withTransaction(this.db, async () => {
      try {
        const result = await fn();
        await afterCommit(() => this.caches.changed());
        return result;
      } catch (error) {
        // Two operators saving the same code at once: the unique index settles it.
        if (isUniqueViolation(error, 'permissions_perms_uq'))
          throw new AppError('PERMISSION_CODE_TAKEN', 409, { perms: input?.perms ?? '' });
        throw error;
      }
    });
  }
}

import {
  type dataRuleInputSchema,
  type GrantTreeNode,
  type Locale,
  type PermissionCode,
  type PermissionTree,
  ROLE_CODES,
  type RoleListQuery,
  type roleDataRulesSchema,
  type roleInputSchema,
  type SaveRolePermission,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { dataRuleColumns } from '../../platform/data-rules';
import { afterCommit, type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { type DataRuleRow, type RoleRecordsService, roleId, titleIn } from '../permission';

/** What the administrator role always keeps (and the menus above): else nobody could grant again. */
const ADMIN_KEEPS: PermissionCode[] = ['system:role:list', 'system:role:authorize'];

type RoleInput = z.output<typeof roleInputSchema>;
type RuleInput = z.output<typeof dataRuleInputSchema>;
type RoleRow = NonNullable<Awaited<ReturnType<RoleRecordsService['roleById']>>>;

const BUILT_IN = new Set<string>(ROLE_CODES);

const roleRecordOf = (row: RoleRow) => ({ ...row, builtIn: BUILT_IN.has(row.roleCode) });
const ruleRecordOf = (row: DataRuleRow) => ({
  id: row.id,
  permissionId: row.permissionId,
  ruleName: row.ruleName,
  ruleColumn: row.ruleColumn,
  ruleCondition: row.ruleCondition,
  ruleValue: row.ruleValue,
  enabled: row.status === 1,
  createdAt: row.createdAt,
});

/**
 * Role administration: roles (the seeded ones are built in: the code relies on their codes), the
 * menu and button tree each role is granted, the data rules of each list and the users holding a
 * role. Every change is one transaction; once committed, every process reads grants and menus
 * afresh (a user's menu changes on their next permission load) and the sessions of users whose
 * roles changed re-read their roles.
 */
export class RoleAdminService {
  constructor(
    private readonly db: Db,
    private readonly services: Pick<
      Services,
      'companies' | 'grants' | 'roles' | 'roleRecords' | 'sessions' | 'users'
    >,
  ) {}

  /** The records are the permission module's (its tables); the rules over them are here. */
  private get repo(): RoleRecordsService {
    return this.services.roleRecords;
  }

  // ---- roles

  list(query: RoleListQuery & { pageNo: number; pageSize: number }) {
    return paginate(
      query,
      () => this.repo.countRoles(query),
      async (limit, offset) => (await this.repo.listRoles(query, limit, offset)).map(roleRecordOf),
    );
  }

  async byId(id: string) {
    const row = await this.repo.roleById(id);
    if (!row) throw new AppError('ROLE_NOT_FOUND', 404);
    return roleRecordOf(row);
  }

  /** Whether `code` is free (for a role other than `excludeId`). */
  async isCodeFree(code: string, excludeId?: string) {
    return !(await this.services.roles.isCodeTaken(code, excludeId));
  }

  add(input: RoleInput) {
    return this.write(async () => {
      if (!(await this.isCodeFree(input.roleCode)))
        throw new AppError('ROLE_CODE_TAKEN', 409, { code: input.roleCode });
      const id = await this.repo.insertRole({ ...input, description: input.description || null });
      return this.byId(id);
    }, input.roleCode);
  }

  edit(id: string, input: RoleInput) {
    return this.write(async () => {
      const current = await this.byId(id);
      if (current.builtIn && current.roleCode !== input.roleCode)
        throw new AppError('ROLE_BUILT_IN_CODE', 409, { code: current.roleCode });
      if (!(await this.isCodeFree(input.roleCode, id)))
        throw new AppError('ROLE_CODE_TAKEN', 409, { code: input.roleCode });
      await this.repo.updateRole(id, { ...input, description: input.description || null });
      return this.byId(id);
    }, input.roleCode);
  }

  /** Deletes every one of `ids` or none: built-in roles and roles users hold are refused, naming the first. */
  removeAll(ids: string[]) {
    return this.write(async () => {
      const rows = await this.repo.rolesByIds(ids);
      if (rows.length !== ids.length) throw new AppError('ROLE_NOT_FOUND', 404);
      const builtIn = rows.find((r) => BUILT_IN.has(r.roleCode));
      if (builtIn) throw new AppError('ROLE_BUILT_IN', 409, { code: builtIn.roleCode });
      const inUse = rows.find((r) => r.userCount > 0);
      if (inUse) throw new AppError('ROLE_IN_USE', 409, { code: inUse.roleCode, count: inUse.userCount });
      return this.repo.deleteRoles(ids);
    });
  }

  userRoleIds(userId: string) {
    return this.services.roles.roleIdsOfUser(userId);
  }

  // ---- the tree and grants

  /** The whole menu and button tree (every status), by sort number, titled in `locale`. */
  async tree(locale: Locale): Promise<PermissionTree> {
    const rows = await this.repo.allPermissions();
    const byParent = new Map<string | null, typeof rows>();
    for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
    const build = (parentId: string | null): GrantTreeNode[] =>
      (byParent.get(parentId) ?? []).map((p) => {
        const children = build(p.id);
        return {
          key: p.id,
          title: titleIn(p, locale),
          titleKey: p.titleKey,
          menuType: p.menuType,
          perms: p.perms,
          permsType: p.permsType,
          status: p.status,
          dataRules: dataRuleColumns(p.perms) !== undefined,
          ...(children.length ? { children } : {}),
        };
      });
    return { treeList: build(null), ids: rows.map((r) => r.id) };
  }

  async grantedIds(roleId: string) {
    await this.byId(roleId);
    return this.repo.grantedIds(roleId);
  }

  /**
   * The role's grants become `permissionIds`; with `lastPermissionIds` only what changed since
   * the editor loaded is applied. Kept grants keep their data rules.
   */
  saveGrants(input: SaveRolePermission) {
    return this.write(async () => {
      await this.byId(input.roleId);
      const wanted = new Set(input.permissionIds);
      const known = await this.repo.existingPermissionIds([...wanted]);
      if (known.size !== wanted.size) throw new AppError('PERMISSION_NOT_FOUND', 404);
      if (input.roleId === roleId('admin')) {
        const kept = await this.repo.withAncestors(ADMIN_KEEPS);
        if (kept.some((id) => !wanted.has(id))) throw new AppError('ROLE_ADMIN_LOCKOUT', 400);
      }
      const before = new Set(input.lastPermissionIds ?? (await this.repo.grantedIds(input.roleId)));
      await this.repo.revoke(
        input.roleId,
        [...before].filter((id) => !wanted.has(id)),
      );
      await this.repo.grant(
        input.roleId,
        [...wanted].filter((id) => !before.has(id)),
      );
      return this.repo.grantedIds(input.roleId);
    });
  }

  // ---- data rules

  private async permission(id: string) {
    const row = await this.repo.permissionById(id);
    if (!row) throw new AppError('PERMISSION_NOT_FOUND', 404);
    return row;
  }

  async rules(
    permissionId: string,
    filters: { ruleName?: string | undefined; ruleColumn?: string | undefined } = {},
  ) {
    await this.permission(permissionId);
    return (await this.repo.rulesOf(permissionId, filters)).map(ruleRecordOf);
  }

  /** The columns the permission's list lets rules name (empty: it takes no rules). */
  async columns(permissionId: string) {
    return dataRuleColumns((await this.permission(permissionId)).perms) ?? [];
  }

  /** A rule names a column its permission's list declares; `scope` only a company column. */
  private async checkRule(input: RuleInput) {
    const permission = await this.permission(input.permissionId);
    const columns = dataRuleColumns(permission.perms);
    if (!columns) throw new AppError('DATA_RULES_UNSUPPORTED', 400);
    const column = columns.find((c) => c.key === input.ruleColumn);
    if (!column)
      throw new AppError('DATA_RULE_COLUMN_UNKNOWN', 400, {
        column: input.ruleColumn,
        columns: columns.map((c) => c.key).join(', '),
      });
    if (input.ruleCondition === 'scope' && !column.company)
      throw new AppError('DATA_RULE_SCOPE_COLUMN', 400, {
        columns:
          columns
            .filter((c) => c.company)
            .map((c) => c.key)
            .join(', ') || '—',
      });
    if (input.ruleCondition !== 'scope' && input.ruleValue === '')
      throw new AppError('DATA_RULE_VALUE_REQUIRED', 400);
  }

  private ruleValues(input: RuleInput) {
    return {
      permissionId: input.permissionId,
      ruleName: input.ruleName,
      ruleColumn: input.ruleColumn,
      ruleCondition: input.ruleCondition,
      ruleValue: input.ruleCondition === 'scope' ? '' : input.ruleValue,
      status: input.enabled ? 1 : 0,
    };
  }

  addRule(input: RuleInput) {
    return this.write(async () => {
      await this.checkRule(input);
      return ruleRecordOf(await this.repo.insertRule(this.ruleValues(input)));
    });
  }

  /** Edits a rule of its own permission (rules do not move between menus). */
  editRule(id: string, input: RuleInput) {
    return this.write(async () => {
      const current = await this.repo.ruleById(id);
      if (!current || current.permissionId !== input.permissionId)
        throw new AppError('DATA_RULE_NOT_FOUND', 404);
      await this.checkRule(input);
      return ruleRecordOf((await this.repo.updateRule(id, this.ruleValues(input)))!);
    });
  }

  removeRule(id: string) {
    return this.write(async () => {
      const current = await this.repo.ruleById(id);
      if (!current) throw new AppError('DATA_RULE_NOT_FOUND', 404);
      await this.repo.deleteRule(id, current.permissionId);
    });
  }

  /** A permission's rules, its columns and those the role applies. */
  async roleRules(roleId: string, permissionId: string): Promise<z.output<typeof roleDataRulesSchema>> {
    await this.byId(roleId);
    const [rules, columns, grant] = await Promise.all([
      this.rules(permissionId),
      this.columns(permissionId),
      this.repo.grantRow(roleId, permissionId),
    ]);
    return { rules, columns, checked: grant?.dataRuleIds ?? [] };
  }

  /** The rules the role applies on a permission it holds. */
  saveRoleRules(input: { roleId: string; permissionId: string; dataRuleIds: string[] }) {
    return this.write(async () => {
      await this.byId(input.roleId);
      await this.permission(input.permissionId);
      if (!(await this.repo.grantRow(input.roleId, input.permissionId)))
        throw new AppError('ROLE_PERMISSION_NOT_GRANTED', 409);
      const ids = [...new Set(input.dataRuleIds)];
      const own = new Set((await this.repo.rulesOf(input.permissionId)).map((r) => r.id));
      if (!ids.every((id) => own.has(id))) throw new AppError('DATA_RULE_NOT_OF_PERMISSION', 400);
      await this.repo.setGrantRules(input.roleId, input.permissionId, ids);
      return { checked: ids };
    });
  }

  // ---- users of a role

  async users(query: { roleId: string; username?: string | undefined; pageNo: number; pageSize: number }) {
    await this.byId(query.roleId);
    const members = await this.services.roles.userIdsOfRole(query.roleId);
    return paginate(
      query,
      () => this.services.users.countAmong(members, query.username),
      (limit, offset) => this.services.users.pageAmong(members, query.username, limit, offset),
    );
  }

  addUsers(roleId: string, userIds: string[]) {
    return this.write(async () => {
      await this.byId(roleId);
      const ids = [...new Set(userIds)];
      if ((await this.services.users.existingIds(ids)).size !== ids.length)
        throw new AppError('USER_NOT_FOUND', 404);
      const added = await this.repo.addUsers(roleId, ids);
      for (const userId of ids) await this.services.sessions.forget({ userId });
      return added;
    });
  }

  removeUsers(roleId: string, userIds: string[]) {
    return this.write(async () => {
      await this.byId(roleId);
      const removed = await this.repo.removeUsers(roleId, userIds);
      for (const userId of removed) await this.services.sessions.forget({ userId });
      return removed.length;
    });
  }

  /** A change in a transaction; once committed, grants and menus are read afresh everywhere. */
  private write<T>(fn: () => Promise<T>, code = ''): Promise<T> {
    return withTransaction(this.db, async () => {
      try {
        const result = await fn();
        await afterCommit(() => this.services.grants.invalidate());
        return result;
      } catch (error) {
        if (isUniqueViolation(error, 'roles_code_uq')) throw new AppError('ROLE_CODE_TAKEN', 409, { code });
        throw error;
      }
    });
  }
}

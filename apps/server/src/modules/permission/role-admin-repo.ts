import type { RoleListQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText, pgArray } from '../../platform/sql';
import { dataRules, permissions, rolePermissions, roles, userRoles } from './schema';

type RoleFilters = Pick<RoleListQuery, 'column' | 'order' | 'roleName' | 'roleCode'>;
export type RoleValues = typeof roles.$inferInsert;
export type DataRuleRow = typeof dataRules.$inferSelect;
export type DataRuleValues = typeof dataRules.$inferInsert;

// Qualified by hand: drizzle writes a column of a correlated subquery without its table.
const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles}.role_id = ${roles}.id)`;

/** The role list's `column` whitelist (contracts' ROLE_SORTABLE). */
const ROLE_SORTABLE = {
  roleCode: roles.roleCode,
  roleName: roles.roleName,
  userCount,
  createdAt: roles.createdAt,
};
const ROLE_ORDER = [asc(roles.createdAt), asc(roles.roleCode)];

const roleColumns = {
  id: roles.id,
  roleCode: roles.roleCode,
  roleName: roles.roleName,
  roleNameZh: roles.roleNameZh,
  description: roles.description,
  createdAt: roles.createdAt,
  userCount,
};

function roleWhere(f: RoleFilters): SQL | undefined {
  return and(
    f.roleName
      ? or(ilike(roles.roleName, likeText(f.roleName)), ilike(roles.roleNameZh, likeText(f.roleName)))
      : undefined,
    f.roleCode ? ilike(roles.roleCode, likeText(f.roleCode)) : undefined,
  );
}

/** SQL of role administration (the role module's, through `roleRecords`): roles, grants, members, data rules. */
export class RoleAdminRepo {
  constructor(private readonly db: Db) {}

  // ---- roles

  async countRoles(filters: RoleFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(roles)
      .where(roleWhere(filters));
    return Number(row?.total ?? 0);
  }

  listRoles(filters: RoleFilters, limit: number, offset: number) {
    return executor(this.db)
      .select(roleColumns)
      .from(roles)
      .where(roleWhere(filters))
      .orderBy(...orderByOf(filters, ROLE_SORTABLE, ROLE_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async roleById(id: string) {
    const [row] = await executor(this.db).select(roleColumns).from(roles).where(eq(roles.id, id));
    return row;
  }

  rolesByIds(ids: string[]) {
    return executor(this.db).select(roleColumns).from(roles).where(inUuids(roles.id, ids));
  }

  async insertRole(values: RoleValues): Promise<string> {
    const [row] = await executor(this.db).insert(roles).values(values).returning({ id: roles.id });
    return row!.id;
  }

  async updateRole(id: string, values: Partial<RoleValues>) {
    await executor(this.db).update(roles).set(values).where(eq(roles.id, id));
  }

  async deleteRoles(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(roles)
      .where(inUuids(roles.id, ids))
      .returning({ id: roles.id });
    return rows.length;
  }

  // ---- the tree and grants

  allPermissions() {
    return executor(this.db).select().from(permissions).orderBy(asc(permissions.sortNo));
  }

  /** The rows of these permission codes and every menu above them (their ids). */
  async withAncestors(codes: string[]): Promise<string[]> {
    const result = await executor(this.db).execute(sql`
      with recursive up as (
        select id, parent_id from ${permissions} where perms = any(${pgArray(codes)}::text[])
        union
        select p.id, p.parent_id from ${permissions} p join up on p.id = up.parent_id
      )
      select id from up`);
    return rowsOf<{ id: string }>(result).map((r) => String(r.id));
  }

  async permissionById(id: string) {
    const [row] = await executor(this.db).select().from(permissions).where(eq(permissions.id, id));
    return row;
  }

  async existingPermissionIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await executor(this.db)
      .select({ id: permissions.id })
      .from(permissions)
      .where(inUuids(permissions.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async grantedIds(roleId: string): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId));
    return rows.map((r) => r.id);
  }

  async grant(roleId: string, permissionIds: string[]) {
    if (permissionIds.length === 0) return;
    await executor(this.db)
      .insert(rolePermissions)
      .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
  }

  async revoke(roleId: string, permissionIds: string[]) {
    if (permissionIds.length === 0) return;
    await executor(this.db)
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), inUuids(rolePermissions.permissionId, permissionIds)));
  }

  async grantRow(roleId: string, permissionId: string) {
    const [row] = await executor(this.db)
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
    return row;
  }

  async setGrantRules(roleId: string, permissionId: string, dataRuleIds: string[]) {
    await executor(this.db)
      .update(rolePermissions)
      .set({ dataRuleIds })
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
  }

  // ---- data rules

  rulesOf(
    permissionId: string,
    filters: { ruleName?: string | undefined; ruleColumn?: string | undefined } = {},
  ) {
    return executor(this.db)
      .select()
      .from(dataRules)
      .where(
        and(
          eq(dataRules.permissionId, permissionId),
          filters.ruleName ? ilike(dataRules.ruleName, likeText(filters.ruleName)) : undefined,
          filters.ruleColumn ? ilike(dataRules.ruleColumn, likeText(filters.ruleColumn)) : undefined,
        ),
      )
      .orderBy(asc(dataRules.createdAt), asc(dataRules.ruleName));
  }

  async ruleById(id: string) {
    const [row] = await executor(this.db).select().from(dataRules).where(eq(dataRules.id, id));
    return row;
  }

  async insertRule(values: DataRuleValues) {
    const [row] = await executor(this.db).insert(dataRules).values(values).returning();
    return row!;
  }

  async updateRule(id: string, values: Partial<DataRuleValues>) {
    const [row] = await executor(this.db)
      .update(dataRules)
      .set(values)
      .where(eq(dataRules.id, id))
      .returning();
    return row;
  }

  /** Deletes a rule and takes it out of every role's choice on its permission. */
  async deleteRule(id: string, permissionId: string) {
    await executor(this.db)
      .update(rolePermissions)
      .set({ dataRuleIds: sql`${rolePermissions.dataRuleIds} - ${id}::text` })
      .where(eq(rolePermissions.permissionId, permissionId));
    await executor(this.db).delete(dataRules).where(eq(dataRules.id, id));
  }

  // ---- users of a role

  async addUsers(roleId: string, userIds: string[]): Promise<number> {
    const rows = await executor(this.db)
      .insert(userRoles)
      .values(userIds.map((userId) => ({ userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    return rows.length;
  }

  async removeUsers(roleId: string, userIds: string[]): Promise<string[]> {
    const rows = await executor(this.db)
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, userIds)))
      .returning({ userId: userRoles.userId });
    return rows.map((r) => r.userId);
  }
}

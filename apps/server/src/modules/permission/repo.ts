import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { inUuids } from '../../platform/sql';
import { dataRules, permissions, rolePermissions, roles, userRoles } from './schema';

export type PermissionRow = typeof permissions.$inferSelect;
export type PermissionValues = typeof permissions.$inferInsert;

/**
 * Which of a role's permission rows count as granted. A button's action rule (menu type 2) counts
 * whatever its status: status 0 only switches the rule off for display (the console shows the
 * control to everyone, spec section 6), it does not take the action away from roles that hold it.
 * A menu entry counts only while active. Users whose roles do not hold a code never get it.
 */
const grantedByStatus = or(eq(permissions.menuType, 2), eq(permissions.status, 1));

/** SQL of roles, role grants and the menu tree. */
export class PermissionRepo {
  constructor(private readonly db: Db) {}

  /**
   * The enabled rules the roles chose on the permission of `code` (a list's permission), each once.
   */
  async appliedRules(roleIds: string[], code: string) {
    if (roleIds.length === 0) return [];
    return executor(this.db)
      .selectDistinct({
        id: dataRules.id,
        column: dataRules.ruleColumn,
        condition: dataRules.ruleCondition,
        value: dataRules.ruleValue,
      })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .innerJoin(
        dataRules,
        and(
          eq(dataRules.permissionId, permissions.id),
          sql`${rolePermissions.dataRuleIds} @> jsonb_build_array(${dataRules.id}::text)`,
        ),
      )
      .where(
        and(inUuids(rolePermissions.roleId, roleIds), eq(permissions.perms, code), eq(dataRules.status, 1)),
      );
  }

  async roleCodes(roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await executor(this.db)
      .select({ code: roles.roleCode })
      .from(roles)
      .where(inArray(roles.id, roleIds));
    return rows.map((r) => r.code);
  }

  /** Permission codes granted through these roles. */
  async grantedCodes(roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await executor(this.db)
      .selectDistinct({ perms: permissions.perms })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(
        and(inArray(rolePermissions.roleId, roleIds), grantedByStatus, sql`${permissions.perms} is not null`),
      );
    return rows.flatMap((r) => (r.perms === null ? [] : [r.perms]));
  }

  /** Menu rows and buttons granted through these roles. */
  async grantedRows(roleIds: string[]): Promise<PermissionRow[]> {
    if (roleIds.length === 0) return [];
    const rows = await executor(this.db)
      .selectDistinct({ permission: permissions })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(inArray(rolePermissions.roleId, roleIds), grantedByStatus));
    return rows.map((r) => r.permission);
  }

  /** Every button rule (menu type 2), for the console's disabled-type rules. */
  async allButtons(): Promise<PermissionRow[]> {
    return executor(this.db)
      .select()
      .from(permissions)
      .where(eq(permissions.menuType, 2))
      .orderBy(asc(permissions.sortNo));
  }

  async roleIdsOfUser(userId: string): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return rows.map((r) => r.roleId);
  }

  /** Role codes of each user, sorted (users without roles are absent). */
  async roleCodesOfUsers(userIds: string[]): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor(this.db)
      .select({ userId: userRoles.userId, code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inUuids(userRoles.userId, userIds))
      .orderBy(asc(roles.roleCode));
    for (const { userId, code } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), code]);
    return byUser;
  }

  async roleIdsByCodes(codes: string[]): Promise<{ id: string; code: string }[]> {
    if (codes.length === 0) return [];
    return executor(this.db)
      .select({ id: roles.id, code: roles.roleCode })
      .from(roles)
      .where(inArray(roles.roleCode, codes));
  }

  /** Every role, by code (the options of the user form). */
  roleOptions() {
    return executor(this.db)
      .select({
        id: roles.id,
        roleCode: roles.roleCode,
        roleName: roles.roleName,
        roleNameZh: roles.roleNameZh,
      })
      .from(roles)
      .orderBy(asc(roles.roleCode));
  }

  /** Roles of each user by code (users without any are absent). */
  async rolesOfUsers(userIds: string[]): Promise<Map<string, { id: string; code: string }[]>> {
    const byUser = new Map<string, { id: string; code: string }[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor(this.db)
      .select({ userId: userRoles.userId, id: roles.id, code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inUuids(userRoles.userId, userIds))
      .orderBy(asc(roles.roleCode));
    for (const { userId, ...role } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
    return byUser;
  }

  /** Gives the user exactly these roles. */
  async setRolesOfUser(userId: string, roleIds: string[]) {
    await executor(this.db).delete(userRoles).where(eq(userRoles.userId, userId));
    await this.assignRoles(userId, roleIds);
  }

  /** The users holding a role (their ids). */
  async userIdsOfRole(roleId: string): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, roleId));
    return rows.map((r) => r.userId);
  }

  async assignRoles(userId: string, roleIds: string[]) {
    if (roleIds.length === 0) return;
    await executor(this.db)
      .insert(userRoles)
      .values(roleIds.map((roleId) => ({ userId, roleId })))
      .onConflictDoNothing();
  }

  async roleCodeTaken(code: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleCode, code), excludeId ? sql`${roles.id} <> ${excludeId}` : undefined))
      .limit(1);
    return rows.length > 0;
  }

  /** Every permission code of the menu tree. */
  async allCodes(): Promise<string[]> {
    const rows = await executor(this.db).select({ perms: permissions.perms }).from(permissions);
    return rows.flatMap((r) => (r.perms === null ? [] : [r.perms]));
  }

  // Seeding

  async insertRole(values: typeof roles.$inferInsert) {
    await executor(this.db).insert(roles).values(values).onConflictDoNothing();
  }

  async findPermission(id: string): Promise<PermissionRow | undefined> {
    const [row] = await executor(this.db).select().from(permissions).where(eq(permissions.id, id));
    return row;
  }

  async insertPermission(values: PermissionValues) {
    await executor(this.db).insert(permissions).values(values);
  }

  async updatePermission(id: string, values: Partial<PermissionValues>) {
    await executor(this.db).update(permissions).set(values).where(eq(permissions.id, id));
  }

  // The menu editor

  /** Every row of the menu tree, siblings in sort order. */
  async allPermissions(): Promise<PermissionRow[]> {
    return executor(this.db)
      .select()
      .from(permissions)
      .orderBy(asc(permissions.sortNo), asc(permissions.createdAt), asc(permissions.id));
  }

  async permissionsByIds(ids: string[]): Promise<PermissionRow[]> {
    if (ids.length === 0) return [];
    return executor(this.db).select().from(permissions).where(inUuids(permissions.id, ids));
  }

  /** Rows under a parent (null: the top menus), in sort order. */
  async childrenOf(parentId: string | null, menuTypes?: number[]): Promise<PermissionRow[]> {
    return executor(this.db)
      .select()
      .from(permissions)
      .where(
        and(
          parentId === null ? sql`${permissions.parentId} is null` : eq(permissions.parentId, parentId),
          menuTypes ? inArray(permissions.menuType, menuTypes) : undefined,
        ),
      )
      .orderBy(asc(permissions.sortNo), asc(permissions.createdAt), asc(permissions.id));
  }

  async countChildren(parentId: string): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(permissions)
      .where(eq(permissions.parentId, parentId));
    return row?.n ?? 0;
  }

  /** Whether another row than `excludeId` holds this permission code. */
  async permsTaken(perms: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: permissions.id })
      .from(permissions)
      .where(
        and(eq(permissions.perms, perms), excludeId ? sql`${permissions.id} <> ${excludeId}` : undefined),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Whether another menu (not a button) than `excludeId` has this route path. */
  async pathTaken(path: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: permissions.id })
      .from(permissions)
      .where(
        and(
          eq(permissions.path, path),
          sql`${permissions.menuType} <> 2`,
          excludeId ? sql`${permissions.id} <> ${excludeId}` : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async insertPermissionReturning(values: PermissionValues): Promise<PermissionRow> {
    const [row] = await executor(this.db).insert(permissions).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Deletes rows (their grants and data rules go with them, by the foreign keys). */
  async deletePermissions(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await executor(this.db)
      .delete(permissions)
      .where(inUuids(permissions.id, ids))
      .returning({ id: permissions.id });
    return rows.length;
  }

  async grant(roleIds: string[], permissionId: string) {
    if (roleIds.length === 0) return;
    await executor(this.db)
      .insert(rolePermissions)
      .values(roleIds.map((roleId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
  }
}

import type { userListQuerySchema } from '@switchboard/contracts';
import { and, asc, eq, exists, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/access';
import { dataRuleList } from '../../platform/data-rules';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { departments, userDepartments } from '../depart/schema';
import { roles, userRoles } from '../permission/schema';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type UserValues = typeof users.$inferInsert;
type ListFilters = Omit<z.output<typeof userListQuerySchema>, 'pageNo' | 'pageSize'>;

const SORTABLE = {
  username: users.username,
  realname: users.realname,
  status: users.status,
  createdAt: users.createdAt,
};
const DEFAULT_ORDER = [asc(users.username), asc(users.id)];

/** The columns of a list row (the list, the export). */
const LIST_COLUMNS = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  status: users.status,
  companyId: users.companyId,
  orgCode: users.orgCode,
  googleAuthBound: sql<boolean>`${users.totpSecret} is not null`,
  ipWhitelist: users.ipWhitelist,
  hideHeaderItems: users.hideHeaderItems,
  phone: users.phone,
  email: users.email,
  countryCode: users.countryCode,
  createdAt: users.createdAt,
};

/** Users whose username or real name contains `text` (one search box: the user list, pickers). */
const nameContains = (text: string): SQL | undefined =>
  or(ilike(users.username, likeText(text)), ilike(users.realname, likeText(text)));

/** The columns data rules on the user list may name (System → Roles, a role's data rules). */
export const USER_LIST_RULES = dataRuleList('system:user:list', {
  username: users.username,
  realname: users.realname,
  status: users.status,
  orgCode: users.orgCode,
  email: users.email,
  phone: users.phone,
  companyId: { column: users.companyId, company: true },
});

/** SQL of the users table. */
export class UserRepo {
  constructor(private readonly db: Db) {}

  /** `rules`: the caller's data rules on the list (USER_LIST_RULES). */
  private where(scope: DataScope, f: ListFilters, rules?: SQL): SQL | undefined {
    return and(
      scopeCondition(scope, users.companyId),
      rules,
      f.username ? ilike(users.username, likeText(f.username)) : undefined,
      f.realname ? ilike(users.realname, likeText(f.realname)) : undefined,
      f.status ? eq(users.status, Number(f.status)) : undefined,
      f.keyword ? nameContains(f.keyword) : undefined,
      f.phone ? ilike(users.phone, likeText(f.phone)) : undefined,
      f.email ? ilike(users.email, likeText(f.email)) : undefined,
      f.companyId ? eq(users.companyId, f.companyId) : undefined,
      f.departId
        ? exists(
            executor(this.db)
              .select({ one: sql`1` })
              .from(userDepartments)
              .where(and(eq(userDepartments.userId, users.id), eq(userDepartments.departmentId, f.departId))),
          )
        : undefined,
      f.roleId
        ? exists(
            executor(this.db)
              .select({ one: sql`1` })
              .from(userRoles)
              .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, f.roleId))),
          )
        : undefined,
    );
  }

  async countList(scope: DataScope, filters: ListFilters, rules?: SQL): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(this.where(scope, filters, rules));
    return Number(row?.total ?? 0);
  }

  list(scope: DataScope, filters: ListFilters, limit: number, offset: number, rules?: SQL) {
    return executor(this.db)
      .select(LIST_COLUMNS)
      .from(users)
      .where(this.where(scope, filters, rules))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  /** Users whose country is `code`. */
  async countInCountry(code: string): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.countryCode, code));
    return Number(row?.n ?? 0);
  }

  /** One user as the list shows it, in the scope. */
  async listRow(scope: DataScope, id: string) {
    const [row] = await executor(this.db)
      .select(LIST_COLUMNS)
      .from(users)
      .where(and(eq(users.id, id), scopeCondition(scope, users.companyId)))
      .limit(1);
    return row;
  }

  // Roles and departments of users (the tables of the permission and depart modules).

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
  async rolesOfUsers(userIds: string[]) {
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
  async setRoles(userId: string, roleIds: string[]) {
    await executor(this.db).delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0)
      await executor(this.db)
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
  }

  /** Departments of each user, with both names (users without any are absent). */
  async departsOfUsers(userIds: string[]) {
    const byUser = new Map<string, { id: string; orgCode: string; name: string; nameZh: string | null }[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor(this.db)
      .select({
        userId: userDepartments.userId,
        id: departments.id,
        orgCode: departments.orgCode,
        name: departments.departName,
        nameZh: departments.departNameZh,
      })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(inUuids(userDepartments.userId, userIds))
      .orderBy(asc(departments.orgCode));
    for (const { userId, ...d } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), d]);
    return byUser;
  }

  /** Makes the user a member of exactly these departments. */
  async setDeparts(userId: string, departIds: string[]) {
    await executor(this.db).delete(userDepartments).where(eq(userDepartments.userId, userId));
    if (departIds.length > 0)
      await executor(this.db)
        .insert(userDepartments)
        .values(departIds.map((departmentId) => ({ userId, departmentId })))
        .onConflictDoNothing();
  }

  /** Members of a department, in the scope. */
  membersOf(scope: DataScope, departId: string) {
    return executor(this.db)
      .select({ id: users.id, username: users.username, realname: users.realname, status: users.status })
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .where(and(eq(userDepartments.departmentId, departId), scopeCondition(scope, users.companyId)))
      .orderBy(asc(users.username));
  }

  async count(): Promise<number> {
    const [row] = await executor(this.db).select({ total: sql<number>`count(*)::int` }).from(users);
    return Number(row?.total ?? 0);
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await executor(this.db).select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await executor(this.db).select().from(users).where(eq(users.phone, phone)).limit(1);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await executor(this.db).select().from(users).where(eq(users.username, username)).limit(1);
    return row;
  }

  /** What a session needs to know of its user. */
  async authUser(id: string): Promise<AuthUser | undefined> {
    const [row] = await executor(this.db)
      .select({
        id: users.id,
        username: users.username,
        realname: users.realname,
        avatar: users.avatar,
        orgCode: users.orgCode,
        companyId: users.companyId,
        status: users.status,
        googleAuthBound: sql<boolean>`${users.totpSecret} is not null`,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  /** Active users among these ids (frozen ones are not). */
  async activeIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await executor(this.db)
      .select({ id: users.id })
      .from(users)
      .where(and(inUuids(users.id, ids), eq(users.status, 1)));
    return new Set(rows.map((r) => r.id));
  }

  /** Users of these companies. */
  async idsOfCompanies(companyIds: string[]): Promise<string[]> {
    if (companyIds.length === 0) return [];
    const rows = await executor(this.db)
      .select({ id: users.id })
      .from(users)
      .where(inUuids(users.companyId, companyIds));
    return rows.map((r) => r.id);
  }

  async companyIdsOf(ids: string[]): Promise<(string | null)[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .select({ companyId: users.companyId })
      .from(users)
      .where(inUuids(users.id, ids));
    return rows.map((r) => r.companyId);
  }

  async update(id: string, change: Partial<UserValues>): Promise<UserRow | undefined> {
    const [row] = await executor(this.db)
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Sets the status of these users; returns the ids that changed. */
  async setStatus(ids: string[], status: number): Promise<string[]> {
    const updated = await executor(this.db)
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(and(inArray(users.id, ids), ne(users.status, status)))
      .returning({ id: users.id });
    return updated.map((u) => u.id);
  }

  /** Records a TOTP step as used, only when it is later than the last one (a code works once). */
  async consumeTotpStep(id: string, step: number): Promise<boolean> {
    const updated = await executor(this.db)
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return updated.length === 1;
  }

  async insert(values: UserValues): Promise<UserRow> {
    const [row] = await executor(this.db).insert(users).values(values).returning();
    return row!;
  }

  /** Seeding: inserts the user unless one with this id exists; true when inserted. */
  async insertIfMissing(values: UserValues): Promise<boolean> {
    const rows = await executor(this.db)
      .insert(users)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Username exact; e-mail regardless of case; phone as stored (E.164). */
  async isTaken(field: 'username' | 'email' | 'phone', value: string, excludeId?: string): Promise<boolean> {
    const match = field === 'email' ? sql`lower(${users.email}) = lower(${value})` : eq(users[field], value);
    const rows = await executor(this.db)
      .select({ id: users.id })
      .from(users)
      .where(and(match, excludeId ? ne(users.id, excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  /** Users in the scope whose username or real name contains `text`, by username. */
  search(scope: DataScope, text: string | undefined, limit: number) {
    return executor(this.db)
      .select({ id: users.id, username: users.username, realname: users.realname, status: users.status })
      .from(users)
      .where(and(scopeCondition(scope, users.companyId), text ? nameContains(text) : undefined))
      .orderBy(asc(users.username))
      .limit(limit);
  }

  /** Names of these users that are in the scope (ids as one array parameter: any number fits). */
  namesInScope(ids: string[], scope: DataScope) {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select({ id: users.id, username: users.username, realname: users.realname })
      .from(users)
      .where(and(inUuids(users.id, ids), scopeCondition(scope, users.companyId)));
  }
}

import type { userListQuerySchema } from '@switchboard/contracts';
import { and, asc, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/access';
import { dataRuleList } from '../../platform/data-rules';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type UserValues = typeof users.$inferInsert;
/**
 * The list's filters; a department or role filter comes as `among`: the ids of its members (the
 * membership tables are the depart and permission modules', whose services answer them).
 */
export type ListFilters = Omit<
  z.output<typeof userListQuerySchema>,
  'pageNo' | 'pageSize' | 'departId' | 'roleId'
> & {
  among?: string[] | undefined;
};

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
      f.among ? inUuids(users.id, f.among) : undefined,
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

  /** Users among these ids, in the scope, by username (a department's members). */
  inScopeAmong(scope: DataScope, ids: string[]) {
    return executor(this.db)
      .select({ id: users.id, username: users.username, realname: users.realname, status: users.status })
      .from(users)
      .where(and(inUuids(users.id, ids), scopeCondition(scope, users.companyId)))
      .orderBy(asc(users.username));
  }

  /** How many users among these ids have `text` in their username or real name (all when no text). */
  async countAmong(ids: string[], text: string | undefined): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inUuids(users.id, ids), text ? nameContains(text) : undefined));
    return Number(row?.total ?? 0);
  }

  /** A page of the users among these ids with `text` in their username or real name, by username. */
  pageAmong(ids: string[], text: string | undefined, limit: number, offset: number) {
    return executor(this.db)
      .select({ id: users.id, username: users.username, realname: users.realname, status: users.status })
      .from(users)
      .where(and(inUuids(users.id, ids), text ? nameContains(text) : undefined))
      .orderBy(asc(users.username))
      .limit(limit)
      .offset(offset);
  }

  /** Which of these ids are users. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await executor(this.db).select({ id: users.id }).from(users).where(inUuids(users.id, ids));
    return new Set(rows.map((r) => r.id));
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

  /** The company of each of these users (null for the platform's). */
  async companiesOf(ids: string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await executor(this.db)
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(inUuids(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.companyId]));
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

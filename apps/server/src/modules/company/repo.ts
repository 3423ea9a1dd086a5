import type { COMPANY_SORTABLE, companyListQuerySchema } from '@switchboard/contracts';
import { and, asc, type Column, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, executor, rowsOf } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { companies } from './schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = typeof companies.$inferInsert;

export type ListFilters = Partial<Omit<z.output<typeof companyListQuerySchema>, 'pageNo' | 'pageSize'>>;

/** Columns the list sorts by: the whitelist of `column` (contracts' COMPANY_SORTABLE). */
const SORTABLE: Record<(typeof COMPANY_SORTABLE)[number], Column> = {
  name: companies.name,
  type: companies.type,
  approvalStatus: companies.approvalStatus,
  createdAt: companies.createdAt,
};
const DEFAULT_ORDER = [asc(companies.name), asc(companies.id)];

/** SQL of the companies table. */
export class CompanyRepo {
  constructor(private readonly db: Db) {}

  private where(scope: DataScope, filters: ListFilters): SQL | undefined {
    return and(
      scopeCondition(scope, companies.id),
      filters.name ? ilike(companies.name, likeText(filters.name)) : undefined,
      filters.type ? eq(companies.type, filters.type) : undefined,
      filters.approvalStatus ? eq(companies.approvalStatus, filters.approvalStatus) : undefined,
      filters.parentCompanyId ? eq(companies.parentCompanyId, filters.parentCompanyId) : undefined,
      filters.salesUserId ? eq(companies.salesUserId, filters.salesUserId) : undefined,
      filters.status === 'normal'
        ? and(eq(companies.frozen, false), eq(companies.enabled, true))
        : filters.status === 'frozen'
          ? eq(companies.frozen, true)
          : filters.status === 'disabled'
            ? eq(companies.enabled, false)
            : undefined,
    );
  }

  async count(scope: DataScope, filters: ListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(this.where(scope, filters));
    return Number(row?.total ?? 0);
  }

  list(scope: DataScope, filters: ListFilters, limit: number, offset: number) {
    return (
      executor(this.db)
        .select({
          id: companies.id,
          name: companies.name,
          type: companies.type,
          approvalStatus: companies.approvalStatus,
          parentCompanyId: companies.parentCompanyId,
          contactName: companies.contactName,
          phone: companies.phone,
          email: companies.email,
          frozen: companies.frozen,
          enabled: companies.enabled,
          salesUserId: companies.salesUserId,
          rejectReason: companies.rejectReason,
          createdAt: companies.createdAt,
        })
        .from(companies)
        .where(this.where(scope, filters))
        // The requested column, then by name and id (pages never overlap).
        .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
        .limit(limit)
        .offset(offset)
    );
  }

  async names(ids: string[]) {
    if (ids.length === 0) return [];
    return executor(this.db)
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inUuids(companies.id, ids));
  }

  /** Companies directly below these (their customers and agents). */
  async childrenOf(ids: string[]): Promise<{ id: string; parentCompanyId: string | null }[]> {
    if (ids.length === 0) return [];
    return executor(this.db)
      .select({ id: companies.id, parentCompanyId: companies.parentCompanyId })
      .from(companies)
      .where(inUuids(companies.parentCompanyId, ids));
  }

  async findMany(ids: string[]): Promise<CompanyRow[]> {
    if (ids.length === 0) return [];
    return executor(this.db).select().from(companies).where(inUuids(companies.id, ids));
  }

  async find(id: string): Promise<CompanyRow | undefined> {
    const [row] = await executor(this.db).select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  }

  /** A company and every company below it (its customers, and for a distributor its agents' too). */
  async subtreeIds(companyId: string): Promise<string[]> {
    const rows = await executor(this.db).execute<{ id: string }>(sql`
      with recursive tree(id) as (
        select ${companies.id} from ${companies} where ${companies.id} = ${companyId}
        union
        select c.id from ${companies} c join tree on c.parent_company_id = tree.id
      )
      select id from tree`);
    return rowsOf<{ id: string }>(rows).map((r) => r.id);
  }

  /**
   * What a sales user manages: the companies assigned to them and everything below those, and
   * the sign-ups nobody has taken yet (waiting for review, unassigned).
   */
  async salesScopeIds(salesUserId: string): Promise<string[]> {
    const rows = await executor(this.db).execute<{ id: string }>(sql`
      with recursive tree(id) as (
        select ${companies.id} from ${companies} where ${companies.salesUserId} = ${salesUserId}
        union
        select c.id from ${companies} c join tree on c.parent_company_id = tree.id
      )
      select id from tree
      union
      select ${companies.id} from ${companies}
      where ${companies.salesUserId} is null and ${companies.approvalStatus} = 'waiting'`);
    return rowsOf<{ id: string }>(rows).map((r) => r.id);
  }

  async update(id: string, values: Partial<CompanyValues>): Promise<CompanyRow | undefined> {
    const [row] = await executor(this.db)
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    return row;
  }

  /** Sets frozen or enabled on these companies; answers the ids whose value changed. */
  async setFlag(ids: string[], flag: 'frozen' | 'enabled', value: boolean): Promise<string[]> {
    const rows = await executor(this.db)
      .update(companies)
      .set({ [flag]: value, updatedAt: new Date() })
      .where(and(inUuids(companies.id, ids), ne(companies[flag], value)))
      .returning({ id: companies.id });
    return rows.map((r) => r.id);
  }

  /** Moves a company's approval from one of `from` to `to`, atomically; undefined if it was not. */
  async decide(
    id: string,
    from: CompanyRow['approvalStatus'][],
    change: Pick<CompanyValues, 'approvalStatus' | 'rejectReason'> & { salesUserIdIfNone?: string },
  ): Promise<CompanyRow | undefined> {
    const { salesUserIdIfNone, ...values } = change;
    const [row] = await executor(this.db)
      .update(companies)
      .set({
        ...values,
        ...(salesUserIdIfNone
          ? { salesUserId: sql`coalesce(${companies.salesUserId}, ${salesUserIdIfNone}::uuid)` }
          : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(companies.id, id), inArray(companies.approvalStatus, from)))
      .returning();
    return row;
  }

  async setIpWhitelist(id: string, rules: string[]): Promise<boolean> {
    const updated = await executor(this.db)
      .update(companies)
      .set({ ipWhitelist: rules, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    return updated.length > 0;
  }

  async insert(values: CompanyValues): Promise<CompanyRow> {
    const [row] = await executor(this.db).insert(companies).values(values).returning();
    return row!;
  }

  /** Seeding: a company with a known id, left as it is when it exists. */
  async insertIfMissing(values: CompanyValues) {
    await executor(this.db).insert(companies).values(values).onConflictDoNothing();
  }

  /** Whether a name (regardless of case), e-mail (regardless of case) or phone is taken. */
  async isTaken(field: 'name' | 'email' | 'phone', value: string, excludeId?: string): Promise<boolean> {
    const column = companies[field];
    const match = field === 'phone' ? eq(column, value) : sql`lower(${column}) = lower(${value})`;
    const rows = await executor(this.db)
      .select({ id: companies.id })
      .from(companies)
      .where(and(match, excludeId ? ne(companies.id, excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  }
}

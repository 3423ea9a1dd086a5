import type { RateGroupKind, SmsKind, SortQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import { companyRateGroups, gatewayOperatorPrices, operators, rateGroups, rates } from './schema';

export type RateGroupRow = typeof rateGroups.$inferSelect;
export type RateRow = typeof rates.$inferSelect;
export type RateValues = typeof rates.$inferInsert;
export type OperatorRow = typeof operators.$inferSelect;
export type GatewayPriceRow = typeof gatewayOperatorPrices.$inferSelect;

/**
 * Which groups a caller may list: all, or those of these owners plus these ids (and, with
 * `platform`, every group of the platform). `companyIds`: the companies counted in a group's
 * companyCount (those of the caller's scope; null: every company).
 */
export type GroupVisibility =
  | { kind: 'all' }
  | { kind: 'some'; platform?: boolean; ownerIds: string[]; groupIds: string[]; companyIds: string[] | null };

export interface GroupFilters extends SortQuery {
  name?: string | undefined;
  kind?: RateGroupKind | undefined;
  owner?: string | undefined;
}

export interface RateFilters extends SortQuery {
  countryCode?: string | undefined;
  smsKind?: SmsKind | undefined;
  mcc?: string | undefined;
  mnc?: string | undefined;
  prefix?: string | undefined;
}

export interface OperatorFilters extends SortQuery {
  countryCode?: string | undefined;
  name?: string | undefined;
  mcc?: string | undefined;
}

export interface GatewayFilters extends SortQuery {
  gateway?: string | undefined;
  countryCode?: string | undefined;
  kind?: RateGroupKind | undefined;
}

// Written out: selecting from one table, drizzle leaves columns unqualified ("id" would be the
// subquery's own).
const rateCount = sql<number>`(select count(*)::int from rates r where r.group_id = rate_groups.id)`;
const companyCount = sql<number>`(select count(*)::int from company_rate_groups c where c.group_id = rate_groups.id)`;

/** What each list sorts by: the whitelists of `column` (contracts' RATE_GROUP_SORTABLE, …). */
const GROUP_SORTABLE = {
  name: rateGroups.name,
  kind: rateGroups.kind,
  rateCount,
  companyCount,
  createdAt: rateGroups.createdAt,
  updatedAt: rateGroups.updatedAt,
};
const RATE_SORTABLE = {
  countryCode: rates.countryCode,
  smsKind: rates.smsKind,
  prefix: rates.prefix,
  mcc: rates.mcc,
  price: rates.price,
  updatedAt: rates.updatedAt,
};
const OPERATOR_SORTABLE = {
  countryCode: operators.countryCode,
  mcc: operators.mcc,
  name: operators.name,
  updatedAt: operators.updatedAt,
};
const GATEWAY_SORTABLE = {
  gateway: gatewayOperatorPrices.gateway,
  kind: gatewayOperatorPrices.kind,
  countryCode: gatewayOperatorPrices.countryCode,
  mcc: gatewayOperatorPrices.mcc,
  cost: gatewayOperatorPrices.cost,
  updatedAt: gatewayOperatorPrices.updatedAt,
};

/** SQL of rate groups, rates, assignments, operators and gateway costs. */
export class RateRepo {
  constructor(private readonly db: Db) {}

  /** How many rates, operators and gateway costs name a country (a country in use is not deleted). */
  async countryUsage(code: string): Promise<{ rates: number; operators: number; costs: number }> {
    const count = (table: typeof rates | typeof operators | typeof gatewayOperatorPrices) =>
      sql<number>`(select count(*)::int from ${table} where ${table.countryCode} = ${code})`;
    const [row] = await executor(this.db)
      .select({ rates: count(rates), operators: count(operators), costs: count(gatewayOperatorPrices) })
      .from(sql`(select 1) as one`);
    return {
      rates: Number(row?.rates ?? 0),
      operators: Number(row?.operators ?? 0),
      costs: Number(row?.costs ?? 0),
    };
  }

  // --- groups ---

  private groupWhere(visibility: GroupVisibility, filters: GroupFilters): SQL | undefined {
    const visible =
      visibility.kind === 'all'
        ? undefined
        : sql`(${visibility.ownerIds.length ? inUuids(rateGroups.ownerCompanyId, visibility.ownerIds) : sql`false`} or ${
            visibility.groupIds.length ? inUuids(rateGroups.id, visibility.groupIds) : sql`false`
          } or ${visibility.platform ? isNull(rateGroups.ownerCompanyId) : sql`false`})`;
    return and(
      visible,
      filters.name ? ilike(rateGroups.name, likeText(filters.name)) : undefined,
      filters.kind ? eq(rateGroups.kind, filters.kind) : undefined,
      filters.owner === 'platform'
        ? isNull(rateGroups.ownerCompanyId)
        : filters.owner
          ? eq(rateGroups.ownerCompanyId, filters.owner)
          : undefined,
    );
  }

  async countGroups(visibility: GroupVisibility, filters: GroupFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(rateGroups)
      .where(this.groupWhere(visibility, filters));
    return Number(row?.total ?? 0);
  }

  listGroups(visibility: GroupVisibility, filters: GroupFilters, limit: number, offset: number) {
    // Only the companies the caller may see are counted.
    const counted =
      visibility.kind === 'all' || visibility.companyIds === null
        ? undefined
        : visibility.companyIds.length
          ? inUuids(companyRateGroups.companyId, visibility.companyIds)
          : sql`false`;
    const scopedCompanyCount = sql<number>`(select count(*)::int from ${companyRateGroups} where ${and(
      eq(companyRateGroups.groupId, rateGroups.id),
      counted,
    )})`;
    return executor(this.db)
      .select({
        id: rateGroups.id,
        name: rateGroups.name,
        kind: rateGroups.kind,
        ownerCompanyId: rateGroups.ownerCompanyId,
        remark: rateGroups.remark,
        isDefault: rateGroups.isDefault,
        rateCount,
        companyCount: scopedCompanyCount,
        createdAt: rateGroups.createdAt,
        updatedAt: rateGroups.updatedAt,
      })
      .from(rateGroups)
      .where(this.groupWhere(visibility, filters))
      .orderBy(
        // The count sorted by is the count shown: companies in the caller's scope only.
        ...orderByOf(filters, { ...GROUP_SORTABLE, companyCount: scopedCompanyCount }, [
          asc(rateGroups.kind),
          asc(rateGroups.name),
          asc(rateGroups.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
  }

  async findGroup(id: string, lock = false): Promise<RateGroupRow | undefined> {
    const query = executor(this.db).select().from(rateGroups).where(eq(rateGroups.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertGroup(values: typeof rateGroups.$inferInsert): Promise<RateGroupRow> {
    const [row] = await executor(this.db).insert(rateGroups).values(values).returning();
    return row!;
  }

  /** The default group of an owner (null: the platform) and kind, if it has one. */
  async defaultGroupOf(
    ownerCompanyId: string | null,
    kind: RateGroupKind,
  ): Promise<RateGroupRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(rateGroups)
      .where(
        and(
          ownerCompanyId ? eq(rateGroups.ownerCompanyId, ownerCompanyId) : isNull(rateGroups.ownerCompanyId),
          eq(rateGroups.kind, kind),
          eq(rateGroups.isDefault, true),
        ),
      )
      .limit(1);
    return row;
  }

  /** Every group of these owners (null: the platform's) of a kind, by name. */
  groupsOfOwners(ownerCompanyIds: (string | null)[], kind: RateGroupKind): Promise<RateGroupRow[]> {
    const ids = ownerCompanyIds.filter((id): id is string => id !== null);
    const owners = [
      ...(ownerCompanyIds.includes(null) ? [isNull(rateGroups.ownerCompanyId)] : []),
      ...(ids.length > 0 ? [inUuids(rateGroups.ownerCompanyId, ids)] : []),
    ];
    if (owners.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(rateGroups)
      .where(and(eq(rateGroups.kind, kind), or(...owners)))
      .orderBy(asc(rateGroups.name), asc(rateGroups.id));
  }

  /**
   * Makes `id` the only default of its owner and kind (the others of that owner and kind stop being
   * one). In a transaction: two made at once for one owner and kind take turns (the second sees the
   * first's and unmarks it), instead of the second failing on the one-default index.
   */
  async makeDefault(group: Pick<RateGroupRow, 'id' | 'ownerCompanyId' | 'kind'>) {
    await executor(this.db).execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`rate-default:${group.ownerCompanyId ?? 'platform'}:${group.kind}`}, 0))`,
    );
    await executor(this.db)
      .update(rateGroups)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        and(
          group.ownerCompanyId
            ? eq(rateGroups.ownerCompanyId, group.ownerCompanyId)
            : isNull(rateGroups.ownerCompanyId),
          eq(rateGroups.kind, group.kind),
          eq(rateGroups.isDefault, true),
          sql`${rateGroups.id} <> ${group.id}`,
        ),
      );
    await executor(this.db)
      .update(rateGroups)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(rateGroups.id, group.id));
  }

  async updateGroup(id: string, values: { name: string; remark: string | null; isDefault?: boolean }) {
    await executor(this.db)
      .update(rateGroups)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(rateGroups.id, id));
  }

  /** Deletes these groups (their rates go with them); answers the ids deleted. */
  async deleteGroups(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .delete(rateGroups)
      .where(inUuids(rateGroups.id, ids))
      .returning({ id: rateGroups.id });
    return rows.map((r) => r.id);
  }

  /** Groups, locked for the rest of the transaction. */
  findGroups(ids: string[], lock = false): Promise<RateGroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const query = executor(this.db).select().from(rateGroups).where(inUuids(rateGroups.id, ids));
    return lock ? query.for('update') : query;
  }

  async groupNameTaken(ownerCompanyId: string | null, name: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: rateGroups.id })
      .from(rateGroups)
      .where(
        and(
          ownerCompanyId ? eq(rateGroups.ownerCompanyId, ownerCompanyId) : isNull(rateGroups.ownerCompanyId),
          sql`lower(${rateGroups.name}) = lower(${name})`,
          excludeId ? sql`${rateGroups.id} <> ${excludeId}` : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  // --- assignments ---

  async assignmentsOf(companyIds: string[]) {
    if (companyIds.length === 0) return [];
    return executor(this.db)
      .select({
        companyId: companyRateGroups.companyId,
        kind: companyRateGroups.kind,
        groupId: companyRateGroups.groupId,
        groupName: rateGroups.name,
      })
      .from(companyRateGroups)
      .innerJoin(rateGroups, eq(rateGroups.id, companyRateGroups.groupId))
      .where(inUuids(companyRateGroups.companyId, companyIds));
  }

  /** Companies a group is assigned to. */
  companiesOfGroup(groupId: string) {
    return executor(this.db)
      .select({ companyId: companyRateGroups.companyId })
      .from(companyRateGroups)
      .where(eq(companyRateGroups.groupId, groupId));
  }

  async assign(companyId: string, kind: RateGroupKind, groupId: string | null) {
    if (groupId === null) {
      await executor(this.db)
        .delete(companyRateGroups)
        .where(and(eq(companyRateGroups.companyId, companyId), eq(companyRateGroups.kind, kind)));
      return;
    }
    await executor(this.db)
      .insert(companyRateGroups)
      .values({ companyId, kind, groupId })
      .onConflictDoUpdate({
        target: [companyRateGroups.companyId, companyRateGroups.kind],
        set: { groupId, updatedAt: new Date() },
      });
  }

  /** How many companies each of these groups is assigned to (groups assigned to none are absent). */
  async assignedCounts(groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await executor(this.db)
      .select({ groupId: companyRateGroups.groupId, count: sql<number>`count(*)::int` })
      .from(companyRateGroups)
      .where(inUuids(companyRateGroups.groupId, groupIds))
      .groupBy(companyRateGroups.groupId);
    return new Map(rows.map((r) => [r.groupId, Number(r.count)]));
  }

  // --- rates ---

  private rateWhere(groupId: string, f: RateFilters): SQL | undefined {
    return and(
      eq(rates.groupId, groupId),
      f.countryCode ? eq(rates.countryCode, f.countryCode) : undefined,
      f.smsKind ? eq(rates.smsKind, f.smsKind) : undefined,
      f.mcc ? eq(rates.mcc, f.mcc) : undefined,
      f.mnc ? eq(rates.mnc, f.mnc) : undefined,
      f.prefix ? sql`${rates.prefix} like ${`${f.prefix.replace(/[\\%_]/g, '')}%`}` : undefined,
    );
  }

  async countRates(groupId: string, f: RateFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(rates)
      .where(this.rateWhere(groupId, f));
    return Number(row?.total ?? 0);
  }

  listRates(groupId: string, f: RateFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(rates)
      .where(this.rateWhere(groupId, f))
      .orderBy(
        ...orderByOf(f, RATE_SORTABLE, [
          asc(rates.countryCode),
          asc(rates.smsKind),
          sql`${rates.prefix} nulls first`,
          sql`${rates.mcc} nulls first`,
          asc(rates.mnc),
          asc(rates.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
  }

  /** Every rate of a group (resolution and the not-lower rule work on a whole group). */
  ratesOfGroup(groupId: string): Promise<RateRow[]> {
    return executor(this.db).select().from(rates).where(eq(rates.groupId, groupId));
  }

  ratesMatching(groupId: string, f: RateFilters): Promise<RateRow[]> {
    return executor(this.db).select().from(rates).where(this.rateWhere(groupId, f));
  }

  async findRate(id: string): Promise<RateRow | undefined> {
    const [row] = await executor(this.db).select().from(rates).where(eq(rates.id, id)).limit(1);
    return row;
  }

  findRates(ids: string[]): Promise<RateRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(rates).where(inUuids(rates.id, ids));
  }

  async insertRates(values: RateValues[]): Promise<RateRow[]> {
    if (values.length === 0) return [];
    const out: RateRow[] = [];
    // Chunks keep statements under the parameter limit.
    for (let i = 0; i < values.length; i += 500) {
      out.push(
        ...(await executor(this.db)
          .insert(rates)
          .values(values.slice(i, i + 500))
          .returning()),
      );
    }
    return out;
  }

  async updateRate(id: string, values: Partial<RateValues>) {
    await executor(this.db)
      .update(rates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(rates.id, id));
  }

  /** New prices for many rates of one group in one statement. */
  async setPrices(groupId: string, prices: { id: string; price: bigint }[]) {
    for (let i = 0; i < prices.length; i += 1000) {
      const chunk = prices.slice(i, i + 1000);
      const values = sql.join(
        chunk.map((p) => sql`(${p.id}::uuid, ${p.price.toString()}::numeric / 1000000)`),
        sql`, `,
      );
      await executor(this.db).execute(sql`
        update ${rates} set price = v.price, updated_at = now()
        from (values ${values}) as v(id, price)
        where ${rates.id} = v.id and ${rates.groupId} = ${groupId}`);
    }
  }

  async deleteRates(groupId: string, ids: string[]) {
    if (ids.length === 0) return;
    await executor(this.db)
      .delete(rates)
      .where(and(eq(rates.groupId, groupId), inUuids(rates.id, ids)));
  }

  // --- operators ---

  listOperators(): Promise<OperatorRow[]> {
    return executor(this.db).select().from(operators);
  }

  private operatorWhere(f: OperatorFilters) {
    return and(
      f.countryCode ? eq(operators.countryCode, f.countryCode) : undefined,
      f.name ? ilike(operators.name, likeText(f.name)) : undefined,
      f.mcc ? eq(operators.mcc, f.mcc) : undefined,
    );
  }

  async countOperators(f: OperatorFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(operators)
      .where(this.operatorWhere(f));
    return Number(row?.total ?? 0);
  }

  pageOfOperators(f: OperatorFilters, limit: number, offset: number): Promise<OperatorRow[]> {
    return executor(this.db)
      .select()
      .from(operators)
      .where(this.operatorWhere(f))
      .orderBy(
        ...orderByOf(f, OPERATOR_SORTABLE, [
          asc(operators.countryCode),
          asc(operators.mcc),
          asc(operators.mnc),
          asc(operators.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
  }

  async findOperator(id: string): Promise<OperatorRow | undefined> {
    const [row] = await executor(this.db).select().from(operators).where(eq(operators.id, id)).limit(1);
    return row;
  }

  async insertOperator(values: typeof operators.$inferInsert): Promise<OperatorRow> {
    const [row] = await executor(this.db).insert(operators).values(values).returning();
    return row!;
  }

  async updateOperator(id: string, values: Partial<typeof operators.$inferInsert>) {
    const [row] = await executor(this.db)
      .update(operators)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(operators.id, id))
      .returning();
    return row;
  }

  /** Deletes these operators; answers the ids deleted. */
  async deleteOperators(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .delete(operators)
      .where(inUuids(operators.id, ids))
      .returning({ id: operators.id });
    return rows.map((r) => r.id);
  }

  /** Operators with these MCC/MNC pairs (an import replaces the ones it names). */
  operatorsByCodes(pairs: { mcc: string; mnc: string }[]): Promise<OperatorRow[]> {
    if (pairs.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(operators)
      .where(
        sql`(${operators.mcc} || '/' || ${operators.mnc}) = any(${sql.param(pairs.map((p) => `${p.mcc}/${p.mnc}`))}::text[])`,
      );
  }

  async upsertOperator(values: typeof operators.$inferInsert) {
    await executor(this.db)
      .insert(operators)
      .values(values)
      .onConflictDoUpdate({
        target: [operators.mcc, operators.mnc],
        set: { name: values.name, countryCode: values.countryCode, prefixes: values.prefixes },
      });
  }

  // --- gateway costs ---

  private gatewayWhere(f: GatewayFilters) {
    return and(
      f.gateway ? ilike(gatewayOperatorPrices.gateway, likeText(f.gateway)) : undefined,
      f.countryCode ? eq(gatewayOperatorPrices.countryCode, f.countryCode) : undefined,
      f.kind ? eq(gatewayOperatorPrices.kind, f.kind) : undefined,
    );
  }

  async countGatewayPrices(f: GatewayFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(gatewayOperatorPrices)
      .where(this.gatewayWhere(f));
    return Number(row?.total ?? 0);
  }

  listGatewayPrices(f: GatewayFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(gatewayOperatorPrices)
      .where(this.gatewayWhere(f))
      .orderBy(
        ...orderByOf(f, GATEWAY_SORTABLE, [
          asc(gatewayOperatorPrices.countryCode),
          asc(gatewayOperatorPrices.gateway),
          sql`${gatewayOperatorPrices.mcc} nulls first`,
          asc(gatewayOperatorPrices.mnc),
          asc(gatewayOperatorPrices.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
  }

  gatewayPricesFor(kind: RateGroupKind, countryCode: string): Promise<GatewayPriceRow[]> {
    return executor(this.db)
      .select()
      .from(gatewayOperatorPrices)
      .where(and(eq(gatewayOperatorPrices.kind, kind), eq(gatewayOperatorPrices.countryCode, countryCode)));
  }

  async findGatewayPrice(id: string): Promise<GatewayPriceRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(gatewayOperatorPrices)
      .where(eq(gatewayOperatorPrices.id, id))
      .limit(1);
    return row;
  }

  async insertGatewayPrice(values: typeof gatewayOperatorPrices.$inferInsert): Promise<GatewayPriceRow> {
    const [row] = await executor(this.db).insert(gatewayOperatorPrices).values(values).returning();
    return row!;
  }

  async updateGatewayPrice(id: string, values: Partial<typeof gatewayOperatorPrices.$inferInsert>) {
    const [row] = await executor(this.db)
      .update(gatewayOperatorPrices)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(gatewayOperatorPrices.id, id))
      .returning();
    return row;
  }

  /** Deletes these gateway costs; answers the ids deleted. */
  async deleteGatewayPrices(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .delete(gatewayOperatorPrices)
      .where(inUuids(gatewayOperatorPrices.id, ids))
      .returning({ id: gatewayOperatorPrices.id });
    return rows.map((r) => r.id);
  }

  /** Every gateway cost of these gateways (an import replaces the destinations it names). */
  gatewayPricesOf(gateways: string[]): Promise<GatewayPriceRow[]> {
    if (gateways.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(gatewayOperatorPrices)
      .where(sql`${gatewayOperatorPrices.gateway} = any(${sql.param(gateways)}::text[])`);
  }

  async insertGatewayPrices(values: (typeof gatewayOperatorPrices.$inferInsert)[]): Promise<number> {
    let count = 0;
    for (let i = 0; i < values.length; i += 500) {
      const rows = await executor(this.db)
        .insert(gatewayOperatorPrices)
        .values(values.slice(i, i + 500))
        .returning({ id: gatewayOperatorPrices.id });
      count += rows.length;
    }
    return count;
  }
}

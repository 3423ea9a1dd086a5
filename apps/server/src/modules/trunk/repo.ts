import type { SortQuery } from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import { voiceRoutes, voiceRouteTrunks, voiceSipAccounts, voiceTrunks } from './schema';

export type SipAccountRow = typeof voiceSipAccounts.$inferSelect;
export type SipAccountValues = typeof voiceSipAccounts.$inferInsert;
export type TrunkRow = typeof voiceTrunks.$inferSelect;
export type TrunkValues = typeof voiceTrunks.$inferInsert;
export type VoiceRouteRow = typeof voiceRoutes.$inferSelect;
export type VoiceRouteValues = typeof voiceRoutes.$inferInsert;

export type SipAccountFilters = SortQuery & { username?: string | undefined };
export type TrunkFilters = SortQuery & { name?: string | undefined; enabled?: boolean | undefined };
export type VoiceRouteFilters = SortQuery & { name?: string | undefined; countryCode?: string | undefined };

const SIP_SORTABLE = {
  username: voiceSipAccounts.username,
  realm: voiceSipAccounts.realm,
  createdAt: voiceSipAccounts.createdAt,
};
const TRUNK_SORTABLE = {
  name: voiceTrunks.name,
  host: voiceTrunks.host,
  maxCalls: voiceTrunks.maxCalls,
  cps: voiceTrunks.cps,
  enabled: voiceTrunks.enabled,
  createdAt: voiceTrunks.createdAt,
};
const ROUTE_SORTABLE = {
  name: voiceRoutes.name,
  sortOrder: voiceRoutes.sortOrder,
  countryCode: voiceRoutes.countryCode,
  prefix: voiceRoutes.prefix,
  createdAt: voiceRoutes.createdAt,
};

const sipWhere = (f: SipAccountFilters) =>
  f.username ? ilike(voiceSipAccounts.username, likeText(f.username)) : undefined;
const trunkWhere = (f: TrunkFilters): SQL | undefined =>
  and(
    f.name
      ? or(ilike(voiceTrunks.name, likeText(f.name)), ilike(voiceTrunks.host, likeText(f.name)))
      : undefined,
    f.enabled !== undefined ? eq(voiceTrunks.enabled, f.enabled) : undefined,
  );
const routeWhere = (f: VoiceRouteFilters): SQL | undefined =>
  and(
    f.name ? ilike(voiceRoutes.name, likeText(f.name)) : undefined,
    f.countryCode ? eq(voiceRoutes.countryCode, f.countryCode) : undefined,
  );

const count = sql<number>`count(*)::int`;

/** The only SQL of trunks, SIP accounts and voice routes (the live state: state-repo; the calls' places: calls-repo). */
export class TrunkRepo {
  constructor(private readonly db: Db) {}

  // --- SIP accounts ---

  async countSipAccounts(f: SipAccountFilters): Promise<number> {
    const [row] = await executor(this.db).select({ total: count }).from(voiceSipAccounts).where(sipWhere(f));
    return Number(row?.total ?? 0);
  }

  listSipAccounts(f: SipAccountFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(voiceSipAccounts)
      .where(sipWhere(f))
      .orderBy(...orderByOf(f, SIP_SORTABLE, [desc(voiceSipAccounts.createdAt), asc(voiceSipAccounts.id)]))
      .limit(limit)
      .offset(offset);
  }

  async sipAccount(id: string): Promise<SipAccountRow | undefined> {
    const [row] = await executor(this.db).select().from(voiceSipAccounts).where(eq(voiceSipAccounts.id, id));
    return row;
  }

  sipAccountsByIds(ids: readonly string[]): Promise<SipAccountRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(voiceSipAccounts).where(inUuids(voiceSipAccounts.id, ids));
  }

  async insertSipAccount(values: SipAccountValues): Promise<SipAccountRow> {
    const [row] = await executor(this.db).insert(voiceSipAccounts).values(values).returning();
    return row!;
  }

  async updateSipAccount(id: string, values: Partial<SipAccountValues>): Promise<SipAccountRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceSipAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voiceSipAccounts.id, id))
      .returning();
    return row;
  }

  async deleteSipAccounts(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceSipAccounts)
      .where(inUuids(voiceSipAccounts.id, ids))
      .returning({ id: voiceSipAccounts.id });
    return rows.length;
  }

  /** Trunks per SIP account (id → trunk names). */
  async trunksOfSipAccounts(ids: readonly string[]): Promise<{ sipAccountId: string; name: string }[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .select({ sipAccountId: voiceTrunks.sipAccountId, name: voiceTrunks.name })
      .from(voiceTrunks)
      .where(inArray(voiceTrunks.sipAccountId, [...ids]));
    return rows.map((r) => ({ sipAccountId: r.sipAccountId!, name: r.name }));
  }

  // --- trunks ---

  async countTrunks(f: TrunkFilters): Promise<number> {
    const [row] = await executor(this.db).select({ total: count }).from(voiceTrunks).where(trunkWhere(f));
    return Number(row?.total ?? 0);
  }

  listTrunks(f: TrunkFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(voiceTrunks)
      .where(trunkWhere(f))
      .orderBy(...orderByOf(f, TRUNK_SORTABLE, [desc(voiceTrunks.createdAt), asc(voiceTrunks.id)]))
      .limit(limit)
      .offset(offset);
  }

  allTrunks(): Promise<TrunkRow[]> {
    return executor(this.db).select().from(voiceTrunks).orderBy(asc(voiceTrunks.name));
  }

  async trunk(id: string): Promise<TrunkRow | undefined> {
    const [row] = await executor(this.db).select().from(voiceTrunks).where(eq(voiceTrunks.id, id));
    return row;
  }

  trunksByIds(ids: readonly string[]): Promise<TrunkRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(voiceTrunks).where(inUuids(voiceTrunks.id, ids));
  }

  async insertTrunk(values: TrunkValues): Promise<TrunkRow> {
    const [row] = await executor(this.db).insert(voiceTrunks).values(values).returning();
    return row!;
  }

  async insertTrunkIfMissing(values: TrunkValues): Promise<void> {
    await executor(this.db).insert(voiceTrunks).values(values).onConflictDoNothing();
  }

  async updateTrunk(id: string, values: Partial<TrunkValues>): Promise<TrunkRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceTrunks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voiceTrunks.id, id))
      .returning();
    return row;
  }

  async deleteTrunks(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceTrunks)
      .where(inUuids(voiceTrunks.id, ids))
      .returning({ id: voiceTrunks.id });
    return rows.length;
  }

  /** Names of the routes using each of these trunks. */
  async routesUsing(trunkIds: string[]): Promise<{ trunkId: string; name: string }[]> {
    if (trunkIds.length === 0) return [];
    return executor(this.db)
      .select({ trunkId: voiceRouteTrunks.trunkId, name: voiceRoutes.name })
      .from(voiceRouteTrunks)
      .innerJoin(voiceRoutes, eq(voiceRoutes.id, voiceRouteTrunks.routeId))
      .where(inArray(voiceRouteTrunks.trunkId, trunkIds));
  }

  // --- routes ---

  async countRoutes(f: VoiceRouteFilters): Promise<number> {
    const [row] = await executor(this.db).select({ total: count }).from(voiceRoutes).where(routeWhere(f));
    return Number(row?.total ?? 0);
  }

  listRoutes(f: VoiceRouteFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(voiceRoutes)
      .where(routeWhere(f))
      .orderBy(
        ...orderByOf(f, ROUTE_SORTABLE, [
          asc(voiceRoutes.sortOrder),
          asc(voiceRoutes.createdAt),
          asc(voiceRoutes.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
  }

  /** Every route in try order (sort order, then creation). */
  allRoutes(): Promise<VoiceRouteRow[]> {
    return executor(this.db)
      .select()
      .from(voiceRoutes)
      .orderBy(asc(voiceRoutes.sortOrder), asc(voiceRoutes.createdAt), asc(voiceRoutes.id));
  }

  async route(id: string): Promise<VoiceRouteRow | undefined> {
    const [row] = await executor(this.db).select().from(voiceRoutes).where(eq(voiceRoutes.id, id));
    return row;
  }

  routesByIds(ids: readonly string[]): Promise<VoiceRouteRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(voiceRoutes).where(inUuids(voiceRoutes.id, ids));
  }

  async insertRoute(values: VoiceRouteValues): Promise<VoiceRouteRow> {
    const [row] = await executor(this.db).insert(voiceRoutes).values(values).returning();
    return row!;
  }

  async updateRoute(id: string, values: Partial<VoiceRouteValues>): Promise<VoiceRouteRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceRoutes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voiceRoutes.id, id))
      .returning();
    return row;
  }

  async deleteRoutes(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceRoutes)
      .where(inUuids(voiceRoutes.id, ids))
      .returning({ id: voiceRoutes.id });
    return rows.length;
  }

  async setRouteTrunks(routeId: string, trunkIds: string[]): Promise<void> {
    await executor(this.db).delete(voiceRouteTrunks).where(eq(voiceRouteTrunks.routeId, routeId));
    if (trunkIds.length === 0) return;
    await executor(this.db)
      .insert(voiceRouteTrunks)
      .values(trunkIds.map((trunkId, position) => ({ routeId, trunkId, position })));
  }

  /** The trunks of these routes (every route without `routeIds`), in position order. */
  routeTrunks(
    routeIds?: readonly string[],
  ): Promise<{ routeId: string; trunkId: string; position: number }[]> {
    if (routeIds && routeIds.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select({
        routeId: voiceRouteTrunks.routeId,
        trunkId: voiceRouteTrunks.trunkId,
        position: voiceRouteTrunks.position,
      })
      .from(voiceRouteTrunks)
      .where(routeIds ? inUuids(voiceRouteTrunks.routeId, routeIds) : undefined)
      .orderBy(asc(voiceRouteTrunks.routeId), asc(voiceRouteTrunks.position));
  }
}

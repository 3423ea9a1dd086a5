import type { SmsKind, SortQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import type { RouteRule } from './match';
import { smsCustomerGateways, smsGatewayGrants, smsRouteGateways, smsRoutes } from './schema';

export type RouteRow = typeof smsRoutes.$inferSelect;
export type RouteValues = Omit<typeof smsRoutes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type RouteWithGateways = RouteRow & { gateways: { gatewayId: string; weight: number }[] };

export interface RouteFilters extends SortQuery {
  /** Routes of every company but these are left out (a sales user's scope); undefined: all. */
  scopeIds?: string[] | undefined;
  name?: string | undefined;
  companyId?: string | undefined;
  smsKind?: SmsKind | undefined;
  countryCode?: string | undefined;
  gatewayId?: string | undefined;
}

const SORTABLE = {
  sortOrder: smsRoutes.sortOrder,
  name: smsRoutes.name,
  smsKind: smsRoutes.smsKind,
  countryCode: smsRoutes.countryCode,
  enabled: smsRoutes.enabled,
  updatedAt: smsRoutes.updatedAt,
};

/** SQL of routes, their gateways, gateway grants and resellers' choices for their customers. */
export class RoutingRepo {
  constructor(private readonly db: Db) {}

  /** How many routes match a country (a country in use is not deleted). */
  async countryUsage(code: string): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(smsRoutes)
      .where(eq(smsRoutes.countryCode, code));
    return Number(row?.total ?? 0);
  }

  private where(f: RouteFilters): SQL | undefined {
    return and(
      f.name ? ilike(smsRoutes.name, likeText(f.name)) : undefined,
      f.companyId ? eq(smsRoutes.companyId, f.companyId) : undefined,
      f.smsKind ? eq(smsRoutes.smsKind, f.smsKind) : undefined,
      f.countryCode ? eq(smsRoutes.countryCode, f.countryCode) : undefined,
      f.scopeIds
        ? sql`(${smsRoutes.companyId} is null or ${f.scopeIds.length ? inUuids(smsRoutes.companyId, f.scopeIds) : sql`false`})`
        : undefined,
      f.gatewayId
        ? sql`exists (select 1 from ${smsRouteGateways} g where g.route_id = ${smsRoutes.id} and g.gateway_id = ${f.gatewayId})`
        : undefined,
    );
  }

  async count(f: RouteFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(smsRoutes)
      .where(this.where(f));
    return Number(row?.total ?? 0);
  }

  async page(f: RouteFilters, limit: number, offset: number): Promise<RouteWithGateways[]> {
    const rows = await executor(this.db)
      .select()
      .from(smsRoutes)
      .where(this.where(f))
      .orderBy(
        ...orderByOf(f, SORTABLE, [asc(smsRoutes.sortOrder), asc(smsRoutes.createdAt), asc(smsRoutes.id)]),
      )
      .limit(limit)
      .offset(offset);
    return this.withGateways(rows);
  }

  /** Every route in try order (sort order, then creation), with its gateways: what resolution matches. */
  async all(): Promise<RouteRule[]> {
    const rows = await executor(this.db)
      .select()
      .from(smsRoutes)
      .orderBy(asc(smsRoutes.sortOrder), asc(smsRoutes.createdAt), asc(smsRoutes.id));
    return (await this.withGateways(rows)).map((r) => ({
      ...r,
      smsKind: r.smsKind,
      strategy: r.strategy,
    }));
  }

  private async withGateways(rows: RouteRow[]): Promise<RouteWithGateways[]> {
    if (rows.length === 0) return [];
    const links = await executor(this.db)
      .select()
      .from(smsRouteGateways)
      .where(
        inUuids(
          smsRouteGateways.routeId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(smsRouteGateways.routeId), asc(smsRouteGateways.position));
    const byRoute = new Map<string, { gatewayId: string; weight: number }[]>();
    for (const l of links) {
      const list = byRoute.get(l.routeId) ?? [];
      list.push({ gatewayId: l.gatewayId, weight: l.weight });
      byRoute.set(l.routeId, list);
    }
    return rows.map((r) => ({ ...r, gateways: byRoute.get(r.id) ?? [] }));
  }

  async find(id: string): Promise<RouteWithGateways | undefined> {
    const rows = await executor(this.db).select().from(smsRoutes).where(eq(smsRoutes.id, id)).limit(1);
    return (await this.withGateways(rows))[0];
  }

  async insert(values: RouteValues, gateways: { gatewayId: string; weight: number }[]): Promise<string> {
    const [row] = await executor(this.db).insert(smsRoutes).values(values).returning({ id: smsRoutes.id });
    await this.setGateways(row!.id, gateways);
    return row!.id;
  }

  async update(id: string, values: RouteValues, gateways: { gatewayId: string; weight: number }[]) {
    const rows = await executor(this.db)
      .update(smsRoutes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smsRoutes.id, id))
      .returning({ id: smsRoutes.id });
    if (rows.length === 0) return false;
    await executor(this.db).delete(smsRouteGateways).where(eq(smsRouteGateways.routeId, id));
    await this.setGateways(id, gateways);
    return true;
  }

  private async setGateways(routeId: string, gateways: { gatewayId: string; weight: number }[]) {
    if (gateways.length === 0) return;
    await executor(this.db)
      .insert(smsRouteGateways)
      .values(
        gateways.map((g, position) => ({ routeId, gatewayId: g.gatewayId, weight: g.weight, position })),
      );
  }

  async delete(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor(this.db)
      .delete(smsRoutes)
      .where(inUuids(smsRoutes.id, ids))
      .returning({ id: smsRoutes.id });
    return rows.map((r) => r.id);
  }

  // --- grants and choices ---

  async grantsOf(companyIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (companyIds.length === 0) return out;
    const rows = await executor(this.db)
      .select({ companyId: smsGatewayGrants.companyId, gatewayId: smsGatewayGrants.gatewayId })
      .from(smsGatewayGrants)
      .where(inUuids(smsGatewayGrants.companyId, companyIds));
    for (const r of rows) out.set(r.companyId, [...(out.get(r.companyId) ?? []), r.gatewayId]);
    return out;
  }

  async choicesOf(companyIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (companyIds.length === 0) return out;
    const rows = await executor(this.db)
      .select({ companyId: smsCustomerGateways.companyId, gatewayId: smsCustomerGateways.gatewayId })
      .from(smsCustomerGateways)
      .where(inUuids(smsCustomerGateways.companyId, companyIds));
    for (const r of rows) out.set(r.companyId, [...(out.get(r.companyId) ?? []), r.gatewayId]);
    return out;
  }

  async setGrants(companyId: string, gatewayIds: string[]) {
    await executor(this.db).delete(smsGatewayGrants).where(eq(smsGatewayGrants.companyId, companyId));
    if (gatewayIds.length > 0)
      await executor(this.db)
        .insert(smsGatewayGrants)
        .values(gatewayIds.map((gatewayId) => ({ companyId, gatewayId })));
  }

  async setChoices(companyId: string, gatewayIds: string[]) {
    await executor(this.db).delete(smsCustomerGateways).where(eq(smsCustomerGateways.companyId, companyId));
    if (gatewayIds.length > 0)
      await executor(this.db)
        .insert(smsCustomerGateways)
        .values(gatewayIds.map((gatewayId) => ({ companyId, gatewayId })));
  }

  /** Drops the choices of these companies that are not among `keep` (a reseller's grants narrowed). */
  async pruneChoices(companyIds: string[], keep: string[]) {
    if (companyIds.length === 0) return;
    await executor(this.db)
      .delete(smsCustomerGateways)
      .where(
        and(
          inUuids(smsCustomerGateways.companyId, companyIds),
          keep.length > 0 ? sql`not (${inUuids(smsCustomerGateways.gatewayId, keep)})` : undefined,
        ),
      );
  }
}

import type { SortQuery } from '@switchboard/contracts';
import { and, asc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { inUuids, likeText } from '../../platform/sql';
import { smsGatewayBinds, smsGateways } from './schema';

export type GatewayRow = typeof smsGateways.$inferSelect;
export type GatewayValues = typeof smsGateways.$inferInsert;
export type GatewayBindRow = typeof smsGatewayBinds.$inferSelect;
export type GatewayFilters = SortQuery & { name?: string; enabled?: boolean };

const SORTABLE = {
  name: smsGateways.name,
  host: smsGateways.host,
  systemId: smsGateways.systemId,
  binds: smsGateways.binds,
  windowSize: smsGateways.windowSize,
  tps: smsGateways.tps,
  enabled: smsGateways.enabled,
  createdAt: smsGateways.createdAt,
};
const DEFAULT_ORDER = [asc(smsGateways.name), asc(smsGateways.id)];

function where(filters: GatewayFilters): SQL | undefined {
  const name = filters.name ? likeText(filters.name) : undefined;
  return and(
    name
      ? or(ilike(smsGateways.name, name), ilike(smsGateways.host, name), ilike(smsGateways.systemId, name))
      : undefined,
    filters.enabled === undefined ? undefined : eq(smsGateways.enabled, filters.enabled),
  );
}

/** The only SQL of the gateway tables. */
export class GatewayRepo {
  constructor(private readonly db: Db) {}

  async count(filters: GatewayFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(smsGateways)
      .where(where(filters));
    return Number(row?.total ?? 0);
  }

  list(filters: GatewayFilters, limit: number, offset: number): Promise<GatewayRow[]> {
    return executor(this.db)
      .select()
      .from(smsGateways)
      .where(where(filters))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  all(): Promise<GatewayRow[]> {
    return executor(this.db)
      .select()
      .from(smsGateways)
      .orderBy(...DEFAULT_ORDER);
  }

  /** Ids, names and the enabled flag (never the bind settings) of these gateways, or of all. */
  options(ids?: readonly string[]) {
    return executor(this.db)
      .select({ id: smsGateways.id, name: smsGateways.name, enabled: smsGateways.enabled })
      .from(smsGateways)
      .where(ids ? inUuids(smsGateways.id, ids) : undefined)
      .orderBy(...DEFAULT_ORDER);
  }

  async byId(id: string): Promise<GatewayRow | undefined> {
    const [row] = await executor(this.db).select().from(smsGateways).where(eq(smsGateways.id, id));
    return row;
  }

  byIds(ids: string[]): Promise<GatewayRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(smsGateways).where(inUuids(smsGateways.id, ids));
  }

  /** Names already used (any case), among `names`; `excludeId` is the row being edited. */
  async takenNames(names: string[], excludeId?: string): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await executor(this.db)
      .select({ name: smsGateways.name })
      .from(smsGateways)
      .where(
        and(
          inArray(
            sql`lower(${smsGateways.name})`,
            names.map((n) => n.toLowerCase()),
          ),
          excludeId ? ne(smsGateways.id, excludeId) : undefined,
        ),
      );
    return rows.map((r) => r.name);
  }

  async insert(values: GatewayValues): Promise<GatewayRow> {
    const [row] = await executor(this.db).insert(smsGateways).values(values).returning();
    return row!;
  }

  async insertIfMissing(values: GatewayValues): Promise<void> {
    await executor(this.db).insert(smsGateways).values(values).onConflictDoNothing();
  }

  async update(id: string, values: Partial<GatewayValues>): Promise<GatewayRow | undefined> {
    const [row] = await executor(this.db)
      .update(smsGateways)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smsGateways.id, id))
      .returning();
    return row;
  }

  async deleteMany(ids: string[]): Promise<string[]> {
    const rows = await executor(this.db)
      .delete(smsGateways)
      .where(inUuids(smsGateways.id, ids))
      .returning({ id: smsGateways.id });
    return rows.map((r) => r.id);
  }

  // --- live bind state (sms_gateway_binds) ---

  binds(): Promise<GatewayBindRow[]> {
    return executor(this.db).select().from(smsGatewayBinds);
  }

  bindsOf(gatewayId: string): Promise<GatewayBindRow[]> {
    return executor(this.db).select().from(smsGatewayBinds).where(eq(smsGatewayBinds.gatewayId, gatewayId));
  }

  /** Writes a slot's state (as its owner); a gateway deleted meanwhile is skipped. */
  async putBind(row: GatewayBindRow): Promise<void> {
    await executor(this.db)
      .insert(smsGatewayBinds)
      .select(
        sql`select ${row.gatewayId}::uuid, ${row.slot}::smallint, ${row.state}, ${row.lastError}, ${row.since.toISOString()}::timestamptz, ${row.owner}, ${row.seenAt.toISOString()}::timestamptz where exists (select 1 from ${smsGateways} where ${smsGateways.id} = ${row.gatewayId})`,
      )
      .onConflictDoUpdate({
        target: [smsGatewayBinds.gatewayId, smsGatewayBinds.slot],
        set: {
          state: sql`excluded.state`,
          lastError: sql`excluded.last_error`,
          since: sql`excluded.since`,
          owner: sql`excluded.owner`,
          seenAt: sql`excluded.seen_at`,
        },
      });
  }

  /** The owner still holds these slots (refreshes seenAt). */
  async touchBinds(owner: string, at: Date): Promise<void> {
    await executor(this.db)
      .update(smsGatewayBinds)
      .set({ seenAt: at })
      .where(eq(smsGatewayBinds.owner, owner));
  }

  async deleteBind(gatewayId: string, slot: number, owner: string): Promise<void> {
    await executor(this.db)
      .delete(smsGatewayBinds)
      .where(
        and(
          eq(smsGatewayBinds.gatewayId, gatewayId),
          eq(smsGatewayBinds.slot, slot),
          eq(smsGatewayBinds.owner, owner),
        ),
      );
  }

  /** Rows of slots no process refreshed since `before` (their owner is gone). */
  async deleteStaleBinds(before: Date): Promise<void> {
    await executor(this.db).delete(smsGatewayBinds).where(lt(smsGatewayBinds.seenAt, before));
  }
}

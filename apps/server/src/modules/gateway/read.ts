import { asc, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { inUuids } from '../../platform/sql';
import { smsGateways } from './schema';

/**
 * A minimal read-only view of the gateways, for the routing module (routes name gateways, grants
 * give them to resellers) until the gateway module's service answers it (`namesOf`, `get`): ids,
 * names and the enabled flag, never the bind settings.
 */
export interface GatewayOption {
  id: string;
  name: string;
  enabled: boolean;
}

/** These gateways (every gateway when `ids` is undefined), by name. */
export function gatewayOptions(db: Db, ids?: readonly string[]): Promise<GatewayOption[]> {
  if (ids && ids.length === 0) return Promise.resolve([]);
  return executor(db)
    .select({ id: smsGateways.id, name: smsGateways.name, enabled: smsGateways.enabled })
    .from(smsGateways)
    .where(ids ? inUuids(smsGateways.id, ids) : undefined)
    .orderBy(asc(sql`lower(${smsGateways.name})`), asc(smsGateways.id));
}

/** Names of these gateways, by id. */
export async function gatewayNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await gatewayOptions(db, ids)).map((g) => [g.id, g.name]));
}

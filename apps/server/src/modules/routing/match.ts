import type { RouteStrategy, SmsKind } from '@switchboard/contracts';

/**
 * Pure rules of routing: which route matches a message, the order its gateways are tried in, and
 * which gateways a company may use. No I/O: unit-tested with tables of cases.
 */

/** What matching needs of a route (gateways in priority order). */
export interface RouteRule {
  id: string;
  name: string;
  companyId: string | null;
  smsKind: SmsKind | null;
  countryCode: string | null;
  mcc: string | null;
  mnc: string | null;
  prefix: string | null;
  /** Minutes after midnight (UTC); both null: all day. */
  startMinute: number | null;
  endMinute: number | null;
  enabled: boolean;
  sortOrder: number;
  strategy: RouteStrategy;
  gateways: { gatewayId: string; weight: number }[];
}

/** A message to route. */
export interface RouteQuery {
  companyId: string;
  kind: SmsKind;
  /** International digits. */
  number: string;
  countryCode: string;
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  at: Date;
}

/** 'HH:MM' → minutes after midnight. */
export const minuteOf = (time: string): number => {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
};
/** Minutes after midnight → 'HH:MM'. */
export const timeOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Whether `at` (UTC) is inside a daily window [start, end): a window whose end is before its start
 * crosses midnight (22:00–06:00 holds 23:30 and 05:59, not 06:00).
 */
export function inWindow(start: number | null, end: number | null, at: Date): boolean {
  if (start === null || end === null) return true;
  const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether a route's matchers hold for a message (its gateways aside). */
export function routeMatches(route: RouteRule, q: RouteQuery): boolean {
  if (!route.enabled) return false;
  if (route.companyId !== null && route.companyId !== q.companyId) return false;
  // Premium OTP goes over premium routes only; other kinds match their own kind or "all kinds".
  if (
    q.kind === 'premium_otp'
      ? route.smsKind !== 'premium_otp'
      : route.smsKind !== null && route.smsKind !== q.kind
  )
    return false;
  if (route.countryCode !== null && route.countryCode !== q.countryCode) return false;
  if (route.mcc !== null) {
    if (!q.mcc || q.mcc !== route.mcc) return false;
    if (route.mnc !== null && q.mnc !== route.mnc) return false;
  }
  if (route.prefix !== null && !q.number.startsWith(route.prefix)) return false;
  return inWindow(route.startMinute, route.endMinute, q.at);
}

/** Routes in the order they are tried: sort order, then as listed (the repository's creation order). */
export function ordered<T extends { sortOrder: number }>(routes: readonly T[]): T[] {
  return routes
    .map((route, index) => ({ route, index }))
    .sort((a, b) => a.route.sortOrder - b.route.sortOrder || a.index - b.index)
    .map((x) => x.route);
}

/**
 * The try order of a route's gateways (only those `usable`): priority keeps the route's order;
 * weighted draws the first with probability weight / total (gateways of weight 0 are never drawn
 * while another has weight), the rest follow by weight, heaviest first (ties in the route's order).
 * `random` answers [0, 1).
 */
export function gatewayOrder(
  strategy: RouteStrategy,
  gateways: readonly { gatewayId: string; weight: number }[],
  usable: (gatewayId: string) => boolean,
  random: () => number,
): string[] {
  const list = gateways.filter((g) => usable(g.gatewayId));
  if (strategy === 'priority' || list.length <= 1) return list.map((g) => g.gatewayId);
  const byWeight = list
    .map((g, index) => ({ g, index }))
    .sort((a, b) => b.g.weight - a.g.weight || a.index - b.index)
    .map((x) => x.g);
  const total = list.reduce((sum, g) => sum + g.weight, 0);
  if (total <= 0) return byWeight.map((g) => g.gatewayId);
  let point = random() * total;
  let first = list[list.length - 1]!;
  for (const g of list) {
    if (g.weight <= 0) continue;
    if (point < g.weight) {
      first = g;
      break;
    }
    point -= g.weight;
  }
  return [first.gatewayId, ...byWeight.filter((g) => g !== first).map((g) => g.gatewayId)];
}

/**
 * The decision for a message: the first route (in order) that matches and has at least one
 * gateway the company may use (a route all of whose gateways are off limits for the company is
 * passed over, so a later, wider route can still carry its traffic).
 */
export function decide(
  routes: readonly RouteRule[],
  q: RouteQuery,
  usable: (gatewayId: string) => boolean,
  random: () => number,
): { route: RouteRule; gatewayIds: string[] } | undefined {
  for (const route of ordered(routes)) {
    if (!routeMatches(route, q)) continue;
    const gatewayIds = gatewayOrder(route.strategy, route.gateways, usable, random);
    if (gatewayIds.length > 0) return { route, gatewayIds };
  }
  return undefined;
}

/** One company of a chain, from the platform down: its grants and what its parent chose for it. */
export interface ChainLink {
  companyId: string;
  /** Gateways the platform granted to it (resellers; empty: no limit). */
  granted: readonly string[];
  /** Gateways its parent reseller chose for it (empty: all the parent may use). */
  chosen: readonly string[];
}

/**
 * The gateways a company may use, from its chain (the top company first, the company last): every
 * non-empty grant and choice on the way narrows the set. undefined: no limit (a direct customer of
 * the platform, or nobody on the way limited it).
 */
export function allowedGateways(chain: readonly ChainLink[]): Set<string> | undefined {
  let allowed: Set<string> | undefined;
  const narrow = (ids: readonly string[]) => {
    if (ids.length === 0) return;
    allowed = allowed ? new Set(ids.filter((id) => allowed!.has(id))) : new Set(ids);
  };
  for (const link of chain) {
    narrow(link.chosen);
    narrow(link.granted);
  }
  return allowed;
}

/** A deterministic [0, 1) generator from a seed (mulberry32), for tests and reproducible draws. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

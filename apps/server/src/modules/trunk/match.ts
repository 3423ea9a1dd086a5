/**
 * Pure rules of voice routing: which route a call takes and the order its trunks are tried in
 * (the SMS routing module's rule shape: companies, country, prefix, sort order, first match wins,
 * a route none of whose trunks is usable passed over). No I/O: unit-tested with tables of cases.
 */

export interface VoiceRouteRule {
  id: string;
  name: string;
  companyId: string | null;
  countryCode: string | null;
  prefix: string | null;
  enabled: boolean;
  sortOrder: number;
  /** In failover order. */
  trunkIds: string[];
}

export interface VoiceCallQuery {
  companyId: string;
  /** International digits. */
  number: string;
  countryCode: string;
}

export function voiceRouteMatches(route: VoiceRouteRule, q: VoiceCallQuery): boolean {
  if (!route.enabled) return false;
  if (route.companyId !== null && route.companyId !== q.companyId) return false;
  if (route.countryCode !== null && route.countryCode !== q.countryCode) return false;
  return route.prefix === null || q.number.startsWith(route.prefix);
}

/**
 * The route of a call and its trunks in try order: routes by sort order (then as listed); the
 * first that matches with at least one usable (enabled) trunk. Within the route, trunks known to
 * be down go after the others (still tried: a monitor's view may be stale), each group keeping the
 * route's order.
 */
export function decideVoiceRoute(
  routes: readonly VoiceRouteRule[],
  q: VoiceCallQuery,
  usable: (trunkId: string) => boolean,
  down: (trunkId: string) => boolean,
): { route: VoiceRouteRule; trunkIds: string[] } | undefined {
  const inOrder = routes
    .map((route, index) => ({ route, index }))
    .sort((a, b) => a.route.sortOrder - b.route.sortOrder || a.index - b.index)
    .map((x) => x.route);
  for (const route of inOrder) {
    if (!voiceRouteMatches(route, q)) continue;
    const trunkIds = route.trunkIds.filter(usable);
    if (trunkIds.length === 0) continue;
    return { route, trunkIds: [...trunkIds.filter((id) => !down(id)), ...trunkIds.filter(down)] };
  }
  return undefined;
}

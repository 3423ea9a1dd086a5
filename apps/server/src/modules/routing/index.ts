import { defineModule, digestOf } from '../../platform/module';
import { DEMO_ROUTES, seedDemoRoutes } from './demo';
import { routingRoutes } from './routes';
import { RoutingService } from './service';

export { ROUTING_PERMS } from './routes';
export type { ResolveInput, RouteDecision, RoutingService, SmsStatsProvider } from './service';

declare module '../../platform/module' {
  interface Services {
    routing: RoutingService;
  }
}

/**
 * SMS routing: ordered routes choosing the gateways of each message (priority with failover or
 * weighted), gateway grants to resellers and their choice per customer, the route tester and the
 * gateway recommendation per country.
 */
export const routingModule = defineModule({
  name: 'routing',
  provides: ['routing'],
  needs: ['companies', 'countries', 'gateways', 'rates'],
  services: ({ db, caches }, services) => {
    const routing = new RoutingService(db, services, caches);
    // A country a route matches is not deleted.
    services.countries.registerUsageCheck((code) => routing.countryUsage(code));
    return { routing };
  },
  routes: routingRoutes,
  // After the gateway module's seed (its demo gateways), in the module list's order.
  seed: async (services, options) => {
    if (options.demo) await seedDemoRoutes(services);
  },
  seedDigest: digestOf(DEMO_ROUTES),
});

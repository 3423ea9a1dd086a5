import { type RouteInput, routeInputSchema } from '@switchboard/contracts';
import type { Services } from '../../platform/module';

/**
 * The demo's routes over the demo gateways (the gateway module seeds `demo-smsc` and
 * `demo-smsc-cn`, each answered by a simulator of `npm start`): Chinese numbers by the "cn"
 * simulator first, premium OTP by A first (premium OTP only ever takes premium routes), everything
 * else by A with B behind it, all of them after an operator's own routes (sort order 100 unless
 * given). Written once, when the database has no route yet, so an operator's
 * own routes are never touched.
 */
export const DEMO_ROUTES: (Omit<RouteInput, 'gateways'> & { gateways: string[] })[] = [
  {
    name: 'Demo: China',
    countryCode: 'CN',
    sortOrder: 1000,
    strategy: 'priority',
    gateways: ['demo-smsc-cn', 'demo-smsc'],
  },
  {
    name: 'Demo: premium OTP',
    smsKind: 'premium_otp',
    sortOrder: 1010,
    strategy: 'priority',
    gateways: ['demo-smsc', 'demo-smsc-cn'],
  },
  {
    name: 'Demo: everywhere',
    sortOrder: 10_000,
    strategy: 'weighted',
    gateways: ['demo-smsc', 'demo-smsc-cn'],
  },
];

export async function seedDemoRoutes({
  routing,
  gateways,
}: Pick<Services, 'routing' | 'gateways'>): Promise<void> {
  if (await routing.hasRoutes()) return;
  const byName = new Map((await gateways.options()).map((g) => [g.name, g.id]));
  for (const route of DEMO_ROUTES) {
    const ids = route.gateways.map((name) => byName.get(name));
    if (ids.some((id) => id === undefined)) continue;
    await routing.add(
      routeInputSchema.parse({
        ...route,
        enabled: true,
        gateways: ids.map((gatewayId, i) => ({ gatewayId: gatewayId!, weight: i === 0 ? 3 : 1 })),
      }),
    );
  }
}

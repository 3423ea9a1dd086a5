import type { Smsc } from '@switchboard/smsc-sim';
import { defineModule, digestOf } from '../../platform/module';
import { DEMO_GATEWAYS, demoGatewayInputs, startDemoSimulators } from './demo';
import { GatewayManager } from './manager';
import { gatewayRoutes } from './routes';
import { GatewayService } from './service';

export { GATEWAY_PERMS } from './routes';
export type {
  GatewayReceipt,
  GatewayRecord,
  GatewayRow,
  GatewayService,
  GatewayUsageCheck,
  OutboundSms,
  SubmitOutcome,
} from './service';
export { receiptExcerptOf } from './smpp-client';

declare module '../../platform/module' {
  interface Services {
    gateways: GatewayService;
  }
}

/**
 * Upstream SMS gateways: settings (`/sms/gateway`), options for selects (`/sys/smsGateway/list`),
 * live bind state, and in worker processes the SMPP binds (GatewayManager) that submit messages
 * and take receipts for the sms module.
 */
export const gatewayModule = defineModule({
  name: 'gateway',
  provides: ['gateways'],
  needs: ['apiAccess'],
  services: (platform, services) => ({ gateways: new GatewayService(platform.db, services, platform) }),
  routes: gatewayRoutes,
  seedDigest: digestOf(DEMO_GATEWAYS),
  seed: async ({ gateways }, options, { config }) => {
    if (options.demo) await gateways.seedDemo(demoGatewayInputs(config.smscSim.ports));
  },
  workers: ({ gateways }, platform) => {
    let simulators: Smsc[] = [];
    const manager = new GatewayManager(gateways, platform);
    const binds = {
      async start() {
        simulators = await startDemoSimulators(
          platform.config,
          gateways,
          platform.database.kind,
          platform.log,
        );
        await manager.start();
      },
      async stop() {
        await manager.stop();
        await Promise.all(simulators.map((s) => s.stop()));
      },
    };
    return [binds];
  },
});

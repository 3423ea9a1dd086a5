import { defineModule, digestOf } from '../../platform/module';
import { DEMO_GATEWAYS, demoGatewayInputs } from './demo';
import { GatewayManager } from './manager';
import { gatewayRoutes } from './routes';
import { GatewayService } from './service';

export { DEMO_GATEWAYS, demoGatewayId } from './demo';
export { receiptExcerptOf } from './receipt-reader';
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
  workers: ({ gateways }, platform) => [new GatewayManager(gateways, platform)],
});

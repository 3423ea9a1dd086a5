import { defineModule } from '../../platform/module';
import { smsRoutes } from './routes';
import { SmsService } from './service';
import { smsWorkers } from './workers';

export type { FinalEvent } from './finals';
export type {
  GatewayPort,
  GatewayReceipt,
  OutboundSms,
  RouteDecision,
  RoutingPort,
  SubmitOutcome,
} from './ports';
export type { FinalMessage } from './repo';
export { readNumberList, SMS_PERMS, smsPerms } from './routes';
/** Reading a number list from an imported table (txt, csv, xlsx): the group call tasks use it too. */
export type { SmsService } from './service';
export type { AcceptInput, AcceptResult, AcceptWriter } from './types';
export { PLATFORM_COMPANY_ID } from './types';

declare module '../../platform/module' {
  interface Services {
    sms: SmsService;
  }
}

/**
 * The SMS engine's message pipeline: acceptance (priced, routed, persisted and charged at
 * once), dispatch to the gateways (worker processes), receipts, timeouts, refunds, the delivery
 * callbacks to customers, and the console's send, outbox and records routes of the four kinds.
 */
export const smsModule = defineModule({
  name: 'sms',
  provides: ['sms'],
  needs: ['apiAccess', 'companies', 'gateways', 'ledger', 'rates', 'routing', 'smsTemplates', 'users'],
  services: ({ db, config, log }, services) => ({ sms: new SmsService(db, services, config.sms, log) }),
  routes: smsRoutes,
  workers: (services, { config, log }) => smsWorkers(services.sms, services, config.sms, log),
});

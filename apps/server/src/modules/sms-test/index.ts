import { defineModule } from '../../platform/module';
import { smsTestRoutes } from './routes';
import { SmsTestService } from './service';

export type { SmsTestService } from './service';

declare module '../../platform/module' {
  interface Services {
    smsTests: SmsTestService;
  }
}

/** The administrators' SMS test tool (/TestToolRecord). */
export const smsTestModule = defineModule({
  name: 'sms-test',
  provides: ['smsTests'],
  needs: ['gateways', 'sms'],
  services: ({ db }, services) => ({ smsTests: new SmsTestService(db, services) }),
  routes: smsTestRoutes,
});

import { defineModule } from '../../platform/module';
import { smsTemplateRoutes } from './routes';
import { SmsTemplateService } from './service';

export type { SendCheckInput, SmsTemplateService } from './service';

declare module '../../platform/module' {
  interface Services {
    smsTemplates: SmsTemplateService;
  }
}

/** SMS templates and sender ids with their review, and the company template policy (issue 12). */
export const smsTemplateModule = defineModule({
  name: 'smsTemplate',
  provides: ['smsTemplates'],
  needs: ['announcements', 'companies', 'users'],
  services: ({ db, log, caches }, services) => ({
    smsTemplates: new SmsTemplateService(db, services, log, caches),
  }),
  routes: smsTemplateRoutes,
});

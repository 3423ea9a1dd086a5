import { defineModule } from '../../platform/module';
import { smsApiRoutes } from './routes';
import { SmsApiService } from './service';

export { SMS_API_DOCUMENT_PATH } from './routes';
export type { SmsApiService } from './service';

declare module '../../platform/module' {
  interface Services {
    smsApi: SmsApiService;
  }
}

/**
 * The customer HTTP API (`/api/openapi/v1`): send, look up a message, the balance; HTTP Basic
 * with an API key and secret, the company's API IP whitelist, Idempotency-Key, a rate limit per
 * key, and its own OpenAPI document.
 */
export const smsApiModule = defineModule({
  name: 'smsApi',
  provides: ['smsApi'],
  needs: ['ledger', 'sms', 'apiAccess'],
  services: ({ db, log }, services) => ({ smsApi: new SmsApiService(db, services, log) }),
  routes: smsApiRoutes,
  jobs: ({ smsApi }) => [
    {
      name: 'smsApi.purge',
      description: 'Forget Idempotency-Keys of the customer API older than 24 hours',
      schedule: '17 * * * *',
      run: () => smsApi.purge(),
    },
  ],
});

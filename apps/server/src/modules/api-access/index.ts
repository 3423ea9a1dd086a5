import { defineModule } from '../../platform/module';
import { apiAccessRoutes } from './routes';
import { ApiAccessService } from './service';

export type { CallbackPostResult } from './callback-post';
export { parseBasic, type VerifyOutcome } from './credentials';
export { API_ACCESS_PERMISSIONS } from './routes';
export type { ApiAccessService } from './service';

declare module '../../platform/module' {
  interface Services {
    apiAccess: ApiAccessService;
  }
}

/**
 * API access for customers: API keys (secrets sealed at rest) and the HTTP Basic check that the
 * customer API relies on, the API IP whitelist, and the delivery-report callback.
 */
export const apiAccessModule = defineModule({
  name: 'apiAccess',
  provides: ['apiAccess'],
  needs: ['companies', 'settings'],
  services: ({ db, config, log, caches }, services) => ({
    apiAccess: new ApiAccessService(db, services, config, log, caches),
  }),
  routes: apiAccessRoutes,
  jobs: ({ apiAccess }) => [
    {
      name: 'apiAccess.purge',
      description: 'Erase previous API secrets whose grace period ended',
      schedule: '*/10 * * * *',
      run: () => apiAccess.purge(),
    },
  ],
});

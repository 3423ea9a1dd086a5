import { defineModule } from '../../platform/module';
import { smppServerRoutes } from './routes';
import { SmppServerService } from './service';
import { SmppServerWorker } from './worker';

export { SMPP_ACCOUNT_PERMS } from './routes';
export type { SmppServerService } from './service';

declare module '../../platform/module' {
  interface Services {
    smppServer: SmppServerService;
  }
}

/**
 * The SMPP server for customers (SMPP_PORT, API processes): accounts (`/sys/smppAccount`), binds
 * checked against them, submit_sm through the SMS pipeline, receipts back as deliver_sm (stored
 * while no receiving bind is open).
 */
export const smppServerModule = defineModule({
  name: 'smppServer',
  provides: ['smppServer'],
  needs: ['announcements', 'apiAccess', 'companies', 'sms', 'users'],
  services: ({ db, log, caches }, services) => ({
    smppServer: new SmppServerService(db, services, log, caches),
  }),
  routes: smppServerRoutes,
  workers: (services, { config, log }) => [
    new SmppServerWorker(services.smppServer, services, log, config.smpp),
  ],
  jobs: ({ smppServer }) => [
    {
      name: 'smppServer.purge',
      description: 'Forget SMPP submits and their receipts older than 14 days',
      schedule: '23 4 * * *',
      run: () => smppServer.purge(),
    },
  ],
});

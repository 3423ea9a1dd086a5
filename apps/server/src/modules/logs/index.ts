import { defineModule } from '../../platform/module';
import { logRoutes } from './routes';
import { LoginLogService, OperationLogService } from './service';

export { LOGIN_METHODS, type LoginMethod } from './schema';
export type { LoginLogService, OperationLogService } from './service';

declare module '../../platform/module' {
  interface Services {
    loginLog: LoginLogService;
    operationLog: OperationLogService;
  }
}

/** The login log and the operation log, and their retention. */
export const logsModule = defineModule({
  name: 'logs',
  provides: ['loginLog', 'operationLog'],
  needs: ['dataRules'],
  services: ({ db }) => ({ loginLog: new LoginLogService(db), operationLog: new OperationLogService(db) }),
  routes: logRoutes,
  jobs: ({ loginLog, operationLog }, { config }) => [
    {
      name: 'logs.loginLog.purge',
      description: `Delete login log rows older than ${config.logRetentionDays} days`,
      schedule: '20 3 * * *',
      run: async () => ({ deleted: await loginLog.purge(config.logRetentionDays) }),
    },
    {
      name: 'logs.operationLog.purge',
      description: `Delete operation log rows older than ${config.logRetentionDays} days`,
      schedule: '30 3 * * *',
      run: async () => ({ deleted: await operationLog.purge(config.logRetentionDays) }),
    },
  ],
});

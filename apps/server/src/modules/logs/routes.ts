import {
  keysetPageSchema,
  loginLogItemSchema,
  logQuerySchema,
  operationLogItemSchema,
} from '@switchboard/contracts';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function logRoutes(api: Api, { loginLog, operationLog }: Services) {
  api.get(
    '/sys/log/loginLog',
    {
      config: { access: { permission: 'system:loginLog:list' } },
      schema: {
        summary: 'Sign-in attempts, newest first (paged by key)',
        querystring: logQuerySchema,
        response: okResponse(keysetPageSchema(loginLogItemSchema)),
      },
    },
    async (request) => ok(request, await loginLog.list(request.query)),
  );

  api.get(
    '/sys/log/operationLog',
    {
      config: { access: { permission: 'system:operationLog:list' } },
      schema: {
        summary: 'Changes people made, newest first (paged by key)',
        querystring: logQuerySchema,
        response: okResponse(keysetPageSchema(operationLogItemSchema)),
      },
    },
    async (request) => ok(request, await operationLog.list(request.query)),
  );
}

import {
  keysetPageSchema,
  loginLogItemSchema,
  logQuerySchema,
  operationLogItemSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { LOGIN_LOG_RULES, OPERATION_LOG_RULES } from './repo';

export function logRoutes(api: Api, { loginLog, operationLog, dataRules }: Services) {
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
    async (request) =>
      ok(
        request,
        await loginLog.list(request.query, await dataRules.where(requireAuth(request), LOGIN_LOG_RULES)),
      ),
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
    async (request) =>
      ok(
        request,
        await operationLog.list(
          request.query,
          await dataRules.where(requireAuth(request), OPERATION_LOG_RULES),
        ),
      ),
  );
}

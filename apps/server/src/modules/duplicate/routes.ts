import { duplicateCheckQuerySchema, noResult } from '@switchboard/contracts';
import { AppError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function duplicateRoutes(api: Api, { duplicates }: Pick<Services, 'duplicates'>) {
  // Public for the sign-up form, so limited like sign-in: it must not become a way to list accounts.
  api.get(
    '/sys/duplicate/check',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Whether a value is still free (sign-up fields for anyone, others for platform staff)',
        querystring: duplicateCheckQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      if (!(await duplicates.isFree(request.query, request.auth)))
        throw new AppError('DUPLICATE_EXISTS', 400);
      return ok(request, null, 'DUPLICATE_OK');
    },
  );
}

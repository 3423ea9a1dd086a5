import { noResult } from '@switchboard/contracts';
import { z } from 'zod';
import { AppError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

const querySchema = z.object({
  tableName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldVal: z.string().max(256, 'FIELD_TOO_LONG').optional(),
  dataId: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  /** For national phone numbers: the ISO country they belong to (as sign-up accepts). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
    .optional(),
});

export function duplicateRoutes(api: Api, { duplicates }: Services) {
  // Public for the sign-up form, so limited like sign-in: it must not become a way to list accounts.
  api.get(
    '/sys/duplicate/check',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Whether a value is still free (sign-up fields for anyone, others for platform staff)',
        querystring: querySchema,
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

import { dictCodeParamsSchema, dictItemSchema } from '@switchboard/contracts';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';

export function dictRoutes(api: Api, { dicts }: Services) {
  api.get(
    '/sys/dict/getDictItems/:code',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The enabled items of a dictionary, in the caller’s language',
        params: dictCodeParamsSchema,
        response: okResponse(z.array(dictItemSchema)),
      },
    },
    async (request) => ok(request, await dicts.items(request.params.code, requestLocale(request))),
  );
}

import {
  companyIpWhitelistSchema,
  companyListItemSchema,
  companyListQuerySchema,
  ipRulesResultSchema,
  pageSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function companyRoutes(api: Api, { companies }: Services) {
  api.get(
    '/sys/company/list',
    {
      config: { access: { permission: 'company:list' } },
      schema: {
        summary: 'Companies in the caller’s scope',
        querystring: companyListQuerySchema,
        response: okResponse(pageSchema(companyListItemSchema)),
      },
    },
    async (request) => ok(request, await companies.list(requireAuth(request), request.query)),
  );

  api.put(
    '/sys/company/ipWhitelist',
    {
      config: { access: { permission: 'company:ipWhitelist' } },
      schema: {
        summary: 'Set the login IP whitelist of a company',
        body: companyIpWhitelistSchema,
        response: okResponse(ipRulesResultSchema),
      },
    },
    async (request) => {
      const { companyId, rules } = request.body;
      return ok(request, { rules: await companies.setIpWhitelist(requireAuth(request), companyId, rules) });
    },
  );
}

import {
  headerItemsSchema,
  ipRulesResultSchema,
  ipWhitelistSchema,
  noResult,
  pageSchema,
  userIdSchema,
  userIdsSchema,
  userListItemSchema,
  userListQuerySchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function userRoutes(api: Api, { users }: Services) {
  api.get(
    '/sys/user/list',
    {
      config: { access: { permission: 'system:user:list' } },
      schema: {
        summary: 'Users in the caller’s scope, with roles and company',
        querystring: userListQuerySchema,
        response: okResponse(pageSchema(userListItemSchema)),
      },
    },
    async (request) => ok(request, await users.list(requireAuth(request), request.query)),
  );

  api.put(
    '/sys/user/headerItems',
    {
      config: { access: { permission: 'system:user:edit' } },
      schema: {
        summary: 'Hide or show the header items for a user',
        body: headerItemsSchema,
        response: okResponse(z.object({ hidden: z.boolean() })),
      },
    },
    async (request) => {
      const { userId, hidden } = request.body;
      await users.setHeaderItemsHidden(requireAuth(request), userId, hidden);
      return ok(request, { hidden });
    },
  );

  api.post(
    '/sys/user/googleAuth/reset',
    {
      config: { access: { permission: 'system:user:resetGoogle' } },
      schema: {
        summary: 'Unbind a user’s Google Authenticator',
        body: userIdSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await users.resetGoogleAuth(requireAuth(request), request.body.userId);
      return ok(request, null);
    },
  );

  api.put(
    '/sys/user/frozenBatch',
    {
      config: { access: { permission: 'system:user:frozen' } },
      schema: {
        summary: 'Freeze (status 2, signs them out) or thaw (status 1) users',
        body: userIdsSchema,
        response: okResponse(z.object({ updated: z.number().int() })),
      },
    },
    async (request) => {
      const { ids, status } = request.body;
      return ok(request, { updated: await users.setStatus(requireAuth(request), ids, status) });
    },
  );

  api.put(
    '/sys/user/ipWhitelist',
    {
      config: { access: { permission: 'system:user:ipWhitelist' } },
      schema: {
        summary: 'Set a user’s login IP whitelist',
        body: ipWhitelistSchema,
        response: okResponse(ipRulesResultSchema),
      },
    },
    async (request) => {
      const { userId, rules } = request.body;
      return ok(request, { rules: await users.setIpWhitelist(requireAuth(request), userId, rules) });
    },
  );
}

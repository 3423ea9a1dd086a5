import {
  apiCompanyQuerySchema,
  apiIpRuleAddSchema,
  apiIpRuleListQuerySchema,
  apiIpRuleSchema,
  apiKeyEditSchema,
  apiKeyGenerateSchema,
  apiKeyIssuedSchema,
  apiKeyListQuerySchema,
  apiKeyRefSchema,
  apiKeyRotateSchema,
  apiKeySchema,
  callbackConfigEditSchema,
  callbackConfigSchema,
  callbackSecretSchema,
  callbackTestResultSchema,
  callbackTestSchema,
  idQuerySchema,
  noResult,
  pageSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';

/** Permission codes (menu-seed.ts grants them). */
export const API_ACCESS_PERMISSIONS = {
  /** The API access screen: read keys (never secrets), callback and API IP whitelist. */
  view: 'api:access:view',
  keys: 'api:key:manage',
  callback: 'api:callback:edit',
  ipWhiteList: 'api:ipWhiteList:edit',
} as const;

const P = API_ACCESS_PERMISSIONS;

export function apiAccessRoutes(api: Api, { apiAccess }: Pick<Services, 'apiAccess'>) {
  // ---- /sys/apiSecret: keys

  api.get(
    '/sys/apiSecret/list',
    {
      config: { access: { permission: P.view } },
      schema: {
        summary: 'API keys of a company (the caller’s own, or one in scope; staff: all), never their secrets',
        querystring: apiKeyListQuerySchema,
        response: okResponse(pageSchema(apiKeySchema)),
      },
    },
    async (request) => ok(request, await apiAccess.keys.list(requireAuth(request), request.query)),
  );

  api.post(
    '/sys/apiSecret/generate',
    {
      config: { access: { permission: P.keys } },
      schema: {
        summary: 'A new API key; its secret is in this answer only',
        body: apiKeyGenerateSchema,
        response: okResponse(apiKeyIssuedSchema),
      },
    },
    async (request) => ok(request, await apiAccess.keys.generate(requireAuth(request), request.body)),
  );

  api.post(
    '/sys/apiSecret/rotate',
    {
      config: { access: { permission: P.keys } },
      schema: {
        summary:
          'A new secret for a key (in this answer only); the old one stays valid for graceMinutes more',
        body: apiKeyRotateSchema,
        response: okResponse(apiKeyIssuedSchema),
      },
    },
    async (request) => ok(request, await apiAccess.keys.rotate(requireAuth(request), request.body)),
  );

  api.put(
    '/sys/apiSecret/edit',
    {
      config: { access: { permission: P.keys } },
      schema: { summary: 'Rename a key', body: apiKeyEditSchema, response: okResponse(apiKeySchema) },
    },
    async (request) => ok(request, await apiAccess.keys.editLabel(requireAuth(request), request.body)),
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    api.post(
      `/sys/apiSecret/${action}`,
      {
        config: { access: { permission: P.keys } },
        schema: {
          summary: enabled
            ? 'Enable a disabled key'
            : 'Disable a key (its requests are refused until enabled)',
          body: apiKeyRefSchema,
          response: okResponse(apiKeySchema),
        },
      },
      async (request) =>
        ok(request, await apiAccess.keys.setEnabled(requireAuth(request), request.body.apiKey, enabled)),
    );
  }

  api.post(
    '/sys/apiSecret/revoke',
    {
      config: { access: { permission: P.keys } },
      schema: {
        summary: 'Revoke a key for good (its secrets are erased)',
        body: apiKeyRefSchema,
        response: okResponse(apiKeySchema),
      },
    },
    async (request) => ok(request, await apiAccess.keys.revoke(requireAuth(request), request.body.apiKey)),
  );

  // ---- /sys/configCallback: the delivery-report callback

  api.get(
    '/sys/configCallback/get',
    {
      config: { access: { permission: P.view } },
      schema: {
        summary: 'The delivery-report callback of a company (the caller’s own, or one in scope)',
        querystring: apiCompanyQuerySchema,
        response: okResponse(callbackConfigSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await apiAccess.callbacks.read(requireAuth(request), request.query.companyId, requestLocale(request)),
      ),
  );

  api.put(
    '/sys/configCallback/edit',
    {
      config: { access: { permission: P.callback } },
      schema: {
        summary: 'Set (or with null remove) the delivery-report callback URL',
        body: callbackConfigEditSchema,
        response: okResponse(callbackConfigSchema),
      },
    },
    async (request) =>
      ok(request, await apiAccess.callbacks.edit(requireAuth(request), request.body, requestLocale(request))),
  );

  api.post(
    '/sys/configCallback/test',
    {
      // Each test makes the server post somewhere: not a tool for probing other hosts.
      config: { access: { permission: P.callback }, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Post a signed sample delivery report to the callback URL; answers its status and time',
        body: callbackTestSchema,
        response: okResponse(callbackTestResultSchema),
      },
    },
    async (request) =>
      ok(request, await apiAccess.callbacks.test(requireAuth(request), request.body, requestLocale(request))),
  );

  api.post(
    '/sys/configCallback/revealSecret',
    {
      config: { access: { permission: P.callback } },
      schema: {
        summary: 'The secret that signs callbacks (to verify them on the receiving side)',
        body: apiCompanyQuerySchema,
        response: okResponse(callbackSecretSchema),
      },
    },
    async (request) =>
      ok(request, await apiAccess.callbacks.revealSecret(requireAuth(request), request.body.companyId)),
  );

  api.post(
    '/sys/configCallback/regenerateSecret',
    {
      config: { access: { permission: P.callback } },
      schema: {
        summary: 'Replace the callback signing secret (the old one stops at once)',
        body: apiCompanyQuerySchema,
        response: okResponse(callbackSecretSchema),
      },
    },
    async (request) =>
      ok(request, await apiAccess.callbacks.regenerateSecret(requireAuth(request), request.body.companyId)),
  );

  // ---- /sys/ipWhiteList: addresses allowed to call the API (not the login IP whitelist)

  api.get(
    '/sys/ipWhiteList/list',
    {
      config: { access: { permission: P.view } },
      schema: {
        summary: 'The API IP whitelist of a company (empty: any address may call the API)',
        querystring: apiIpRuleListQuerySchema,
        response: okResponse(pageSchema(apiIpRuleSchema)),
      },
    },
    async (request) => ok(request, await apiAccess.ipRules.list(requireAuth(request), request.query)),
  );

  api.post(
    '/sys/ipWhiteList/add',
    {
      config: { access: { permission: P.ipWhiteList } },
      schema: {
        summary: 'Allow an address or CIDR range to call the API',
        body: apiIpRuleAddSchema,
        response: okResponse(apiIpRuleSchema),
      },
    },
    async (request) => ok(request, await apiAccess.ipRules.add(requireAuth(request), request.body)),
  );

  api.delete(
    '/sys/ipWhiteList/delete',
    {
      config: { access: { permission: P.ipWhiteList } },
      schema: {
        summary: 'Remove an entry of the API IP whitelist',
        querystring: idQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await apiAccess.ipRules.delete(requireAuth(request), request.query.id);
      return ok(request, null);
    },
  );
}

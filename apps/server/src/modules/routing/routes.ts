import {
  agentGatewaysSchema,
  customerGatewayQuerySchema,
  customerGatewaySaveSchema,
  customerGatewaysSchema,
  gatewayOptionSchema,
  grantListQuerySchema,
  grantListSchema,
  grantSaveSchema,
  type PermissionCode,
  ROUTE_SORTABLE,
  recommendationSchema,
  recommendQuerySchema,
  routeEditSchema,
  routeImportRowSchema,
  routeInputSchema,
  routeListQuerySchema,
  routeSchema,
  routeTestResultSchema,
  routeTestSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import { defineResource, resourcePermissions, resourceRoutes } from '../../platform/resource';
import { ROUTE_COLUMNS, ROUTE_SHEET } from './sheets';

/** Permission codes of the routing screens (menu-seed.ts grants them). */
export const ROUTING_PERMS = {
  list: 'route:list',
  edit: 'route:edit',
  test: 'route:test',
  grantList: 'gateway:grant:list',
  grantEdit: 'gateway:grant:edit',
  agentGateways: 'agent:gateway:list',
  agentCustomerGateways: 'agent:customer:gateway',
} as const;

const ROUTE_ACTIONS = resourcePermissions({
  list: ROUTING_PERMS.list,
  add: ROUTING_PERMS.edit,
  edit: ROUTING_PERMS.edit,
  delete: ROUTING_PERMS.edit,
});

const perm = (permission: PermissionCode) => ({ access: { permission } });

export function routingRoutes(api: Api, { routing }: Pick<Services, 'routing'>) {
  // --- routes: ordered rules (staff) ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sms/route',
      noun: 'SMS route',
      permission: (action) => ROUTE_ACTIONS[action],
      record: routeSchema,
      list: {
        query: routeListQuerySchema,
        sortable: ROUTE_SORTABLE,
        run: (query, auth) => routing.list(auth, query),
      },
      queryById: (id, auth) => routing.get(id, auth),
      add: { body: routeInputSchema, run: (input) => routing.add(input) },
      edit: { body: routeEditSchema, run: (input) => routing.edit(input) },
      remove: (ids) => routing.remove(ids),
      export: {
        query: routeListQuerySchema,
        columns: ROUTE_COLUMNS,
        rows: (query, auth, limit) => routing.exportRows(auth, query, limit),
        filename: 'sms-routes',
        sheet: ROUTE_SHEET,
      },
      import: {
        columns: ROUTE_COLUMNS,
        row: routeImportRowSchema,
        check: (rows) => routing.checkImportRows(rows),
        write: (rows) => routing.importRows(rows),
      },
    }),
  );

  api.get(
    '/sms/route/gateways',
    {
      config: perm(ROUTING_PERMS.list),
      schema: {
        summary: 'Every gateway (id, name, enabled), for choosing the gateways of a route',
        response: okResponse(z.array(gatewayOptionSchema)),
      },
    },
    async (request) => ok(request, await routing.gatewayChoices()),
  );

  api.post(
    '/sms/route/test',
    {
      config: perm(ROUTING_PERMS.test),
      schema: {
        summary:
          'Which route and gateways a number would take for a company, its price (staff: cost and margin)',
        body: routeTestSchema,
        response: okResponse(routeTestResultSchema),
      },
    },
    async (request) =>
      ok(request, await routing.test(requireAuth(request), request.body, requestLocale(request))),
  );

  api.get(
    '/recommend',
    {
      config: perm(ROUTING_PERMS.test),
      schema: {
        summary: 'Gateways for a country ranked by cost and recent delivery rate',
        querystring: recommendQuerySchema,
        response: okResponse(recommendationSchema),
      },
    },
    async (request) => ok(request, await routing.recommend(request.query)),
  );

  // --- gateway grants to resellers (staff) ---
  api.get(
    '/sms/gateway/grant/list',
    {
      config: perm(ROUTING_PERMS.grantList),
      schema: {
        summary: 'Every gateway, and whether it is granted to a reseller company',
        querystring: grantListQuerySchema,
        response: okResponse(grantListSchema),
      },
    },
    async (request) =>
      ok(request, await routing.grants.grantList(requireAuth(request), request.query.companyId)),
  );

  api.post(
    '/sms/gateway/grant/save',
    {
      config: perm(ROUTING_PERMS.grantEdit),
      schema: {
        summary:
          'The gateways a reseller may use (none: no limit); its customers’ choices outside them are dropped',
        body: grantSaveSchema,
        response: okResponse(grantListSchema),
      },
    },
    async (request) => ok(request, await routing.grants.grantSave(requireAuth(request), request.body)),
  );

  // --- a reseller's gateways and its customers' choice (/sms/agent) ---
  api.get(
    '/sms/agent/gateway/list',
    {
      config: perm(ROUTING_PERMS.agentGateways),
      schema: {
        summary: 'The gateways granted to the caller’s reseller company',
        response: okResponse(agentGatewaysSchema),
      },
    },
    async (request) => ok(request, await routing.grants.agentGateways(requireAuth(request))),
  );

  api.get(
    '/sms/agent/customer/gateway',
    {
      config: perm(ROUTING_PERMS.agentCustomerGateways),
      schema: {
        summary: 'The gateways a customer of the caller’s uses (none chosen: every granted one)',
        querystring: customerGatewayQuerySchema,
        response: okResponse(customerGatewaysSchema),
      },
    },
    async (request) =>
      ok(request, await routing.grants.customerGateways(requireAuth(request), request.query.companyId)),
  );

  api.post(
    '/sms/agent/customer/gateway',
    {
      config: perm(ROUTING_PERMS.agentCustomerGateways),
      schema: {
        summary: 'Choose which of the caller’s granted gateways a customer of its own uses',
        body: customerGatewaySaveSchema,
        response: okResponse(customerGatewaysSchema),
      },
    },
    async (request) =>
      ok(request, await routing.grants.saveCustomerGateways(requireAuth(request), request.body)),
  );
}

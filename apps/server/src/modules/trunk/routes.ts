import {
  gatewayNotifySchema,
  SIP_ACCOUNT_SORTABLE,
  sipAccountEditSchema,
  sipAccountInputSchema,
  sipAccountListQuerySchema,
  sipAccountSchema,
  TRUNK_SORTABLE,
  trunkEditSchema,
  trunkInputSchema,
  trunkListQuerySchema,
  trunkOptionsSchema,
  trunkSchema,
  trunkStatesSchema,
  VOICE_ROUTE_SORTABLE,
  voiceRouteEditSchema,
  voiceRouteInputSchema,
  voiceRouteListQuerySchema,
  voiceRouteSchema,
  voiceRouteTestQuerySchema,
  voiceRouteTestSchema,
} from '@switchboard/contracts';
import { recordChange } from '../../platform/audit';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { defineResource, resourcePermissions, resourceRoutes } from '../../platform/resource';

/** Permission codes of the trunk, SIP account and voice route screens (staff only). */
export const TRUNK_PERMS = {
  list: 'voice:trunk:list',
  add: 'voice:trunk:add',
  edit: 'voice:trunk:edit',
  delete: 'voice:trunk:delete',
  options: 'voice:trunk:options',
  sipList: 'voice:sipAccount:list',
  sipAdd: 'voice:sipAccount:add',
  sipEdit: 'voice:sipAccount:edit',
  sipDelete: 'voice:sipAccount:delete',
  routeList: 'voice:route:list',
  routeAdd: 'voice:route:add',
  routeEdit: 'voice:route:edit',
  routeDelete: 'voice:route:delete',
  routeTest: 'voice:route:test',
  notifyView: 'voice:notify:view',
  notifyEdit: 'voice:notify:edit',
} as const;
const P = TRUNK_PERMS;

const TRUNK_ACTIONS = resourcePermissions({ list: P.list, add: P.add, edit: P.edit, delete: P.delete });
const SIP_ACTIONS = resourcePermissions({
  list: P.sipList,
  add: P.sipAdd,
  edit: P.sipEdit,
  delete: P.sipDelete,
});
const ROUTE_ACTIONS = resourcePermissions({
  list: P.routeList,
  add: P.routeAdd,
  edit: P.routeEdit,
  delete: P.routeDelete,
});

export function trunkRoutes(api: Api, { trunks }: Pick<Services, 'trunks'>) {
  resourceRoutes(
    api,
    defineResource({
      path: '/voip/trunk',
      noun: 'voice trunk',
      permission: (action) => TRUNK_ACTIONS[action],
      record: trunkSchema,
      list: {
        query: trunkListQuerySchema,
        sortable: TRUNK_SORTABLE,
        run: (query) => trunks.admin.list(query),
      },
      queryById: (id) => trunks.admin.get(id),
      add: { body: trunkInputSchema, run: (input) => trunks.admin.add(input) },
      edit: { body: trunkEditSchema, run: (input) => trunks.admin.edit(input) },
      remove: (ids) => trunks.admin.remove(ids),
    }),
  );

  api.get(
    '/voip/trunk/state',
    {
      config: { access: { permission: P.list } },
      schema: {
        summary:
          'The live state of every trunk (registered, reachable, unreachable, unknown, disabled) and calls up',
        response: okResponse(trunkStatesSchema),
      },
    },
    async (request) => ok(request, await trunks.live.states()),
  );

  api.get(
    '/voip/trunk/options',
    {
      config: { access: { permission: P.options } },
      schema: { summary: 'Trunks for selects: id, name, enabled', response: okResponse(trunkOptionsSchema) },
    },
    async (request) => ok(request, await trunks.options()),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/sys/fsAccount',
      noun: 'SIP account',
      permission: (action) => SIP_ACTIONS[action],
      record: sipAccountSchema,
      list: {
        query: sipAccountListQuerySchema,
        sortable: SIP_ACCOUNT_SORTABLE,
        run: (query) => trunks.sipAccounts.list(query),
      },
      queryById: (id) => trunks.sipAccounts.get(id),
      add: { body: sipAccountInputSchema, run: (input) => trunks.sipAccounts.add(input) },
      edit: { body: sipAccountEditSchema, run: (input) => trunks.sipAccounts.edit(input) },
      remove: (ids) => trunks.sipAccounts.remove(ids),
    }),
  );

  resourceRoutes(
    api,
    defineResource({
      path: '/voip/route',
      noun: 'voice route',
      permission: (action) => ROUTE_ACTIONS[action],
      record: voiceRouteSchema,
      list: {
        query: voiceRouteListQuerySchema,
        sortable: VOICE_ROUTE_SORTABLE,
        run: (query) => trunks.routes.list(query),
      },
      queryById: (id) => trunks.routes.get(id),
      add: { body: voiceRouteInputSchema, run: (input) => trunks.routes.add(input) },
      edit: { body: voiceRouteEditSchema, run: (input) => trunks.routes.edit(input) },
      remove: (ids) => trunks.routes.remove(ids),
    }),
  );

  api.get(
    '/voip/route/test',
    {
      config: { access: { permission: P.routeTest } },
      schema: {
        summary: 'The route and trunks (in failover order) a call to a number of a company would take',
        querystring: voiceRouteTestQuerySchema,
        response: okResponse(voiceRouteTestSchema),
      },
    },
    async (request) => ok(request, await trunks.routing.testRoute(request.query.to, request.query.companyId)),
  );

  api.get(
    '/voip/gatewayNotify',
    {
      config: { access: { permission: P.notifyView } },
      schema: {
        summary: 'Gateway notify: whether and to whom trunks going down and coming back are told',
        response: okResponse(gatewayNotifySchema),
      },
    },
    async (request) => ok(request, await trunks.notifySettings.get()),
  );

  api.put(
    '/voip/gatewayNotify',
    {
      config: { access: { permission: P.notifyEdit } },
      schema: {
        summary: 'Save the gateway notify settings',
        body: gatewayNotifySchema,
        response: okResponse(gatewayNotifySchema),
      },
    },
    async (request) => {
      const before = await trunks.notifySettings.get();
      const after = await trunks.notifySettings.set(request.body);
      recordChange(request, before, after);
      return ok(request, after);
    },
  );
}

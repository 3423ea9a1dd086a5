import {
  agentCustomerQuerySchema,
  currentUserDepartsSchema,
  DEPART_SORTABLE,
  departEditSchema,
  departIdTreeNodeSchema,
  departInfoSchema,
  departInputSchema,
  departListQuerySchema,
  departRecordSchema,
  departSearchQuerySchema,
  departTreeNodeSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import { defineResource, resourcePermissions, resourceRoutes } from '../../platform/resource';

/** Each action's permission code (deleteBatch is delete's, queryById the list's). */
export const DEPART_PERMISSIONS = resourcePermissions({
  list: 'system:depart:list',
  add: 'system:depart:add',
  edit: 'system:depart:edit',
  delete: 'system:depart:delete',
});

export function departRoutes(api: Api, { departs }: Pick<Services, 'departs'>) {
  // list, queryById, add, edit, delete, deleteBatch
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/sysDepart',
      noun: 'department',
      permission: (action) => DEPART_PERMISSIONS[action],
      record: departRecordSchema,
      list: {
        query: departListQuerySchema,
        sortable: DEPART_SORTABLE,
        run: (q, auth) => departs.list(auth, q),
      },
      queryById: (id, auth) => departs.byId(auth, id),
      add: { body: departInputSchema, run: (input, auth) => departs.add(auth, input) },
      edit: { body: departEditSchema, run: (input, auth) => departs.edit(auth, input) },
      remove: (ids, auth) => departs.remove(auth, ids),
    }),
  );

  api.get(
    '/sys/sysDepart/queryTreeList',
    {
      config: { access: { permission: DEPART_PERMISSIONS.list } },
      schema: {
        summary: 'The department tree the caller sees (both names, agent, member count)',
        response: okResponse(z.array(departTreeNodeSchema)),
      },
    },
    async (request) => ok(request, await departs.tree(requireAuth(request))),
  );

  api.get(
    '/sys/sysDepart/queryIdTree',
    {
      config: { access: { permission: 'system:user:list' } },
      schema: {
        summary: 'The department tree for tree selects (id, title in the caller’s language)',
        response: okResponse(z.array(departIdTreeNodeSchema)),
      },
    },
    async (request) => ok(request, await departs.idTree(requireAuth(request), requestLocale(request))),
  );

  api.get(
    '/sys/sysDepart/searchBy',
    {
      config: { access: { permission: DEPART_PERMISSIONS.list } },
      schema: {
        summary: 'Departments whose name or code contains keyWord, with the branches above them',
        querystring: departSearchQuerySchema,
        response: okResponse(z.array(departTreeNodeSchema)),
      },
    },
    async (request) => ok(request, await departs.search(requireAuth(request), request.query.keyWord)),
  );

  api.get(
    '/sys/sysDepart/queryAgentCustomerList',
    {
      config: { access: { permission: DEPART_PERMISSIONS.list } },
      schema: {
        summary: 'The departments of an agent’s customers (those right under the agent’s department)',
        querystring: agentCustomerQuerySchema,
        response: okResponse(z.array(departRecordSchema)),
      },
    },
    async (request) => ok(request, await departs.agentCustomers(requireAuth(request), request.query.agentId)),
  );

  api.get(
    '/sys/sysDepart/getDepartInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s current department and its agent',
        querystring: z.object({ id: z.string().max(64, 'FIELD_TOO_LONG').optional() }),
        response: okResponse(departInfoSchema),
      },
    },
    async (request) => ok(request, await departs.currentInfo(requireAuth(request), request.query.id)),
  );

  api.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s departments and the current one',
        response: okResponse(currentUserDepartsSchema),
      },
    },
    async (request) => {
      const me = requireAuth(request);
      return ok(request, { list: await departs.forUser(me.user.id), orgCode: me.user.orgCode });
    },
  );
}

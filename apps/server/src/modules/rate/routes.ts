import {
  gatewayPriceEditSchema,
  gatewayPriceInputSchema,
  gatewayPriceListQuerySchema,
  gatewayPriceSchema,
  idQuerySchema,
  noResult,
  pageSchema,
  rateAddSchema,
  rateAssignmentsSchema,
  rateBatchEditSchema,
  rateBatchResultSchema,
  rateCompanyQuerySchema,
  rateEditSchema,
  rateGroupAssignSchema,
  rateGroupCopySchema,
  rateGroupEditSchema,
  rateGroupInputSchema,
  rateGroupListQuerySchema,
  rateGroupSchema,
  rateIdsQuerySchema,
  rateImportResultSchema,
  rateImportSchema,
  rateListQuerySchema,
  rateQuoteQuerySchema,
  rateQuoteSchema,
  rateSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';

/** Permission codes of the rates screens (menu-seed.ts grants them). */
export const RATE_PERMS = {
  groupList: 'rate:group:list',
  groupAdd: 'rate:group:add',
  groupEdit: 'rate:group:edit',
  groupDelete: 'rate:group:delete',
  groupCopy: 'rate:group:copy',
  groupAssign: 'rate:group:assign',
  list: 'rate:list',
  add: 'rate:add',
  edit: 'rate:edit',
  delete: 'rate:delete',
  batchEdit: 'rate:batchEdit',
  import: 'rate:import',
  quote: 'rate:quote',
  gatewayList: 'rate:gatewayCost:list',
  gatewayEdit: 'rate:gatewayCost:edit',
} as const;

const perm = (permission: string) => ({ access: { permission } });

export function rateRoutes(api: Api, { rates }: Services) {
  // --- groups ---
  api.get(
    '/sys/feerateGroup/list',
    {
      config: perm(RATE_PERMS.groupList),
      schema: {
        summary: 'Rate groups the caller may see (staff all; resellers their own; customers theirs)',
        querystring: rateGroupListQuerySchema,
        response: okResponse(pageSchema(rateGroupSchema)),
      },
    },
    async (request) => ok(request, await rates.listGroups(requireAuth(request), request.query)),
  );

  api.get(
    '/sys/feerateGroup/queryById',
    {
      config: perm(RATE_PERMS.groupList),
      schema: {
        summary: 'One rate group',
        querystring: idQuerySchema,
        response: okResponse(rateGroupSchema),
      },
    },
    async (request) => ok(request, await rates.getGroup(requireAuth(request), request.query.id)),
  );

  api.post(
    '/sys/feerateGroup/add',
    {
      config: perm(RATE_PERMS.groupAdd),
      schema: {
        summary: 'Add a rate group (staff: the platform’s; resellers: their own)',
        body: rateGroupInputSchema,
        response: okResponse(rateGroupSchema),
      },
    },
    async (request) => ok(request, await rates.addGroup(requireAuth(request), request.body)),
  );

  api.put(
    '/sys/feerateGroup/edit',
    {
      config: perm(RATE_PERMS.groupEdit),
      schema: {
        summary: 'Rename a rate group',
        body: rateGroupEditSchema,
        response: okResponse(rateGroupSchema),
      },
    },
    async (request) => ok(request, await rates.editGroup(requireAuth(request), request.body)),
  );

  api.delete(
    '/sys/feerateGroup/delete',
    {
      config: perm(RATE_PERMS.groupDelete),
      schema: {
        summary: 'Delete a rate group (refused while a company is assigned it)',
        querystring: idQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await rates.deleteGroup(requireAuth(request), request.query.id);
      return ok(request, null);
    },
  );

  api.post(
    '/sys/feerateGroup/copy',
    {
      config: perm(RATE_PERMS.groupCopy),
      schema: {
        summary: 'Copy a rate group with all its rates under a new name',
        body: rateGroupCopySchema,
        response: okResponse(rateGroupSchema),
      },
    },
    async (request) => ok(request, await rates.copyGroup(requireAuth(request), request.body)),
  );

  api.put(
    '/sys/feerateGroup/assign',
    {
      config: perm(RATE_PERMS.groupAssign),
      schema: {
        summary: 'Assign a company its rate group of a kind (groupId null: remove)',
        body: rateGroupAssignSchema,
        response: okResponse(rateAssignmentsSchema),
      },
    },
    async (request) => ok(request, await rates.assign(requireAuth(request), request.body)),
  );

  api.get(
    '/sys/feerateGroup/assignments',
    {
      config: perm(RATE_PERMS.groupList),
      schema: {
        summary: 'The rate groups assigned to a company, by kind',
        querystring: rateCompanyQuerySchema,
        response: okResponse(rateAssignmentsSchema),
      },
    },
    async (request) => ok(request, await rates.assignmentsFor(requireAuth(request), request.query.companyId)),
  );

  // --- rates ---
  api.get(
    '/sys/feerate/list',
    {
      config: perm(RATE_PERMS.list),
      schema: {
        summary: 'Rates of a group, filtered by country, SMS kind, operator or prefix',
        querystring: rateListQuerySchema,
        response: okResponse(pageSchema(rateSchema)),
      },
    },
    async (request) => ok(request, await rates.listRates(requireAuth(request), request.query)),
  );

  api.get(
    '/sys/feerate/queryById',
    {
      config: perm(RATE_PERMS.list),
      schema: { summary: 'One rate', querystring: idQuerySchema, response: okResponse(rateSchema) },
    },
    async (request) => ok(request, await rates.getRate(requireAuth(request), request.query.id)),
  );

  api.post(
    '/sys/feerate/add',
    {
      config: perm(RATE_PERMS.add),
      schema: { summary: 'Add a rate to a group', body: rateAddSchema, response: okResponse(rateSchema) },
    },
    async (request) => ok(request, await rates.addRate(requireAuth(request), request.body)),
  );

  api.put(
    '/sys/feerate/edit',
    {
      config: perm(RATE_PERMS.edit),
      schema: { summary: 'Edit a rate', body: rateEditSchema, response: okResponse(rateSchema) },
    },
    async (request) => ok(request, await rates.editRate(requireAuth(request), request.body)),
  );

  api.delete(
    '/sys/feerate/delete',
    {
      config: perm(RATE_PERMS.delete),
      schema: { summary: 'Delete a rate', querystring: idQuerySchema, response: okResponse(noResult) },
    },
    async (request) => {
      await rates.deleteRates(requireAuth(request), [request.query.id]);
      return ok(request, null);
    },
  );

  api.delete(
    '/sys/feerate/deleteBatch',
    {
      config: perm(RATE_PERMS.delete),
      schema: { summary: 'Delete rates', querystring: rateIdsQuerySchema, response: okResponse(noResult) },
    },
    async (request) => {
      await rates.deleteRates(requireAuth(request), request.query.ids);
      return ok(request, null);
    },
  );

  api.put(
    '/sys/feerate/batchEdit',
    {
      config: perm(RATE_PERMS.batchEdit),
      schema: {
        summary: 'Set a price, or change it by a percent, for every rate of a group matching a filter',
        body: rateBatchEditSchema,
        response: okResponse(rateBatchResultSchema),
      },
    },
    async (request) => ok(request, await rates.batchEdit(requireAuth(request), request.body)),
  );

  api.post(
    '/sys/feerate/importRows',
    {
      config: perm(RATE_PERMS.import),
      schema: {
        summary: 'Import rows of rates into a group: all or none, with per-row errors',
        body: rateImportSchema,
        response: okResponse(rateImportResultSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await rates.importRates(
          requireAuth(request),
          request.body.groupId,
          request.body.rows,
          requestLocale(request),
        ),
      ),
  );

  api.get(
    '/sys/feerate/quote',
    {
      config: perm(RATE_PERMS.quote),
      schema: {
        summary: 'The price of a number for a company (staff: with cost and margin)',
        querystring: rateQuoteQuerySchema,
        response: okResponse(rateQuoteSchema),
      },
    },
    async (request) => ok(request, await rates.quote(requireAuth(request), request.query)),
  );

  // --- gateway cost per operator (staff) ---
  api.get(
    '/gatewayOperatorPrice/list',
    {
      config: perm(RATE_PERMS.gatewayList),
      schema: {
        summary: 'Gateway costs per country and operator',
        querystring: gatewayPriceListQuerySchema,
        response: okResponse(pageSchema(gatewayPriceSchema)),
      },
    },
    async (request) => ok(request, await rates.listGatewayPrices(request.query)),
  );

  api.get(
    '/gatewayOperatorPrice/queryById',
    {
      config: perm(RATE_PERMS.gatewayList),
      schema: {
        summary: 'One gateway cost',
        querystring: idQuerySchema,
        response: okResponse(gatewayPriceSchema),
      },
    },
    async (request) => ok(request, await rates.findGatewayPrice(request.query.id)),
  );

  api.post(
    '/gatewayOperatorPrice/add',
    {
      config: perm(RATE_PERMS.gatewayEdit),
      schema: {
        summary: 'Add a gateway cost',
        body: gatewayPriceInputSchema,
        response: okResponse(gatewayPriceSchema),
      },
    },
    async (request) => ok(request, await rates.addGatewayPrice(request.body)),
  );

  api.put(
    '/gatewayOperatorPrice/edit',
    {
      config: perm(RATE_PERMS.gatewayEdit),
      schema: {
        summary: 'Edit a gateway cost',
        body: gatewayPriceEditSchema,
        response: okResponse(gatewayPriceSchema),
      },
    },
    async (request) => ok(request, await rates.editGatewayPrice(request.body)),
  );

  api.delete(
    '/gatewayOperatorPrice/delete',
    {
      config: perm(RATE_PERMS.gatewayEdit),
      schema: {
        summary: 'Delete a gateway cost',
        querystring: idQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await rates.deleteGatewayPrice(request.query.id);
      return ok(request, null);
    },
  );
}

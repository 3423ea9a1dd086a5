import {
  GATEWAY_PRICE_SORTABLE,
  gatewayPriceEditSchema,
  gatewayPriceInputSchema,
  gatewayPriceListQuerySchema,
  gatewayPriceSchema,
  importResultSchema,
  OPERATOR_SORTABLE,
  operatorEditSchema,
  operatorInputSchema,
  operatorListQuerySchema,
  operatorSchema,
  type PermissionCode,
  RATE_GROUP_SORTABLE,
  RATE_SORTABLE,
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
  rateImportQuerySchema,
  rateImportResultSchema,
  rateImportSchema,
  rateInputSchema,
  rateListQuerySchema,
  rateQuoteQuerySchema,
  rateQuoteSchema,
  rateSchema,
} from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import { defineResource, resourcePermissions, resourceRoutes, runImport } from '../../platform/resource';
import {
  GATEWAY_PRICE_EXPORT_COLUMNS,
  GATEWAY_PRICE_SHEET,
  OPERATOR_COLUMNS,
  OPERATOR_SHEET,
  RATE_GROUP_SHEET,
  RATE_IMPORT_COLUMNS,
  RATE_SHEET,
  rateExportColumns,
  rateGroupExportColumns,
} from './sheets';

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
  operatorList: 'operator:list',
  operatorEdit: 'operator:edit',
} as const;

const perm = (permission: PermissionCode) => ({ access: { permission } });

/** Each action's permission code: the group's list permission reads and exports, its own codes change. */
const GROUP_ACTIONS = resourcePermissions({
  list: RATE_PERMS.groupList,
  add: RATE_PERMS.groupAdd,
  edit: RATE_PERMS.groupEdit,
  delete: RATE_PERMS.groupDelete,
});
const RATE_ACTIONS = resourcePermissions({
  list: RATE_PERMS.list,
  add: RATE_PERMS.add,
  edit: RATE_PERMS.edit,
  delete: RATE_PERMS.delete,
  import: RATE_PERMS.import,
});
const GATEWAY_ACTIONS = resourcePermissions({
  list: RATE_PERMS.gatewayList,
  add: RATE_PERMS.gatewayEdit,
  edit: RATE_PERMS.gatewayEdit,
  delete: RATE_PERMS.gatewayEdit,
});

const OPERATOR_ACTIONS = resourcePermissions({
  list: RATE_PERMS.operatorList,
  add: RATE_PERMS.operatorEdit,
  edit: RATE_PERMS.operatorEdit,
  delete: RATE_PERMS.operatorEdit,
});

export function rateRoutes(api: Api, { rates }: Pick<Services, 'rates'>) {
  // --- groups: list, queryById, add, edit, delete, deleteBatch, exportXls (scoped by the service) ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/feerateGroup',
      noun: 'rate group',
      permission: (action) => GROUP_ACTIONS[action],
      record: rateGroupSchema,
      list: {
        query: rateGroupListQuerySchema,
        sortable: RATE_GROUP_SORTABLE,
        run: (query, auth) => rates.groups.list(auth, query),
      },
      queryById: (id, auth) => rates.groups.get(auth, id),
      // Staff add the platform's groups; a reseller adds its own.
      add: { body: rateGroupInputSchema, run: (input, auth) => rates.groups.add(auth, input) },
      edit: { body: rateGroupEditSchema, run: (input, auth) => rates.groups.edit(auth, input) },
      // Refused, naming them, while a company is assigned any of them.
      remove: (ids, auth) => rates.groups.remove(auth, ids),
      export: {
        query: rateGroupListQuerySchema,
        columns: rateGroupExportColumns({ 'en-US': 'Platform', 'zh-CN': '平台' }),
        rows: (query, auth, limit) => rates.groups.export(auth, query, limit),
        filename: 'rate-groups',
        sheet: RATE_GROUP_SHEET,
      },
    }),
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
    async (request) => ok(request, await rates.groups.copy(requireAuth(request), request.body)),
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
    async (request) => ok(request, await rates.groups.assign(requireAuth(request), request.body)),
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
    async (request) =>
      ok(request, await rates.groups.assignmentsFor(requireAuth(request), request.query.companyId)),
  );

  // --- rates of a group: list, queryById, add, edit, delete, deleteBatch, exportXls ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/feerate',
      noun: 'rate',
      permission: (action) => RATE_ACTIONS[action],
      record: rateSchema,
      list: {
        query: rateListQuerySchema,
        sortable: RATE_SORTABLE,
        run: (query, auth) => rates.groupRates.list(auth, query),
      },
      queryById: (id, auth) => rates.groupRates.get(auth, id),
      add: { body: rateAddSchema, run: (input, auth) => rates.groupRates.add(auth, input) },
      edit: { body: rateEditSchema, run: (input, auth) => rates.groupRates.edit(auth, input) },
      remove: (ids, auth) => rates.groupRates.remove(auth, ids),
      export: {
        query: rateListQuerySchema,
        // A group's kind decides its columns (voice billing, SMS kinds); unseen groups are a 404.
        columns: async (query, auth) =>
          rateExportColumns(await rates.groupRates.sheetKind(auth, query.groupId)),
        rows: (query, auth, limit) => rates.groupRates.export(auth, query, limit),
        filename: 'rates',
        sheet: RATE_SHEET,
      },
    }),
  );

  api.post(
    '/sys/feerate/importExcel',
    {
      config: { access: { permission: RATE_PERMS.import }, openapi: { upload: true } },
      schema: {
        summary: 'Import rates into a group from .xlsx, .csv or .txt',
        description:
          'multipart/form-data with one `file` (.xlsx, .csv or .txt; at most 2 MB) into the group ' +
          '`groupId`. The header row names the columns by key or by either language’s header text ' +
          '(an export imports back). A destination the group prices already gets the new price. ' +
          'All rows or none: with any problem (a row’s fields, its group’s kind, a destination ' +
          'twice, a price below the reseller’s own) 400 IMPORT_HAS_ERRORS whose `result` lists ' +
          'each row’s problems; `dryRun=true` checks everything and writes nothing.',
        querystring: rateImportQuerySchema,
        response: okResponse(importResultSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { groupId, dryRun } = request.query;
      // Another's group is refused before its file is read.
      await rates.imports.importTarget(auth, groupId);
      let imported = 0;
      const result = await runImport(
        request,
        {
          columns: RATE_IMPORT_COLUMNS,
          row: rateInputSchema,
          // The check is the import itself, in one transaction: rolled back on any problem or a
          // dry run, so the rule is judged on exactly what is written, with no gap between.
          check: async (rows, _auth, rowNumbers) => {
            const outcome = await rates.imports.importRateRows(
              auth,
              groupId,
              rows,
              rowNumbers,
              dryRun === true ? 'dryRun' : 'write',
            );
            imported = outcome.imported;
            return outcome.problems;
          },
          write: async () => imported,
        },
        dryRun === true,
      );
      return ok(request, result);
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
    async (request) => ok(request, await rates.groupRates.batchEdit(requireAuth(request), request.body)),
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
        await rates.imports.importRates(
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
    async (request) => ok(request, await rates.pricing.quote(requireAuth(request), request.query)),
  );

  // --- gateway cost per operator (staff): every route of the conventions ---
  resourceRoutes(
    api,
    defineResource({
      path: '/gatewayOperatorPrice',
      noun: 'gateway cost',
      permission: (action) => GATEWAY_ACTIONS[action],
      record: gatewayPriceSchema,
      list: {
        query: gatewayPriceListQuerySchema,
        sortable: GATEWAY_PRICE_SORTABLE,
        run: (query) => rates.gatewayCosts.list(query),
      },
      queryById: (id) => rates.gatewayCosts.find(id),
      add: { body: gatewayPriceInputSchema, run: (input) => rates.gatewayCosts.add(input) },
      edit: { body: gatewayPriceEditSchema, run: (input) => rates.gatewayCosts.edit(input) },
      remove: (ids) => rates.gatewayCosts.remove(ids),
      export: {
        query: gatewayPriceListQuerySchema,
        columns: GATEWAY_PRICE_EXPORT_COLUMNS,
        rows: (query, _auth, limit) => rates.gatewayCosts.export(query, limit),
        filename: 'gateway-costs',
        sheet: GATEWAY_PRICE_SHEET,
      },
      import: {
        columns: GATEWAY_PRICE_EXPORT_COLUMNS,
        row: gatewayPriceInputSchema,
        check: async (rows, _auth, rowNumbers) => rates.gatewayCosts.checkRows(rows, rowNumbers),
        write: (rows) => rates.gatewayCosts.import(rows),
      },
    }),
  );

  // --- mobile operators: MCC/MNC and number prefixes per country (staff) ---
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/smsOperator',
      noun: 'mobile operator',
      permission: (action) => OPERATOR_ACTIONS[action],
      record: operatorSchema,
      list: {
        query: operatorListQuerySchema,
        sortable: OPERATOR_SORTABLE,
        run: (query) => rates.operators.list(query),
      },
      queryById: (id) => rates.operators.find(id),
      add: { body: operatorInputSchema, run: (input) => rates.operators.add(input) },
      edit: { body: operatorEditSchema, run: (input) => rates.operators.edit(input) },
      remove: (ids) => rates.operators.remove(ids),
      export: {
        query: operatorListQuerySchema,
        columns: OPERATOR_COLUMNS,
        rows: (query, _auth, limit) => rates.operators.export(query, limit),
        filename: 'operators',
        sheet: OPERATOR_SHEET,
      },
      import: {
        columns: OPERATOR_COLUMNS,
        row: operatorInputSchema,
        check: async (rows, _auth, rowNumbers) => rates.operators.checkRows(rows, rowNumbers),
        write: (rows) => rates.operators.import(rows),
      },
    }),
  );
}

import {
  COUNTRY_SORTABLE,
  type CountryRecord,
  countryCodeQuerySchema,
  countryEnabledSchema,
  countryInputSchema,
  countryListQuerySchema,
  countryOptionSchema,
  countryRecordSchema,
  noResult,
} from '@switchboard/contracts';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';

/** Permission codes of the country administration (System → Countries). */
export const COUNTRY_PERMS = {
  list: 'system:country:list',
  add: 'system:country:add',
  edit: 'system:country:edit',
  delete: 'system:country:delete',
  export: 'system:country:export',
  import: 'system:country:import',
} as const;

/** The sheet's columns: their keys are the form's fields, so an export imports back as is. */
const COLUMNS: ResourceColumn<CountryRecord>[] = [
  { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '代码' }, required: true, width: 8 },
  { key: 'dialCode', header: { 'en-US': 'Dial code', 'zh-CN': '国际区号' }, required: true, width: 10 },
  { key: 'nameEn', header: { 'en-US': 'Name (English)', 'zh-CN': '英文名称' }, required: true, width: 32 },
  { key: 'nameZh', header: { 'en-US': 'Name (Chinese)', 'zh-CN': '中文名称' }, required: true, width: 24 },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
];

export function countryRoutes(api: Api, { countries }: Pick<Services, 'countries'>) {
  api.get(
    '/sys/country/options',
    {
      // The sign-up form's phone picker needs them before anyone signs in; they are public facts.
      config: { access: 'public' },
      schema: {
        summary: 'The enabled countries in the caller’s language (every country picker)',
        response: okResponse(z.array(countryOptionSchema)),
      },
    },
    async (request) => ok(request, await countries.pickerOptions(requestLocale(request))),
  );

  // list, add, edit, exportXls, importExcel (a country's id is its ISO code: queryById and delete below)
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/country',
      noun: 'country',
      permission: (action) =>
        resourcePermissions({
          list: COUNTRY_PERMS.list,
          add: COUNTRY_PERMS.add,
          edit: COUNTRY_PERMS.edit,
          delete: COUNTRY_PERMS.delete,
          export: COUNTRY_PERMS.export,
          import: COUNTRY_PERMS.import,
        })[action],
      record: countryRecordSchema,
      list: {
        query: countryListQuerySchema,
        sortable: COUNTRY_SORTABLE,
        run: (query) => countries.list(query),
      },
      add: { body: countryInputSchema, run: (input) => countries.add(input) },
      edit: { body: countryInputSchema, run: (input) => countries.edit(input) },
      export: {
        query: countryListQuerySchema,
        columns: COLUMNS,
        rows: (query, _auth, limit) => countries.exportRows(query, limit),
        filename: 'countries',
        sheet: { 'en-US': 'Countries', 'zh-CN': '国家地区' },
      },
      import: { columns: COLUMNS, row: countryInputSchema, write: (rows) => countries.importRows(rows) },
    }),
  );

  api.get(
    '/sys/country/queryById',
    {
      config: { access: { permission: COUNTRY_PERMS.list } },
      schema: {
        summary: 'One country',
        querystring: countryCodeQuerySchema,
        response: okResponse(countryRecordSchema),
      },
    },
    async (request) => ok(request, await countries.byCode(request.query.code)),
  );

  api.put(
    '/sys/country/setEnabled',
    {
      config: { access: { permission: COUNTRY_PERMS.edit } },
      schema: {
        summary:
          'Enable or disable a country (a disabled one leaves the pickers; data naming it stays valid)',
        body: countryEnabledSchema,
        response: okResponse(countryRecordSchema),
      },
    },
    async (request) => ok(request, await countries.setEnabled(request.body.code, request.body.enabled)),
  );

  api.delete(
    '/sys/country/delete',
    {
      config: { access: { permission: COUNTRY_PERMS.delete } },
      schema: {
        summary:
          'Delete a country no rate, operator, gateway cost, route or user names (else 409 COUNTRY_IN_USE)',
        querystring: countryCodeQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await countries.remove(request.query.code);
      return ok(request, null);
    },
  );
}

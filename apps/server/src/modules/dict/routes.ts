import {
  DICT_ITEM_SORTABLE,
  DICT_SORTABLE,
  type DictItemRecord,
  dictCodeParamsSchema,
  dictEditSchema,
  dictInputSchema,
  dictItemEditSchema,
  dictItemEnabledSchema,
  dictItemInputSchema,
  dictItemListQuerySchema,
  dictItemRecordSchema,
  dictItemSchema,
  dictItemSortSchema,
  dictListQuerySchema,
  dictRecordSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceAction,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';

/** Permission codes of the dictionary administration (System → Dictionaries). */
export const DICT_PERMS = {
  list: 'system:dict:list',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  delete: 'system:dict:delete',
  export: 'system:dict:export',
} as const;

const permissionOf = (action: ResourceAction) =>
  resourcePermissions({
    list: DICT_PERMS.list,
    add: DICT_PERMS.add,
    edit: DICT_PERMS.edit,
    delete: DICT_PERMS.delete,
    export: DICT_PERMS.export,
  })[action];

const DICT_COLUMNS: ResourceColumn<z.output<typeof dictRecordSchema>>[] = [
  { key: 'dictCode', header: { 'en-US': 'Code', 'zh-CN': '字典编码' }, required: true, width: 28 },
  { key: 'dictName', header: { 'en-US': 'Name (English)', 'zh-CN': '英文名称' }, required: true, width: 28 },
  {
    key: 'dictNameZh',
    header: { 'en-US': 'Name (Chinese)', 'zh-CN': '中文名称' },
    required: true,
    width: 20,
  },
  { key: 'description', header: { 'en-US': 'Description', 'zh-CN': '描述' }, width: 40 },
  { key: 'itemCount', header: { 'en-US': 'Items', 'zh-CN': '字典项数' }, kind: 'integer' },
  { key: 'builtIn', header: { 'en-US': 'Built in', 'zh-CN': '内置' }, kind: 'boolean' },
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
];

/** An item sheet's columns: the form's fields, so an export imports back as is. */
const ITEM_COLUMNS: ResourceColumn<DictItemRecord>[] = [
  { key: 'itemValue', header: { 'en-US': 'Value', 'zh-CN': '字典值' }, required: true, width: 20 },
  { key: 'textEn', header: { 'en-US': 'Text (English)', 'zh-CN': '英文文本' }, required: true, width: 32 },
  { key: 'textZh', header: { 'en-US': 'Text (Chinese)', 'zh-CN': '中文文本' }, required: true, width: 24 },
  { key: 'sortOrder', header: { 'en-US': 'Sort', 'zh-CN': '排序' }, kind: 'integer' },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
  { key: 'builtIn', header: { 'en-US': 'Built in', 'zh-CN': '内置' }, kind: 'boolean' },
];

export function dictRoutes(api: Api, { dicts }: Pick<Services, 'dicts'>) {
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

  // Dictionaries: list, queryById, add, edit, delete, deleteBatch (items go with them), exportXls.
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/dict',
      noun: 'dictionary',
      permission: permissionOf,
      record: dictRecordSchema,
      list: { query: dictListQuerySchema, sortable: DICT_SORTABLE, run: (query) => dicts.list(query) },
      queryById: (id) => dicts.byId(id),
      add: { body: dictInputSchema, run: (input) => dicts.add(input) },
      edit: { body: dictEditSchema, run: ({ id, ...input }) => dicts.edit(id, input) },
      remove: (ids) => dicts.removeAll(ids),
      export: {
        query: dictListQuerySchema,
        columns: DICT_COLUMNS,
        rows: (query, _auth, limit) => dicts.exportRows(query, limit),
        filename: 'dictionaries',
        sheet: { 'en-US': 'Dictionaries', 'zh-CN': '数据字典' },
      },
    }),
  );

  // Items of one dictionary: list (?dictId=), queryById, add, edit, delete, deleteBatch, exportXls.
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/dictItem',
      noun: 'dictionary item',
      permission: permissionOf,
      record: dictItemRecordSchema,
      list: {
        query: dictItemListQuerySchema,
        sortable: DICT_ITEM_SORTABLE,
        run: (query) => dicts.listItems(query),
      },
      queryById: (id) => dicts.itemById(id),
      add: { body: dictItemInputSchema, run: (input) => dicts.addItem(input) },
      edit: { body: dictItemEditSchema, run: ({ id, ...input }) => dicts.editItem(id, input) },
      remove: (ids) => dicts.removeItems(ids),
      export: {
        query: dictItemListQuerySchema,
        columns: ITEM_COLUMNS,
        rows: (query, _auth, limit) => dicts.exportItems(query, limit),
        filename: 'dictionary-items',
        sheet: { 'en-US': 'Dictionary items', 'zh-CN': '字典项' },
      },
    }),
  );

  api.put(
    '/sys/dictItem/setEnabled',
    {
      config: { access: { permission: DICT_PERMS.edit } },
      schema: {
        summary: 'Enable or disable a dictionary item (a disabled one leaves the selects)',
        body: dictItemEnabledSchema,
        response: okResponse(dictItemRecordSchema),
      },
    },
    async (request) => ok(request, await dicts.patchItem(request.body.id, { enabled: request.body.enabled })),
  );

  api.put(
    '/sys/dictItem/setSort',
    {
      config: { access: { permission: DICT_PERMS.edit } },
      schema: {
        summary: 'Set a dictionary item’s sort number',
        body: dictItemSortSchema,
        response: okResponse(dictItemRecordSchema),
      },
    },
    async (request) =>
      ok(request, await dicts.patchItem(request.body.id, { sortOrder: request.body.sortOrder })),
  );
}

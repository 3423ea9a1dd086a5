import {
  contactInfoSchema,
  groupLinkSchema,
  SUPPORT_CONTACT_SORTABLE,
  supportContactEditSchema,
  supportContactInputSchema,
  supportContactListQuerySchema,
  supportContactRecordSchema,
  supportContactSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';

type ContactRow = z.output<typeof supportContactRecordSchema>;

/** Each action's permission code (deleteBatch is delete's, queryById the list's). */
const PERMISSIONS = resourcePermissions({
  list: 'system:contact:list',
  add: 'system:contact:add',
  edit: 'system:contact:edit',
  delete: 'system:contact:delete',
  export: 'system:contact:export',
  import: 'system:contact:import',
});

/** The sheet's columns: their keys are the add form's fields, so an export imports back as is. */
const COLUMNS: ResourceColumn<ContactRow>[] = [
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, required: true, width: 24 },
  { key: 'telegram', header: { 'en-US': 'Telegram', 'zh-CN': 'Telegram账号' }, required: true, width: 32 },
  { key: 'sort', header: { 'en-US': 'Sort', 'zh-CN': '排序' }, kind: 'integer', value: (row) => row.sortNo },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
];
const EXPORT_COLUMNS: ResourceColumn<ContactRow>[] = [
  ...COLUMNS,
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
];

export function contactRoutes(api: Api, { contacts }: Pick<Services, 'contacts'>) {
  api.get(
    '/outApi/listDisplay',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Support contacts shown to visitors',
        response: okResponse(z.array(supportContactSchema)),
      },
    },
    async (request) => ok(request, await contacts.displayed()),
  );

  api.get(
    '/outApi/contactInfo',
    {
      config: { access: 'public' },
      schema: { summary: 'Group link and support contacts', response: okResponse(contactInfoSchema) },
    },
    async (request) => ok(request, await contacts.info()),
  );

  // list, queryById, add, edit, delete, deleteBatch, exportXls, importExcel
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/supportContact',
      noun: 'support contact',
      permission: (action) => PERMISSIONS[action],
      record: supportContactRecordSchema,
      list: {
        query: supportContactListQuerySchema,
        sortable: SUPPORT_CONTACT_SORTABLE,
        run: (query) => contacts.list(query),
      },
      queryById: (id) => contacts.byId(id),
      add: { body: supportContactInputSchema, run: (input) => contacts.add(input) },
      edit: {
        body: supportContactEditSchema,
        run: ({ id, ...input }) => contacts.edit(id, input),
      },
      remove: (ids) => contacts.removeAll(ids),
      export: {
        query: supportContactListQuerySchema,
        columns: EXPORT_COLUMNS,
        rows: (query, _auth, limit) => contacts.exportRows(query, limit),
        filename: 'support-contacts',
        sheet: { 'en-US': 'Support contacts', 'zh-CN': '客服联系人' },
      },
      import: {
        columns: COLUMNS,
        row: supportContactInputSchema,
        write: (rows) => contacts.addAll(rows),
      },
    }),
  );

  api.put(
    '/sys/supportContact/groupLink',
    {
      config: { access: { permission: PERMISSIONS.edit } },
      schema: {
        summary: 'Set the support group link (empty removes it)',
        body: groupLinkSchema,
        response: okResponse(z.object({ groupLink: z.string().nullable() })),
      },
    },
    async (request) => ok(request, { groupLink: await contacts.setGroupLink(request.body.groupLink) }),
  );
}

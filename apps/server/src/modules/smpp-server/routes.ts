import {
  SMPP_ACCOUNT_SORTABLE,
  smppAccountEditSchema,
  smppAccountInputSchema,
  smppAccountListQuerySchema,
  smppAccountRecordSchema,
} from '@switchboard/contracts';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceColumn,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';
import type { SmppAccountView } from './service';

/** Each action's permission code (staff: the menu seeds them for administrators). */
export const SMPP_ACCOUNT_PERMS = resourcePermissions({
  list: 'system:smppAccount:list',
  add: 'system:smppAccount:add',
  edit: 'system:smppAccount:edit',
  delete: 'system:smppAccount:delete',
  export: 'system:smppAccount:export',
});

const EXPORT_COLUMNS: ResourceColumn<SmppAccountView>[] = [
  { key: 'systemId', header: { 'en-US': 'System ID', 'zh-CN': '系统ID' }, width: 18 },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 28 },
  { key: 'kind', header: { 'en-US': 'SMS kind', 'zh-CN': '短信类型' }, width: 14 },
  {
    key: 'allowedAddresses',
    header: { 'en-US': 'Allowed addresses', 'zh-CN': '允许的地址' },
    width: 32,
    value: (row) => row.allowedAddresses.join(', '),
  },
  { key: 'tpsLimit', header: { 'en-US': 'TPS limit', 'zh-CN': 'TPS上限' }, kind: 'integer' },
  { key: 'maxBinds', header: { 'en-US': 'Max binds', 'zh-CN': '最大连接数' }, kind: 'integer' },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
  { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 24 },
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
];

/** `/sys/smppAccount`: list, queryById, add, edit, delete, deleteBatch, exportXls (staff). */
export function smppServerRoutes(api: Api, { smppServer }: Pick<Services, 'smppServer'>) {
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/smppAccount',
      noun: 'SMPP account',
      permission: (action) => SMPP_ACCOUNT_PERMS[action],
      record: smppAccountRecordSchema,
      list: {
        query: smppAccountListQuerySchema,
        sortable: SMPP_ACCOUNT_SORTABLE,
        run: (query, auth) => smppServer.list(auth, query),
      },
      queryById: (id, auth) => smppServer.byId(auth, id),
      add: { body: smppAccountInputSchema, run: (input, auth) => smppServer.add(auth, input) },
      edit: { body: smppAccountEditSchema, run: (input, auth) => smppServer.edit(auth, input) },
      remove: (ids, auth) => smppServer.remove(auth, ids),
      export: {
        query: smppAccountListQuerySchema,
        columns: EXPORT_COLUMNS,
        rows: (query, auth, limit) => smppServer.exportRows(auth, query, limit),
        filename: 'smpp-accounts',
        sheet: { 'en-US': 'SMPP accounts', 'zh-CN': 'SMPP账号' },
      },
    }),
  );
}

import {
  GATEWAY_BIND_MODES,
  GATEWAY_ID_FORMATS,
  GATEWAY_SORTABLE,
  gatewayCopySchema,
  gatewayEditSchema,
  gatewayInputSchema,
  gatewayListQuerySchema,
  gatewayOptionsSchema,
  gatewaySchema,
  gatewayStatesSchema,
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
import type { GatewayRecord } from './service';

/** Permission codes of the gateway screen (menu-seed.ts grants them to administrators). */
export const GATEWAY_PERMS = {
  list: 'sms:gateway:list',
  add: 'sms:gateway:add',
  edit: 'sms:gateway:edit',
  copy: 'sms:gateway:copy',
  delete: 'sms:gateway:delete',
  import: 'sms:gateway:import',
  export: 'sms:gateway:export',
  /** Gateways for selects (routing, test tool): id, name, enabled. */
  options: 'sms:gateway:options',
} as const;

const ACTIONS = resourcePermissions({
  list: GATEWAY_PERMS.list,
  add: GATEWAY_PERMS.add,
  edit: GATEWAY_PERMS.edit,
  delete: GATEWAY_PERMS.delete,
  export: GATEWAY_PERMS.export,
  import: GATEWAY_PERMS.import,
});

const labels = <T extends string>(values: readonly T[], text: Record<T, [string, string]>) =>
  Object.fromEntries(values.map((v) => [v, { 'en-US': text[v][0], 'zh-CN': text[v][1] }])) as Record<
    string,
    { 'en-US': string; 'zh-CN': string }
  >;

/**
 * The sheet's columns: keys are the add form's fields, so an export imports back once a password
 * column is filled in (passwords are never exported).
 */
const SETTINGS_COLUMNS: ResourceColumn<GatewayRecord>[] = [
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, required: true, width: 20 },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
  { key: 'host', header: { 'en-US': 'Host', 'zh-CN': '主机' }, required: true, width: 20 },
  { key: 'port', header: { 'en-US': 'Port', 'zh-CN': '端口' }, kind: 'integer', required: true },
  { key: 'systemId', header: { 'en-US': 'System ID', 'zh-CN': '系统ID' }, required: true, width: 16 },
  { key: 'systemType', header: { 'en-US': 'System type', 'zh-CN': '系统类型' } },
  {
    key: 'bindMode',
    header: { 'en-US': 'Bind mode', 'zh-CN': '绑定方式' },
    kind: 'enum',
    labels: labels(GATEWAY_BIND_MODES, {
      transceiver: ['Transceiver', '收发'],
      pair: ['Transmitter + receiver', '发送+接收'],
    }),
    width: 22,
  },
  { key: 'binds', header: { 'en-US': 'Binds', 'zh-CN': '连接数' }, kind: 'integer' },
  { key: 'windowSize', header: { 'en-US': 'Window', 'zh-CN': '窗口' }, kind: 'integer' },
  { key: 'tps', header: { 'en-US': 'TPS', 'zh-CN': 'TPS' }, kind: 'integer' },
  { key: 'sourceTon', header: { 'en-US': 'Source TON', 'zh-CN': '源TON' }, kind: 'integer' },
  { key: 'sourceNpi', header: { 'en-US': 'Source NPI', 'zh-CN': '源NPI' }, kind: 'integer' },
  { key: 'destTon', header: { 'en-US': 'Destination TON', 'zh-CN': '目标TON' }, kind: 'integer' },
  { key: 'destNpi', header: { 'en-US': 'Destination NPI', 'zh-CN': '目标NPI' }, kind: 'integer' },
  { key: 'defaultDataCoding', header: { 'en-US': 'Data coding', 'zh-CN': '默认编码' }, kind: 'integer' },
  {
    key: 'enquireLinkSeconds',
    header: { 'en-US': 'Enquire link (s)', 'zh-CN': '心跳间隔(秒)' },
    kind: 'integer',
  },
  { key: 'reconnectSeconds', header: { 'en-US': 'Reconnect (s)', 'zh-CN': '重连间隔(秒)' }, kind: 'integer' },
  {
    key: 'reconnectMaxSeconds',
    header: { 'en-US': 'Reconnect max (s)', 'zh-CN': '最长重连间隔(秒)' },
    kind: 'integer',
  },
  {
    key: 'submitIdFormat',
    header: { 'en-US': 'Submit id format', 'zh-CN': '提交ID格式' },
    kind: 'enum',
    labels: labels(GATEWAY_ID_FORMATS, { hex: ['Hex', '十六进制'], decimal: ['Decimal', '十进制'] }),
  },
  {
    key: 'receiptIdFormat',
    header: { 'en-US': 'Receipt id format', 'zh-CN': '回执ID格式' },
    kind: 'enum',
    labels: labels(GATEWAY_ID_FORMATS, { hex: ['Hex', '十六进制'], decimal: ['Decimal', '十进制'] }),
  },
  {
    key: 'errorMap',
    header: { 'en-US': 'Error map', 'zh-CN': '错误码映射' },
    value: (row) => (Object.keys(row.errorMap).length > 0 ? JSON.stringify(row.errorMap) : ''),
    width: 30,
  },
  { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 30 },
];
const IMPORT_COLUMNS: ResourceColumn<GatewayRecord>[] = [
  ...SETTINGS_COLUMNS.slice(0, 5),
  { key: 'password', header: { 'en-US': 'Password', 'zh-CN': '密码' }, required: true },
  ...SETTINGS_COLUMNS.slice(5),
];
const EXPORT_COLUMNS: ResourceColumn<GatewayRecord>[] = [
  ...SETTINGS_COLUMNS,
  { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
];

/** An import row: the add form, with the error map as JSON text in its cell. */
const importRowSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const row = { ...(raw as Record<string, unknown>) };
  if (typeof row.errorMap === 'string') {
    try {
      row.errorMap = JSON.parse(row.errorMap);
    } catch {
      // left as text: the schema names the column
    }
  }
  return row;
}, gatewayInputSchema);

export function gatewayRoutes(api: Api, { gateways }: Pick<Services, 'gateways'>) {
  resourceRoutes(
    api,
    defineResource({
      path: '/sms/gateway',
      noun: 'SMS gateway',
      permission: (action) => ACTIONS[action],
      record: gatewaySchema,
      list: {
        query: gatewayListQuerySchema,
        sortable: GATEWAY_SORTABLE,
        run: (query) => gateways.list(query),
      },
      queryById: (id) => gateways.byId(id),
      add: { body: gatewayInputSchema, run: (input) => gateways.add(input) },
      edit: { body: gatewayEditSchema, run: (input) => gateways.edit(input) },
      // Refused, naming it, while another module uses one of them (registerUsageCheck).
      remove: (ids) => gateways.removeAll(ids),
      export: {
        query: gatewayListQuerySchema,
        columns: EXPORT_COLUMNS,
        rows: (query, _auth, limit) => gateways.exportRows(query, limit),
        filename: 'sms-gateways',
        sheet: { 'en-US': 'SMS gateways', 'zh-CN': '短信通道' },
      },
      import: {
        columns: IMPORT_COLUMNS,
        row: importRowSchema,
        check: async (rows) => {
          const taken = await gateways.takenNames(rows.map((r) => r.name));
          const seen = new Set<string>();
          return rows.flatMap((row, index) => {
            const name = row.name.toLowerCase();
            const repeated = seen.has(name);
            seen.add(name);
            return taken.has(name) || repeated
              ? [{ index, field: 'name', code: 'GATEWAY_NAME_TAKEN' as const }]
              : [];
          });
        },
        write: (rows) => gateways.addAll(rows),
      },
    }),
  );

  api.post(
    '/sms/gateway/copy',
    {
      config: { access: { permission: GATEWAY_PERMS.copy } },
      schema: {
        summary: 'Copy a gateway (every setting and the password) under a new name, disabled',
        body: gatewayCopySchema,
        response: okResponse(gatewaySchema),
      },
    },
    async (request) => ok(request, await gateways.copy(request.body)),
  );

  api.get(
    '/sms/gateway/state',
    {
      config: { access: { permission: GATEWAY_PERMS.list } },
      schema: {
        summary: 'The live bind state of every gateway (bound, connecting, down, disabled)',
        response: okResponse(gatewayStatesSchema),
      },
    },
    async (request) => ok(request, await gateways.states()),
  );

  api.get(
    '/sys/smsGateway/list',
    {
      config: { access: { permission: GATEWAY_PERMS.options } },
      schema: {
        summary: 'Gateways for selects: id, name, enabled',
        response: okResponse(gatewayOptionsSchema),
      },
    },
    async (request) => ok(request, await gateways.options()),
  );
}

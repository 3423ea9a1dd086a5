import {
  hasPlatformScope,
  type Locale,
  pageSchema,
  SMS_KIND_PATHS,
  SMS_KINDS,
  SMS_RECIPIENTS_MAX,
  type SmsKind,
  type SmsNumberImport,
  type SmsStatus,
  smsBatchListQuerySchema,
  smsBatchRowSchema,
  smsCallbackListQuerySchema,
  smsCallbackRowSchema,
  smsIdQuerySchema,
  smsMessageListQuerySchema,
  smsMessageRowSchema,
  smsNumberImportSchema,
  smsPreviewSchema,
  smsSendInputSchema,
  smsSendResultSchema,
} from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import {
  exportRoute,
  importFileType,
  type ResourceColumn,
  readRows,
  uploadedFile,
} from '../../platform/resource';
import { readNumberTable } from './rules';

/** Permission codes of one kind's screens (`sms:<kindPath>:<action>`; menu-seed.ts grants them). */
export const smsPerms = (kind: SmsKind) => {
  const p = SMS_KIND_PATHS[kind];
  return {
    list: `sms:${p}:list`,
    send: `sms:${p}:send`,
    cancel: `sms:${p}:cancel`,
    export: `sms:${p}:export`,
  } as const;
};

/**
 * The uploaded number file of a request (.txt one per line, .csv or .xlsx; see readNumberTable):
 * at most `max` numbers, with each refused row as a problem.
 */
export async function readNumberFile(request: FastifyRequest, max: number): Promise<SmsNumberImport> {
  const file = await uploadedFile(request);
  const table = await readRows(importFileType(file.filename), file.bytes, max);
  return readNumberTable(table, max);
}

/** readNumberFile for a list of bare numbers (a call task's, a status check's): no variables. */
export async function readNumberList(
  request: FastifyRequest,
  max: number,
): Promise<{ numbers: string[]; problems: SmsNumberImport['problems'] }> {
  const read = await readNumberFile(request, max);
  return { numbers: read.recipients.map((r) => r.number), problems: read.problems };
}

export const SMS_PERMS = {
  callbackList: 'sms:callback:list',
} as const;

const STATUS_LABELS: Record<SmsStatus, Record<Locale, string>> = {
  accepted: { 'en-US': 'Accepted', 'zh-CN': '已接收' },
  queued: { 'en-US': 'Queued', 'zh-CN': '排队中' },
  sent: { 'en-US': 'Sent', 'zh-CN': '已提交' },
  delivered: { 'en-US': 'Delivered', 'zh-CN': '已送达' },
  undeliverable: { 'en-US': 'Undeliverable', 'zh-CN': '无法送达' },
  rejected: { 'en-US': 'Rejected', 'zh-CN': '已拒绝' },
  expired: { 'en-US': 'Expired', 'zh-CN': '已过期' },
  timeout: { 'en-US': 'Timeout', 'zh-CN': '超时' },
  invalid_number: { 'en-US': 'Invalid number', 'zh-CN': '号码无效' },
  arrears: { 'en-US': 'Arrears', 'zh-CN': '欠费' },
  failed: { 'en-US': 'Failed', 'zh-CN': '失败' },
};

type SmsMessageRow = z.output<typeof smsMessageRowSchema>;

/** The records sheet (gateway, route and cost are filled for staff only, as the list). */
function recordColumns(staff: boolean): ResourceColumn<SmsMessageRow>[] {
  const columns: ResourceColumn<SmsMessageRow>[] = [
    { key: 'createdAt', header: { 'en-US': 'Created at', 'zh-CN': '创建时间' }, kind: 'datetime', width: 20 },
    { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' } },
    { key: 'to', header: { 'en-US': 'Number', 'zh-CN': '号码' }, width: 16 },
    { key: 'countryCode', header: { 'en-US': 'Country', 'zh-CN': '国家/地区' } },
    { key: 'sender', header: { 'en-US': 'Sender ID', 'zh-CN': '发送方ID' } },
    { key: 'text', header: { 'en-US': 'Text', 'zh-CN': '内容' }, width: 40 },
    { key: 'parts', header: { 'en-US': 'Parts', 'zh-CN': '条数' }, kind: 'integer' },
    { key: 'price', header: { 'en-US': 'Price', 'zh-CN': '价格' }, kind: 'money', decimals: 6 },
    {
      key: 'status',
      header: { 'en-US': 'Status', 'zh-CN': '状态' },
      kind: 'enum',
      labels: STATUS_LABELS,
    },
    { key: 'errorCode', header: { 'en-US': 'Error code', 'zh-CN': '错误码' } },
    { key: 'clientRef', header: { 'en-US': 'Client reference', 'zh-CN': '客户参考号' } },
    { key: 'sentAt', header: { 'en-US': 'Sent at', 'zh-CN': '提交时间' }, kind: 'datetime', width: 20 },
    { key: 'doneAt', header: { 'en-US': 'Done at', 'zh-CN': '完成时间' }, kind: 'datetime', width: 20 },
  ];
  if (staff) {
    columns.push(
      { key: 'gatewayName', header: { 'en-US': 'Gateway', 'zh-CN': '通道' } },
      { key: 'routeName', header: { 'en-US': 'Route', 'zh-CN': '路由' } },
      { key: 'cost', header: { 'en-US': 'Cost', 'zh-CN': '成本' }, kind: 'money', decimals: 6 },
    );
  }
  return columns;
}

const cancelResultSchema = z.object({ cancelled: z.number().int() });

export function smsRoutes(api: Api, { sms }: Pick<Services, 'sms'>) {
  for (const kind of SMS_KINDS) {
    const base = `/sms/${SMS_KIND_PATHS[kind]}`;
    const perms = smsPerms(kind);
    const tag = `${kind} SMS`;

    api.post(
      `${base}/preview`,
      {
        config: { access: { permission: perms.send } },
        schema: {
          summary: `Preview a send of ${tag}: counts, problems per recipient, parts and cost`,
          body: smsSendInputSchema,
          response: okResponse(smsPreviewSchema),
        },
      },
      async (request) => ok(request, await sms.sends.preview(requireAuth(request), kind, request.body)),
    );

    api.post(
      `${base}/send`,
      {
        config: { access: { permission: perms.send } },
        schema: {
          summary: `Send ${tag} now or at scheduledAt (not earlier than now): charged at acceptance`,
          body: smsSendInputSchema,
          response: okResponse(smsSendResultSchema),
        },
      },
      async (request) => ok(request, await sms.sends.send(requireAuth(request), kind, request.body)),
    );

    api.post(
      `${base}/importNumbers`,
      {
        config: { access: { permission: perms.send }, openapi: { upload: true } },
        schema: {
          summary: `Read recipients of ${tag} from a file`,
          description:
            'multipart/form-data with one `file`: .txt (one number per line), .csv or .xlsx whose ' +
            'first row names the columns (a `number` column, or the first one, and the rest as ' +
            'variables). Invalid and repeated numbers are answered as problems, by row.',
          response: okResponse(smsNumberImportSchema),
        },
      },
      async (request) => {
        requireAuth(request);
        return ok(request, await readNumberFile(request, SMS_RECIPIENTS_MAX));
      },
    );

    api.get(
      `${base}/batchList`,
      {
        config: { access: { permission: perms.list } },
        schema: {
          summary: `Sends of ${tag} (outbox and timing), with their messages counted by status`,
          querystring: smsBatchListQuerySchema,
          response: okResponse(pageSchema(smsBatchRowSchema)),
        },
      },
      async (request) => ok(request, await sms.records.batchList(requireAuth(request), kind, request.query)),
    );

    api.post(
      `${base}/cancel`,
      {
        config: { access: { permission: perms.cancel } },
        schema: {
          summary: `Cancel a scheduled send of ${tag} that has not started (its charges refunded)`,
          querystring: smsIdQuerySchema,
          response: okResponse(cancelResultSchema),
        },
      },
      async (request) => ok(request, await sms.sends.cancel(requireAuth(request), kind, request.query.id)),
    );

    api.get(
      `${base}/list`,
      {
        config: { access: { permission: perms.list } },
        schema: {
          summary: `Records of ${tag}: the current day unless a period is given`,
          querystring: smsMessageListQuerySchema,
          response: okResponse(pageSchema(smsMessageRowSchema)),
        },
      },
      async (request) => ok(request, await sms.records.list(requireAuth(request), kind, request.query)),
    );

    api.get(
      `${base}/queryById`,
      {
        config: { access: { permission: perms.list } },
        schema: {
          summary: `One message of ${tag}`,
          querystring: smsIdQuerySchema,
          response: okResponse(smsMessageRowSchema),
        },
      },
      async (request) =>
        ok(request, await sms.records.queryById(requireAuth(request), kind, request.query.id)),
    );

    exportRoute(
      api,
      `${base}/exportXls`,
      {
        summary: `Export records of ${tag} (the past week only) as .xlsx`,
        access: { permission: perms.export },
      },
      {
        query: smsMessageListQuerySchema,
        columns: async (_query, auth) => recordColumns(hasPlatformScope(auth.roles)),
        rows: (query, auth, limit) => sms.records.exportRows(auth, kind, query, limit),
        filename: `sms-${SMS_KIND_PATHS[kind]}`,
        sheet: { 'en-US': 'Records', 'zh-CN': '发送记录' },
      },
    );
  }

  api.get(
    '/sms/callback/list',
    {
      config: { access: { permission: SMS_PERMS.callbackList } },
      schema: {
        summary: 'Delivery-report callbacks to the company’s URL, each attempt logged (staff: all)',
        querystring: smsCallbackListQuerySchema,
        response: okResponse(pageSchema(smsCallbackRowSchema)),
      },
    },
    async (request) => ok(request, await sms.records.callbackList(requireAuth(request), request.query)),
  );
}

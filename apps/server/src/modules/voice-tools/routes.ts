import {
  cliTestInputSchema,
  cliTestListQuerySchema,
  cliTestSchema,
  type Locale,
  type NumberStatusResult,
  pageSchema,
  STATUS_CHECK_NUMBERS_MAX,
  statusCheckIdSchema,
  statusCheckInputSchema,
  statusCheckListQuerySchema,
  statusCheckNumberSchema,
  statusCheckNumbersQuerySchema,
  statusCheckSchema,
  uuid,
} from '@switchboard/contracts';
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
import { readNumberTable } from '../sms';

/** Permission codes of the CLI test (staff) and number-status check screens. */
export const VOICE_TOOLS_PERMS = {
  cliList: 'voice:cliTest:list',
  cliRun: 'voice:cliTest:run',
  checkList: 'voice:statusCheck:list',
  checkAdd: 'voice:statusCheck:add',
  checkStop: 'voice:statusCheck:stop',
  checkExport: 'voice:statusCheck:export',
} as const;
const P = VOICE_TOOLS_PERMS;

const STATUS_LABELS: Record<NumberStatusResult, Record<Locale, string>> = {
  reachable: { 'en-US': 'Reachable', 'zh-CN': '可接通' },
  busy: { 'en-US': 'Busy', 'zh-CN': '忙线' },
  unavailable: { 'en-US': 'Unavailable', 'zh-CN': '无法接通' },
  vacant: { 'en-US': 'Vacant', 'zh-CN': '空号' },
  failed: { 'en-US': 'Not checked', 'zh-CN': '未检测' },
};

const NUMBER_COLUMNS: ResourceColumn<z.output<typeof statusCheckNumberSchema>>[] = [
  { key: 'number', header: { 'en-US': 'Number', 'zh-CN': '号码' }, width: 18 },
  { key: 'status', header: { 'en-US': 'Status', 'zh-CN': '状态' }, kind: 'enum', labels: STATUS_LABELS },
  { key: 'sipCode', header: { 'en-US': 'SIP code', 'zh-CN': 'SIP响应码' } },
  { key: 'ms', header: { 'en-US': 'Answer time (ms)', 'zh-CN': '响应时间(毫秒)' }, kind: 'integer' },
  { key: 'error', header: { 'en-US': 'Reason', 'zh-CN': '原因' }, width: 18 },
  { key: 'amount', header: { 'en-US': 'Amount', 'zh-CN': '费用' } },
  { key: 'checkedAt', header: { 'en-US': 'Checked at', 'zh-CN': '检测时间' }, kind: 'datetime', width: 20 },
];

const numberImportSchema = z.object({
  numbers: z.array(z.string()),
  problems: z.array(z.object({ row: z.number().int(), number: z.string(), reason: z.string() })),
});
const idParamsSchema = z.object({ id: uuid });

/** `/voip/statusCheck` (number-status checks) and `/voip/cliTest` (CLI test calls). */
export function voiceToolsRoutes(api: Api, { voiceTools }: Pick<Services, 'voiceTools'>) {
  api.get(
    '/voip/statusCheck/list',
    {
      config: { access: { permission: P.checkList } },
      schema: {
        summary: 'Number-status checks in the caller’s scope, with their counts',
        querystring: statusCheckListQuerySchema,
        response: okResponse(pageSchema(statusCheckSchema)),
      },
    },
    async (request) => ok(request, await voiceTools.listChecks(requireAuth(request), request.query)),
  );

  api.get(
    '/voip/statusCheck/details/:id',
    {
      config: { access: { permission: P.checkList } },
      schema: {
        summary: 'One number-status check with its summary',
        params: idParamsSchema,
        response: okResponse(statusCheckSchema),
      },
    },
    async (request) => ok(request, await voiceTools.getCheck(requireAuth(request), request.params.id)),
  );

  api.get(
    '/voip/statusCheck/numbers',
    {
      config: { access: { permission: P.checkList } },
      schema: {
        summary: 'The numbers of a status check with their status',
        querystring: statusCheckNumbersQuerySchema,
        response: okResponse(pageSchema(statusCheckNumberSchema)),
      },
    },
    async (request) => ok(request, await voiceTools.numbers(requireAuth(request), request.query)),
  );

  api.post(
    '/voip/statusCheck/add',
    {
      config: { access: { permission: P.checkAdd } },
      schema: {
        summary: 'Check the status of numbers (each charged once from the company’s ND rate group)',
        body: statusCheckInputSchema,
        response: okResponse(statusCheckSchema),
      },
    },
    async (request) => ok(request, await voiceTools.addCheck(requireAuth(request), request.body)),
  );

  api.post(
    '/voip/statusCheck/stop',
    {
      config: { access: { permission: P.checkStop } },
      schema: {
        summary: 'Stop a running status check (numbers not yet checked are skipped)',
        body: statusCheckIdSchema,
        response: okResponse(statusCheckSchema),
      },
    },
    async (request) => ok(request, await voiceTools.stopCheck(requireAuth(request), request.body.id)),
  );

  api.post(
    '/voip/statusCheck/importNumbers',
    {
      config: { access: { permission: P.checkAdd }, openapi: { upload: true } },
      schema: {
        summary: 'Read the numbers of a status check from a file (.txt one per line, .csv or .xlsx)',
        description:
          'multipart/form-data with one `file`. Invalid and repeated numbers are answered as problems, by row.',
        response: okResponse(numberImportSchema),
      },
    },
    async (request) => {
      requireAuth(request);
      const file = await uploadedFile(request);
      const table = await readRows(importFileType(file.filename), file.bytes, STATUS_CHECK_NUMBERS_MAX);
      const read = readNumberTable(table, STATUS_CHECK_NUMBERS_MAX);
      return ok(request, { numbers: read.recipients.map((r) => r.number), problems: read.problems });
    },
  );

  exportRoute(
    api,
    '/voip/statusCheck/numbers/exportXls',
    { summary: 'Export the numbers of a status check as .xlsx', access: { permission: P.checkExport } },
    {
      query: statusCheckNumbersQuerySchema.omit({ pageNo: true, pageSize: true }),
      columns: NUMBER_COLUMNS,
      rows: (query, auth, limit) => voiceTools.exportNumbers(auth, query, limit),
      filename: 'status-check',
      sheet: { 'en-US': 'Number status', 'zh-CN': '号码状态' },
    },
  );

  api.post(
    '/voip/cliTest/add',
    {
      config: { access: { permission: P.cliRun } },
      schema: {
        summary: 'Place a CLI test call through a trunk (queued; a worker places it)',
        body: cliTestInputSchema,
        response: okResponse(cliTestSchema),
      },
    },
    async (request) => ok(request, await voiceTools.addTest(requireAuth(request), request.body)),
  );

  api.get(
    '/voip/cliTest/list',
    {
      config: { access: { permission: P.cliList } },
      schema: {
        summary: 'CLI tests, newest first',
        querystring: cliTestListQuerySchema,
        response: okResponse(pageSchema(cliTestSchema)),
      },
    },
    async (request) => ok(request, await voiceTools.listTests(requireAuth(request), request.query)),
  );

  api.get(
    '/voip/cliTest/details/:id',
    {
      config: { access: { permission: P.cliList } },
      schema: {
        summary: 'One CLI test: its SIP ladder, media and what the callee received',
        params: idParamsSchema,
        response: okResponse(cliTestSchema),
      },
    },
    async (request) => ok(request, await voiceTools.getTest(requireAuth(request), request.params.id)),
  );
}

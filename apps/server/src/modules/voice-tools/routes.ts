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
import { bulkJobReadRoutes } from '../../platform/bulk-job';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { exportRoute, type ResourceColumn } from '../../platform/resource';
import { readNumberList } from '../sms';

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

const idParamsSchema = z.object({ id: uuid });

/** `/voip/statusCheck` (number-status checks) and `/voip/cliTest` (CLI test calls). */
export function voiceToolsRoutes(api: Api, { voiceTools }: Pick<Services, 'voiceTools'>) {
  bulkJobReadRoutes(api, {
    path: '/voip/statusCheck',
    permissions: { list: P.checkList, add: P.checkAdd },
    job: statusCheckSchema,
    item: statusCheckNumberSchema,
    summaries: {
      list: 'Number-status checks in the caller’s scope, with their counts',
      details: 'One number-status check with its summary',
      numbers: 'The numbers of a status check with their status',
      importNumbers: 'Read the numbers of a status check from a file (.txt one per line, .csv or .xlsx)',
    },
    list: { query: statusCheckListQuerySchema, run: (auth, query) => voiceTools.listChecks(auth, query) },
    details: (auth, id) => voiceTools.getCheck(auth, id),
    numbers: { query: statusCheckNumbersQuerySchema, run: (auth, query) => voiceTools.numbers(auth, query) },
    readNumbers: (request) => readNumberList(request, STATUS_CHECK_NUMBERS_MAX),
  });

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

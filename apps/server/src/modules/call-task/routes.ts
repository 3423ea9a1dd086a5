import {
  CALL_TASK_NUMBERS_MAX,
  type CallResult,
  type CallTaskAction,
  callRecordQuerySchema,
  callRecordSchema,
  callTaskActionSchema,
  callTaskEditSchema,
  callTaskInputSchema,
  callTaskListQuerySchema,
  callTaskNumberSchema,
  callTaskNumbersQuerySchema,
  callTaskRecallSchema,
  callTaskSchema,
  type Locale,
  pageSchema,
  uuid,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { bulkJobReadRoutes } from '../../platform/bulk-job';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { exportRoute, type ResourceColumn } from '../../platform/resource';
import { readNumberList } from '../sms';

/** Permission codes of the group call task screens. */
export const CALL_TASK_PERMS = {
  list: 'voice:task:list',
  add: 'voice:task:add',
  edit: 'voice:task:edit',
  delete: 'voice:task:delete',
  run: 'voice:task:run',
  records: 'voice:record:list',
  export: 'voice:record:export',
  stats: 'voice:record:stats',
  statsExport: 'voice:stats:export',
  statsTrunk: 'voice:stats:trunk',
  statsRebuild: 'voice:stats:rebuild',
  home: 'home:voice:view',
} as const;
const P = CALL_TASK_PERMS;

const RESULT_LABELS: Record<CallResult, Record<Locale, string>> = {
  answered: { 'en-US': 'Answered', 'zh-CN': '已接听' },
  busy: { 'en-US': 'Busy', 'zh-CN': '忙线' },
  no_answer: { 'en-US': 'No answer', 'zh-CN': '无人接听' },
  rejected: { 'en-US': 'Rejected', 'zh-CN': '拒接' },
  invalid_number: { 'en-US': 'Invalid number', 'zh-CN': '空号' },
  failed: { 'en-US': 'Failed', 'zh-CN': '失败' },
};

const RECORD_COLUMNS: ResourceColumn<z.output<typeof callRecordSchema>>[] = [
  { key: 'startedAt', header: { 'en-US': 'Started at', 'zh-CN': '开始时间' }, kind: 'datetime', width: 20 },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 20 },
  { key: 'taskName', header: { 'en-US': 'Task', 'zh-CN': '任务' }, width: 20 },
  { key: 'to', header: { 'en-US': 'Number', 'zh-CN': '号码' }, width: 16 },
  { key: 'callerId', header: { 'en-US': 'Caller ID', 'zh-CN': '主叫号码' }, width: 16 },
  { key: 'result', header: { 'en-US': 'Result', 'zh-CN': '结果' }, kind: 'enum', labels: RESULT_LABELS },
  { key: 'ringS', header: { 'en-US': 'Ring (s)', 'zh-CN': '振铃(秒)' } },
  { key: 'talkS', header: { 'en-US': 'Talk (s)', 'zh-CN': '通话(秒)' } },
  { key: 'billedS', header: { 'en-US': 'Billed (s)', 'zh-CN': '计费(秒)' }, kind: 'integer' },
  { key: 'keys', header: { 'en-US': 'Keys', 'zh-CN': '按键' } },
  { key: 'ivrResult', header: { 'en-US': 'IVR result', 'zh-CN': 'IVR结果' } },
  { key: 'amount', header: { 'en-US': 'Amount', 'zh-CN': '费用' }, kind: 'money', decimals: 6 },
  { key: 'transferTo', header: { 'en-US': 'Transferred to', 'zh-CN': '转接号码' }, width: 16 },
  {
    key: 'transferResult',
    header: { 'en-US': 'Transfer result', 'zh-CN': '转接结果' },
    kind: 'enum',
    labels: RESULT_LABELS,
  },
  { key: 'transferTalkS', header: { 'en-US': 'Transfer talk (s)', 'zh-CN': '转接通话(秒)' } },
  {
    key: 'transferAmount',
    header: { 'en-US': 'Transfer amount', 'zh-CN': '转接费用' },
    kind: 'money',
    decimals: 6,
  },
];

const idQuerySchema = z.object({ id: uuid });

/** `/groupCallTask`: add, edit, delete, list, details, submit (run), pause, resume, stop, reCall, records. */
export function callTaskRoutes(api: Api, { callTasks }: Pick<Services, 'callTasks'>) {
  bulkJobReadRoutes(api, {
    path: '/groupCallTask',
    permissions: { list: P.list, add: P.add },
    job: callTaskSchema,
    item: callTaskNumberSchema,
    summaries: {
      list: 'Group call tasks in the caller’s scope, with their counts and allowed actions',
      details: 'One group call task with its progress',
      numbers: 'The numbers of a task with their results',
      importNumbers: 'Read the numbers of a task from a file (.txt one per line, .csv or .xlsx)',
    },
    list: { query: callTaskListQuerySchema, run: (auth, query) => callTasks.list(auth, query) },
    details: (auth, id) => callTasks.get(auth, id),
    numbers: { query: callTaskNumbersQuerySchema, run: (auth, query) => callTasks.numbers(auth, query) },
    readNumbers: (request) => readNumberList(request, CALL_TASK_NUMBERS_MAX),
  });

  api.post(
    '/groupCallTask/add',
    {
      config: { access: { permission: P.add } },
      schema: {
        summary: 'Add a group call task (waiting to submit)',
        body: callTaskInputSchema,
        response: okResponse(callTaskSchema),
      },
    },
    async (request) => ok(request, await callTasks.add(requireAuth(request), request.body)),
  );

  api.put(
    '/groupCallTask/edit',
    {
      config: { access: { permission: P.edit } },
      schema: {
        summary: 'Edit a task waiting to submit (numbers replaced when given)',
        body: callTaskEditSchema,
        response: okResponse(callTaskSchema),
      },
    },
    async (request) => ok(request, await callTasks.edit(requireAuth(request), request.body)),
  );

  api.delete(
    '/groupCallTask/delete',
    {
      config: { access: { permission: P.delete } },
      schema: {
        summary: 'Delete a task waiting to submit',
        querystring: idQuerySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await callTasks.remove(requireAuth(request), request.query.id);
      return ok(request, null);
    },
  );

  const actions: [string, CallTaskAction, string][] = [
    ['submit', 'run', 'Submit (run) a task waiting to submit'],
    ['pause', 'pause', 'Pause a running task'],
    ['resume', 'resume', 'Resume a paused task'],
    ['stop', 'stop', 'Stop a task (cancelled)'],
  ];
  for (const [path, action, summary] of actions) {
    api.post(
      `/groupCallTask/${path}`,
      {
        config: { access: { permission: P.run } },
        schema: { summary, body: callTaskActionSchema, response: okResponse(callTaskSchema) },
      },
      async (request) => ok(request, await callTasks.act(requireAuth(request), request.body.id, action)),
    );
  }

  api.post(
    '/groupCallTask/reCall',
    {
      config: { access: { permission: P.run } },
      schema: {
        summary: 'Call a finished or stopped task’s numbers again: all, or those not answered',
        body: callTaskRecallSchema,
        response: okResponse(callTaskSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await callTasks.act(
          requireAuth(request),
          request.body.id,
          request.body.only === 'all' ? 'recall_all' : 'recall_failed',
        ),
      ),
  );

  api.get(
    '/groupCallTask/records',
    {
      config: { access: { permission: P.records } },
      schema: {
        summary: 'Call records (every attempt) with filters',
        querystring: callRecordQuerySchema,
        response: okResponse(pageSchema(callRecordSchema)),
      },
    },
    async (request) => ok(request, await callTasks.records(requireAuth(request), request.query)),
  );

  exportRoute(
    api,
    '/groupCallTask/records/exportXls',
    { summary: 'Export call records of the past week as .xlsx', access: { permission: P.export } },
    {
      query: callRecordQuerySchema.omit({ pageNo: true, pageSize: true }),
      columns: RECORD_COLUMNS,
      rows: (query, auth, limit) => callTasks.exportRecords(auth, query, limit),
      filename: 'call-records',
      sheet: { 'en-US': 'Call records', 'zh-CN': '通话记录' },
    },
  );
}

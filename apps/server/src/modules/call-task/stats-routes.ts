import {
  hasPlatformScope,
  VOICE_STATS_DIMENSIONS,
  type VoiceStatsDimension,
  voiceHomeTotalsSchema,
  voiceStatsQuerySchema,
  voiceStatsRebuildResultSchema,
  voiceStatsRebuildSchema,
  type voiceStatsRowSchema,
  voiceStatsSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { exportRoute, type ResourceColumn } from '../../platform/resource';
import { CALL_TASK_PERMS } from './routes';

const P = CALL_TASK_PERMS;

/** `byDay`, `byTask`, `byTrunk`. */
const PATHS: Record<VoiceStatsDimension, string> = { day: 'byDay', task: 'byTask', trunk: 'byTrunk' };

type Row = z.output<typeof voiceStatsRowSchema>;

const KEY_HEADERS: Record<VoiceStatsDimension, { 'en-US': string; 'zh-CN': string }> = {
  day: { 'en-US': 'Day', 'zh-CN': '日期' },
  task: { 'en-US': 'Task', 'zh-CN': '任务' },
  trunk: { 'en-US': 'Trunk', 'zh-CN': '线路' },
};

const percent = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(2)}%`);

function statsColumns(dimension: VoiceStatsDimension, staff: boolean): ResourceColumn<Row>[] {
  const columns: ResourceColumn<Row>[] = [
    { key: 'name', header: KEY_HEADERS[dimension], width: 24 },
    { key: 'calls', header: { 'en-US': 'Calls', 'zh-CN': '呼叫数' }, kind: 'integer' },
    { key: 'answered', header: { 'en-US': 'Answered', 'zh-CN': '已接听' }, kind: 'integer' },
    { key: 'busy', header: { 'en-US': 'Busy', 'zh-CN': '忙线' }, kind: 'integer' },
    { key: 'noAnswer', header: { 'en-US': 'No answer', 'zh-CN': '无人接听' }, kind: 'integer' },
    { key: 'rejected', header: { 'en-US': 'Rejected', 'zh-CN': '拒接' }, kind: 'integer' },
    { key: 'invalidNumber', header: { 'en-US': 'Invalid number', 'zh-CN': '空号' }, kind: 'integer' },
    { key: 'failed', header: { 'en-US': 'Failed', 'zh-CN': '失败' }, kind: 'integer' },
    {
      key: 'answerRate',
      header: { 'en-US': 'Answer rate', 'zh-CN': '接通率' },
      value: (r) => percent(r.answerRate),
    },
    {
      key: 'avgTalkS',
      header: { 'en-US': 'Avg. talk (s)', 'zh-CN': '平均通话(秒)' },
      value: (r) => (r.avgTalkS === null ? '' : r.avgTalkS.toFixed(1)),
    },
    { key: 'billedS', header: { 'en-US': 'Billed (s)', 'zh-CN': '计费(秒)' }, kind: 'integer' },
    { key: 'revenue', header: { 'en-US': 'Revenue', 'zh-CN': '收入' }, kind: 'money', decimals: 6 },
  ];
  if (staff) {
    columns.push(
      { key: 'cost', header: { 'en-US': 'Cost', 'zh-CN': '成本' }, kind: 'money', decimals: 6 },
      { key: 'margin', header: { 'en-US': 'Margin', 'zh-CN': '毛利' }, kind: 'money', decimals: 6 },
    );
  }
  return columns;
}

const exportQuerySchema = voiceStatsQuerySchema.extend({
  dimension: z.enum(VOICE_STATS_DIMENSIONS).default('day'),
});

/**
 * `/groupCallTask/stats/{byDay,byTask,byTrunk}` (trunks: staff), their export, the roll-up's
 * rebuild (administrators) and the home dashboards' voice figures (`/home/voiceTotals`).
 */
export function callStatsRoutes(api: Api, { callStats }: Pick<Services, 'callStats'>) {
  for (const dimension of VOICE_STATS_DIMENSIONS) {
    api.get(
      `/groupCallTask/stats/${PATHS[dimension]}`,
      {
        config: { access: { permission: dimension === 'trunk' ? P.statsTrunk : P.stats } },
        schema: {
          summary: `Call statistics by ${dimension} in the caller's scope (cost and margin for staff only)`,
          querystring: voiceStatsQuerySchema,
          response: okResponse(voiceStatsSchema),
        },
      },
      async (request) =>
        ok(request, await callStats.analysis(requireAuth(request), dimension, request.query)),
    );
  }

  exportRoute(
    api,
    '/groupCallTask/stats/exportXls',
    {
      summary: 'Export call statistics (dimension day, task or trunk) as .xlsx',
      access: { permission: P.statsExport },
    },
    {
      query: exportQuerySchema,
      columns: async (query, auth) => statsColumns(query.dimension, hasPlatformScope(auth.roles)),
      rows: async (query, auth) => (await callStats.analysis(auth, query.dimension, query)).rows,
      filename: 'call-statistics',
      sheet: { 'en-US': 'Call statistics', 'zh-CN': '通话统计' },
    },
  );

  api.post(
    '/groupCallTask/stats/rebuild',
    {
      config: { access: { permission: P.statsRebuild } },
      schema: {
        summary: 'Compute the daily call roll-up of a period again from the call records (administrators)',
        body: voiceStatsRebuildSchema,
        response: okResponse(voiceStatsRebuildResultSchema),
      },
    },
    async (request) => ok(request, await callStats.rebuild(request.body.dateFrom, request.body.dateTo)),
  );

  api.get(
    '/home/voiceTotals',
    {
      config: { access: { permission: P.home } },
      schema: {
        summary:
          'Home dashboard voice figures: calls, answer rate, talk minutes and spend today, this month and over 30 days (a reseller: its customers; staff: every company, with the margin)',
        response: okResponse(voiceHomeTotalsSchema),
      },
    },
    async (request) => ok(request, await callStats.homeTotals(requireAuth(request))),
  );
}

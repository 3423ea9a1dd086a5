import {
  hasPlatformScope,
  VOICE_STATS_DIMENSIONS,
  type VoiceStatsDimension,
  voiceHomeTotalsSchema,
  voiceStatsQuerySchema,
  type voiceStatsRowSchema,
  voiceStatsSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { percentCell, statsColumns, statsRoutes } from '../../platform/daily-stats';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import type { ResourceColumn } from '../../platform/resource';
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

/** The figures of a call statistics export, between the row's name and the money. */
const FIGURE_COLUMNS: ResourceColumn<Row>[] = [
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
    value: (r) => percentCell(r.answerRate),
  },
  {
    key: 'avgTalkS',
    header: { 'en-US': 'Avg. talk (s)', 'zh-CN': '平均通话(秒)' },
    value: (r) => (r.avgTalkS === null ? '' : r.avgTalkS.toFixed(1)),
  },
  { key: 'billedS', header: { 'en-US': 'Billed (s)', 'zh-CN': '计费(秒)' }, kind: 'integer' },
];

/**
 * `/groupCallTask/stats/{byDay,byTask,byTrunk}` (trunks: staff), their export, the roll-up's
 * rebuild (administrators) and the home dashboards' voice figures (`/home/voiceTotals`).
 */
export function callStatsRoutes(api: Api, { callStats }: Pick<Services, 'callStats'>) {
  statsRoutes(api, {
    base: '/groupCallTask/stats',
    dimensions: VOICE_STATS_DIMENSIONS,
    paths: PATHS,
    analysis: {
      access: (dimension) => (dimension === 'trunk' ? P.statsTrunk : P.stats),
      summary: (dimension) =>
        `Call statistics by ${dimension} in the caller's scope (cost and margin for staff only)`,
      query: voiceStatsQuerySchema,
      response: voiceStatsSchema,
      run: (auth, dimension, query) => callStats.analysis(auth, dimension, query),
    },
    export: {
      permission: P.statsExport,
      summary: 'Export call statistics (dimension day, task or trunk) as .xlsx',
      columns: (dimension, auth) =>
        statsColumns(KEY_HEADERS[dimension], FIGURE_COLUMNS, hasPlatformScope(auth.roles)),
      filename: 'call-statistics',
      sheet: { 'en-US': 'Call statistics', 'zh-CN': '通话统计' },
    },
    rebuild: {
      permission: P.statsRebuild,
      summary: 'Compute the daily call roll-up of a period again from the call records (administrators)',
      run: (dateFrom, dateTo) => callStats.rebuild(dateFrom, dateTo),
    },
  });

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

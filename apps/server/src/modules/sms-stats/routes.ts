import {
  hasPlatformScope,
  homeTotalsSchema,
  SMS_ANALYSIS_DIMENSIONS,
  type SmsAnalysisDimension,
  smsAnalysisQuerySchema,
  type smsAnalysisRowSchema,
  smsAnalysisSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { percentCell, statsColumns, statsRoutes } from '../../platform/daily-stats';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import type { ResourceColumn } from '../../platform/resource';

/** Permission codes of the analysis screen and the home figures (menu-seed.ts grants them). */
export const SMS_STATS_PERMS = {
  analysis: 'sms:analysis:list',
  export: 'sms:analysis:export',
  rebuild: 'sms:analysis:rebuild',
  home: 'home:totals:view',
} as const;

/** `byDay`, `byCountry`, `byGateway`, `byCompany`. */
const PATHS: Record<SmsAnalysisDimension, string> = {
  day: 'byDay',
  country: 'byCountry',
  gateway: 'byGateway',
  company: 'byCompany',
};

type Row = z.output<typeof smsAnalysisRowSchema>;

const KEY_HEADERS: Record<SmsAnalysisDimension, { 'en-US': string; 'zh-CN': string }> = {
  day: { 'en-US': 'Day', 'zh-CN': '日期' },
  country: { 'en-US': 'Country', 'zh-CN': '国家/地区' },
  gateway: { 'en-US': 'Gateway', 'zh-CN': '通道' },
  company: { 'en-US': 'Company', 'zh-CN': '公司' },
};

/** The figures of an SMS analysis export, between the row's name and the money. */
const FIGURE_COLUMNS: ResourceColumn<Row>[] = [
  { key: 'total', header: { 'en-US': 'Messages', 'zh-CN': '短信总数' }, kind: 'integer' },
  { key: 'sent', header: { 'en-US': 'To gateway', 'zh-CN': '已提交通道' }, kind: 'integer' },
  { key: 'delivered', header: { 'en-US': 'Delivered', 'zh-CN': '已送达' }, kind: 'integer' },
  { key: 'failed', header: { 'en-US': 'Failed', 'zh-CN': '失败' }, kind: 'integer' },
  { key: 'pending', header: { 'en-US': 'Pending', 'zh-CN': '处理中' }, kind: 'integer' },
  {
    key: 'deliveryRate',
    header: { 'en-US': 'Delivery rate', 'zh-CN': '送达率' },
    value: (r) => percentCell(r.deliveryRate),
  },
  { key: 'parts', header: { 'en-US': 'Parts', 'zh-CN': '计费条数' }, kind: 'integer' },
];

export function smsStatsRoutes(api: Api, { smsStats }: Pick<Services, 'smsStats'>) {
  statsRoutes(api, {
    base: '/sms/analysis',
    dimensions: SMS_ANALYSIS_DIMENSIONS,
    paths: PATHS,
    analysis: {
      access: () => SMS_STATS_PERMS.analysis,
      summary: (dimension) =>
        `SMS figures by ${dimension} in the caller's scope (cost and margin for staff only)`,
      query: smsAnalysisQuerySchema,
      response: smsAnalysisSchema,
      run: (auth, dimension, query) => smsStats.analysis(auth, dimension, query),
    },
    export: {
      permission: SMS_STATS_PERMS.export,
      summary: 'Export an SMS analysis (dimension day, country, gateway or company) as .xlsx',
      columns: (dimension, auth) =>
        statsColumns(KEY_HEADERS[dimension], FIGURE_COLUMNS, hasPlatformScope(auth.roles)),
      filename: 'sms-analysis',
      sheet: { 'en-US': 'SMS analysis', 'zh-CN': '短信统计' },
    },
    rebuild: {
      permission: SMS_STATS_PERMS.rebuild,
      summary: 'Compute the daily SMS roll-up of a period again from the messages (administrators)',
      run: (dateFrom, dateTo) => smsStats.rebuild(dateFrom, dateTo),
    },
  });

  api.get(
    '/home/totals',
    {
      config: { access: { permission: SMS_STATS_PERMS.home } },
      schema: {
        summary:
          'Home dashboard: today and this month (sent, delivered, delivery rate, spend), balance, 30 days; a reseller: its customers and its commission',
        response: okResponse(homeTotalsSchema),
      },
    },
    async (request) => ok(request, await smsStats.homeTotals(requireAuth(request))),
  );
}

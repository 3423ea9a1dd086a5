import {
  hasPlatformScope,
  homeTotalsSchema,
  SMS_ANALYSIS_DIMENSIONS,
  type SmsAnalysisDimension,
  smsAnalysisQuerySchema,
  type smsAnalysisRowSchema,
  smsAnalysisSchema,
  smsRollupRebuildResultSchema,
  smsRollupRebuildSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { exportRoute, type ResourceColumn } from '../../platform/resource';

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

function analysisColumns(dimension: SmsAnalysisDimension, staff: boolean): ResourceColumn<Row>[] {
  const columns: ResourceColumn<Row>[] = [
    { key: 'name', header: KEY_HEADERS[dimension], width: 24 },
    { key: 'total', header: { 'en-US': 'Messages', 'zh-CN': '短信总数' }, kind: 'integer' },
    { key: 'sent', header: { 'en-US': 'To gateway', 'zh-CN': '已提交通道' }, kind: 'integer' },
    { key: 'delivered', header: { 'en-US': 'Delivered', 'zh-CN': '已送达' }, kind: 'integer' },
    { key: 'failed', header: { 'en-US': 'Failed', 'zh-CN': '失败' }, kind: 'integer' },
    { key: 'pending', header: { 'en-US': 'Pending', 'zh-CN': '处理中' }, kind: 'integer' },
    {
      key: 'deliveryRate',
      header: { 'en-US': 'Delivery rate', 'zh-CN': '送达率' },
      value: (r) => (r.deliveryRate === null ? '' : `${(r.deliveryRate * 100).toFixed(2)}%`),
    },
    { key: 'parts', header: { 'en-US': 'Parts', 'zh-CN': '计费条数' }, kind: 'integer' },
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

const exportQuerySchema = smsAnalysisQuerySchema.extend({
  dimension: z.enum(SMS_ANALYSIS_DIMENSIONS).default('day'),
});

export function smsStatsRoutes(api: Api, { smsStats }: Pick<Services, 'smsStats'>) {
  for (const dimension of SMS_ANALYSIS_DIMENSIONS) {
    api.get(
      `/sms/analysis/${PATHS[dimension]}`,
      {
        config: { access: { permission: SMS_STATS_PERMS.analysis } },
        schema: {
          summary: `SMS figures by ${dimension} in the caller's scope (cost and margin for staff only)`,
          querystring: smsAnalysisQuerySchema,
          response: okResponse(smsAnalysisSchema),
        },
      },
      async (request) => ok(request, await smsStats.analysis(requireAuth(request), dimension, request.query)),
    );
  }

  exportRoute(
    api,
    '/sms/analysis/exportXls',
    {
      summary: 'Export an SMS analysis (dimension day, country, gateway or company) as .xlsx',
      access: { permission: SMS_STATS_PERMS.export },
    },
    {
      query: exportQuerySchema,
      columns: async (query, auth) => analysisColumns(query.dimension, hasPlatformScope(auth.roles)),
      rows: async (query, auth) => (await smsStats.analysis(auth, query.dimension, query)).rows,
      filename: 'sms-analysis',
      sheet: { 'en-US': 'SMS analysis', 'zh-CN': '短信统计' },
    },
  );

  api.post(
    '/sms/analysis/rebuild',
    {
      config: { access: { permission: SMS_STATS_PERMS.rebuild } },
      schema: {
        summary: 'Compute the daily SMS roll-up of a period again from the messages (administrators)',
        body: smsRollupRebuildSchema,
        response: okResponse(smsRollupRebuildResultSchema),
      },
    },
    async (request) => ok(request, await smsStats.rebuild(request.body.dateFrom, request.body.dateTo)),
  );

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

import type { SmsAnalysisDimension, SmsAnalysisQuery } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's permission codes (menu-seed.ts). */
export const SMS_STATS_PERMS = {
  analysis: 'sms:analysis:list',
  export: 'sms:analysis:export',
  home: 'home:totals:view',
} as const;

export const ANALYSIS_PATHS = {
  day: '/sms/analysis/byDay',
  country: '/sms/analysis/byCountry',
  gateway: '/sms/analysis/byGateway',
  company: '/sms/analysis/byCompany',
} as const satisfies Record<SmsAnalysisDimension, string>;
export const ANALYSIS_EXPORT_PATH = '/sms/analysis/exportXls';

/** Figures by one dimension for the filters. */
export function useAnalysis(dimension: SmsAnalysisDimension, query: SmsAnalysisQuery, enabled = true) {
  return useQuery({
    queryKey: ['smsStats', dimension, query] as const,
    queryFn: ({ signal }) => api.get(ANALYSIS_PATHS[dimension], query, signal),
    enabled,
  });
}

/** The home dashboard's figures (refreshed every minute while shown). */
export function useHomeTotals(enabled = true) {
  return useQuery({
    queryKey: ['smsStats', 'home'] as const,
    queryFn: ({ signal }) => api.get('/home/totals', undefined, signal),
    refetchInterval: 60_000,
    enabled,
  });
}

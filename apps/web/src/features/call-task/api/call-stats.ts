import type { VoiceStatsDimension, VoiceStatsQuery } from '@switchboard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's permission codes (menu-seed.ts). */
export const CALL_STATS_PERMS = {
  list: 'voice:record:stats',
  export: 'voice:stats:export',
  trunk: 'voice:stats:trunk',
  home: 'home:voice:view',
} as const;

export const CALL_STATS_PATHS = {
  day: '/groupCallTask/stats/byDay',
  task: '/groupCallTask/stats/byTask',
  trunk: '/groupCallTask/stats/byTrunk',
} as const satisfies Record<VoiceStatsDimension, string>;
export const CALL_STATS_EXPORT_PATH = '/groupCallTask/stats/exportXls';

/** Call figures by one dimension for the filters. */
export function useCallStats(dimension: VoiceStatsDimension, query: VoiceStatsQuery, enabled = true) {
  return useQuery({
    queryKey: ['callStats', dimension, query] as const,
    queryFn: ({ signal }) => api.get(CALL_STATS_PATHS[dimension], query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The home dashboard's voice figures (refreshed every minute while shown). */
export function useVoiceHomeTotals(enabled = true) {
  return useQuery({
    queryKey: ['callStats', 'home'] as const,
    queryFn: ({ signal }) => api.get('/home/voiceTotals', undefined, signal),
    refetchInterval: 60_000,
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MONITOR_SNAPSHOT_PATH = '/sys/monitor/snapshot';
/** How often the screen asks for a new snapshot while it runs. */
export const MONITOR_REFRESH_MS = 5_000;

/** The server's snapshot, asked for again every few seconds unless `paused`. */
export function useMonitorSnapshot(paused: boolean) {
  return useQuery({
    queryKey: ['monitor', 'snapshot'] as const,
    queryFn: ({ signal }) => api.get(MONITOR_SNAPSHOT_PATH, undefined, signal),
    refetchInterval: paused ? false : MONITOR_REFRESH_MS,
    // A screen in a hidden tab has nobody looking at it.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: !paused,
  });
}

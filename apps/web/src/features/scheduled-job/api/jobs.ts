import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryOf } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const JOB_LIST_PATH = '/sys/quartzJob/list';
export const JOB_HISTORY_PATH = '/sys/quartzJob/history';

/** Every page of the list and of every history: invalidated after a change or a run. */
export const jobsKey = ['scheduledJobs'] as const;
const jobListKey = [...jobsKey, 'list'] as const;

/** How often a list or history with a run under way asks again. */
export const RUNNING_REFRESH_MS = 2_000;

const baseList = listQuery(JOB_LIST_PATH, jobListKey);

/** The jobs; while one of them runs, the list refreshes itself until the run has ended. */
export const listJobsQuery = (params: Parameters<typeof baseList>[0]) =>
  queryOptions({
    ...baseList(params),
    refetchInterval: (query) =>
      query.state.data?.records.some((job) => job.runningSince !== null) ? RUNNING_REFRESH_MS : false,
  });

/** One job's runs, newest first; refreshed while one of them is under way. */
export function useJobHistory(params: QueryOf<'get', typeof JOB_HISTORY_PATH> | null) {
  return useQuery({
    queryKey: [...jobsKey, 'history', params] as const,
    queryFn: ({ signal }) => api.get(JOB_HISTORY_PATH, params ?? undefined, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((run) => run.status === 'running') ? RUNNING_REFRESH_MS : false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobsKey });
}

export function useEditSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { name: string; schedule: string }) => api.put('/sys/quartzJob/edit', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useSetPaused() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, paused }: { name: string; paused: boolean }) =>
      api.post(paused ? '/sys/quartzJob/pause' : '/sys/quartzJob/resume', { name }),
    onSuccess: invalidate,
  });
}

/** Runs a job once now: answers the run (finished, or still running: the list follows it). */
export function useRunNow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.post('/sys/quartzJob/execute', { name }),
    onSuccess: invalidate,
  });
}

import {
  type CliTest,
  type CliTestInput,
  type NumberStatusResult,
  STATUS_CHECK_PROGRESS_MESSAGE,
  type StatusCheck,
  type StatusCheckInput,
  statusCheckProgressSchema,
} from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobNumbersParams } from '@/components/BulkJob';
import { api, type ResultOf } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useTopicMessages } from '@/lib/websocket';

export const STATUS_EXPORT_PATH = '/voip/statusCheck/numbers/exportXls';
const NUMBER_IMPORT_PATH = '/voip/statusCheck/importNumbers' as const;

/** Every status check query (list, details, numbers): invalidated after a change. */
export const statusCheckKey = ['statusChecks'] as const;
const listKey = [...statusCheckKey, 'list'] as const;
export const listStatusChecksQuery = listQuery('/voip/statusCheck/list', listKey);

/** A running check is read again this often while shown; the websocket's progress keeps it current between. */
const LIVE_REFRESH_MS = 10_000;

export const statusCheckQuery = (id: string) =>
  queryOptions({
    queryKey: [...statusCheckKey, 'details', id] as const,
    queryFn: ({ signal }) => api.get('/voip/statusCheck/details/{id}', undefined, signal, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? LIVE_REFRESH_MS : false),
  });

/** A page of a check's numbers (by status); read again as the check moves (useJobDetails). */
export const statusCheckNumbersQuery = ({ outcome, ...page }: JobNumbersParams<NumberStatusResult>) => {
  const params = { ...page, ...(outcome ? { status: outcome } : {}) };
  return queryOptions({
    queryKey: [...statusCheckKey, 'numbers', params] as const,
    queryFn: ({ signal }) => api.get('/voip/statusCheck/numbers', params, signal),
    placeholderData: keepPreviousData,
  });
};

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusCheckKey });
}

export function useAddStatusCheck() {
  return useMutation({
    mutationFn: (input: StatusCheckInput) => api.post('/voip/statusCheck/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: useReload(),
  });
}

export function useStopStatusCheck() {
  return useMutation({
    mutationFn: (id: string) => api.post('/voip/statusCheck/stop', { id }),
    onSuccess: useReload(),
  });
}

export type StatusNumberImport = ResultOf<'post', typeof NUMBER_IMPORT_PATH>;
export const importStatusNumbers = (file: File) =>
  api.upload(NUMBER_IMPORT_PATH, file, { filename: file.name });

/**
 * Keeps shown checks current from the progress the server pushes over the websocket: a check's
 * state, counts and amount at once (a shown check's numbers follow them: useJobDetails), the list
 * read again.
 */
export function useStatusCheckProgress() {
  const queryClient = useQueryClient();
  useTopicMessages(
    STATUS_CHECK_PROGRESS_MESSAGE,
    statusCheckProgressSchema,
    ({ id, state, stopReason, counts, amount }) => {
      queryClient.setQueryData<StatusCheck>(statusCheckQuery(id).queryKey, (current) =>
        current ? { ...current, state, stopReason, counts, amount } : current,
      );
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  );
}

// --- CLI tests ---

const cliKey = ['cliTests'] as const;
export const CLI_LIST_KEY = [...cliKey, 'list'] as const;
export const listCliTestsQuery = listQuery('/voip/cliTest/list', CLI_LIST_KEY);

/** A test in progress is read every half second until it is done (a call lasts seconds). */
export const cliTestQuery = (id: string) =>
  queryOptions({
    queryKey: [...cliKey, 'details', id] as const,
    queryFn: ({ signal }) => api.get('/voip/cliTest/details/{id}', undefined, signal, { params: { id } }),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'done' ? 500 : false),
  });

export function useRunCliTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CliTestInput): Promise<CliTest> => api.post('/voip/cliTest/add', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cliKey }),
  });
}

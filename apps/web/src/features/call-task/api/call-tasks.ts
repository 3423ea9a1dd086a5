import type {
  CallResult,
  CallTask,
  CallTaskEdit,
  CallTaskInput,
  CallTaskState,
} from '@switchboard/contracts';
import {
  CALL_TASK_PROGRESS_MESSAGE,
  callTaskActionsOf,
  callTaskProgressSchema,
} from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobNumbersParams } from '@/components/BulkJob';
import { api, type QueryOf, type ResultOf } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useTopicMessages } from '@/lib/websocket';

export const RECORD_EXPORT_PATH = '/groupCallTask/records/exportXls';
export const NUMBER_IMPORT_PATH = '/groupCallTask/importNumbers' as const;

/** Every group call task query (lists, details, numbers): invalidate after a change. */
export const callTaskKey = ['callTasks'] as const;
const listKey = [...callTaskKey, 'list'] as const;

export const listCallTasksQuery = listQuery('/groupCallTask/list', listKey);

export type CallRecordParams = NonNullable<QueryOf<'get', '/groupCallTask/records'>>;
export const listCallRecordsQuery = listQuery('/groupCallTask/records', [...callTaskKey, 'records']);

/**
 * How often a live task's details are read again while shown: the websocket's
 * progress messages (useTaskProgress) keep them current between reads.
 */
export const LIVE_REFRESH_MS = 10_000;
const live = (state: CallTaskState | undefined) =>
  state === 'submitting' || state === 'running' || state === 'calling';

export const callTaskQuery = (id: string) =>
  queryOptions({
    queryKey: [...callTaskKey, 'details', id] as const,
    queryFn: ({ signal }) => api.get('/groupCallTask/details/{id}', undefined, signal, { params: { id } }),
    refetchInterval: (query) => (live(query.state.data?.state) ? LIVE_REFRESH_MS : false),
  });

/** A page of a task's numbers (by result); read again as the task moves (useJobDetails). */
export const callTaskNumbersQuery = ({ outcome, ...page }: JobNumbersParams<CallResult>) => {
  const params = { ...page, ...(outcome ? { result: outcome } : {}) };
  return queryOptions({
    queryKey: [...callTaskKey, 'numbers', params] as const,
    queryFn: ({ signal }) => api.get('/groupCallTask/numbers', params, signal),
    placeholderData: keepPreviousData,
  });
};

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: callTaskKey });
}

/** A new task (its company for staff and resellers), or an edit of one (numbers optional: kept). */
export type CallTaskSave =
  | { id?: undefined; input: CallTaskInput }
  | { id: string; input: Omit<CallTaskEdit, 'id'> };

/** Adds when `id` is missing, else edits (only a task waiting to submit). */
export function useSaveCallTask() {
  const reload = useReload();
  return useMutation({
    mutationFn: (save: CallTaskSave) =>
      save.id === undefined
        ? api.post('/groupCallTask/add', save.input)
        : api.put('/groupCallTask/edit', { ...save.input, id: save.id }),
    meta: { errorDisplay: 'inline' },
    onSuccess: reload,
  });
}

export function useDeleteCallTask() {
  return useMutation({
    mutationFn: (id: string) => api.delete('/groupCallTask/delete', { id }),
    onSuccess: useReload(),
  });
}

/** The state machine's user actions, by the route each takes. */
export type TaskActionCall =
  | { action: 'run' | 'pause' | 'resume' | 'stop'; id: string }
  | { action: 'recall_all' | 'recall_failed'; id: string };
const ACTION_PATHS = { run: 'submit', pause: 'pause', resume: 'resume', stop: 'stop' } as const;

export function useCallTaskAction() {
  return useMutation({
    mutationFn: ({ action, id }: TaskActionCall) => {
      if (action === 'recall_all' || action === 'recall_failed') {
        return api.post('/groupCallTask/reCall', {
          id,
          only: action === 'recall_all' ? 'all' : 'failed',
        });
      }
      return api.post(`/groupCallTask/${ACTION_PATHS[action]}`, { id });
    },
    onSuccess: useReload(),
  });
}

export type NumberImport = ResultOf<'post', typeof NUMBER_IMPORT_PATH>;
export const importNumbers = (file: File) => api.upload(NUMBER_IMPORT_PATH, file, { filename: file.name });

/**
 * Keeps the tasks shown current from the progress the server pushes over the websocket (to the
 * task's maker and to administrators): a task's state, counts and actions at once in the list's
 * pages and in its details (a shown task's numbers follow them: useJobDetails); a change of state reads the list and the
 * details again too (the amount charged, the times started and finished).
 */
export function useTaskProgress() {
  const queryClient = useQueryClient();
  useTopicMessages(CALL_TASK_PROGRESS_MESSAGE, callTaskProgressSchema, ({ id, state, counts }) => {
    let moved = false;
    const patch = (task: CallTask): CallTask => {
      if (task.id !== id) return task;
      if (task.state !== state) moved = true;
      return { ...task, state, counts, actions: callTaskActionsOf(state) };
    };
    queryClient.setQueryData<CallTask>(callTaskQuery(id).queryKey, (current) =>
      current ? patch(current) : current,
    );
    queryClient.setQueriesData<{ records: CallTask[] }>({ queryKey: listKey }, (page) =>
      page?.records.some((r) => r.id === id) ? { ...page, records: page.records.map(patch) } : page,
    );
    if (moved) {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: callTaskQuery(id).queryKey });
    }
  });
}

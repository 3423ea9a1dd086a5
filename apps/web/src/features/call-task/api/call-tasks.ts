import type {
  CallRecord,
  CallResult,
  CallTask,
  CallTaskInput,
  CallTaskNumber,
  CallTaskState,
  callRecordQuerySchema,
  callTaskListQuerySchema,
  Page,
} from '@switchboard/contracts';
import {
  CALL_TASK_PROGRESS_MESSAGE,
  callTaskActionsOf,
  callTaskProgressSchema,
  type SocketMessage,
} from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useNoticeSocket } from '@/lib/websocket';

export const RECORD_EXPORT_PATH = '/groupCallTask/records/exportXls';
export const NUMBER_IMPORT_PATH = '/groupCallTask/importNumbers';

/** Every group call task query (lists, details, numbers): invalidate after a change. */
export const callTaskKey = ['callTasks'] as const;
const listKey = [...callTaskKey, 'list'] as const;

export type CallTaskListParams = z.input<typeof callTaskListQuerySchema>;
export const listCallTasksQuery = listQuery<CallTaskListParams, Page<CallTask>>(
  '/groupCallTask/list',
  listKey,
);

export type CallRecordParams = z.input<typeof callRecordQuerySchema>;
export const listCallRecordsQuery = listQuery<CallRecordParams, Page<CallRecord>>('/groupCallTask/records', [
  ...callTaskKey,
  'records',
]);

/**
 * How often a live task's details and numbers are read again while shown: the websocket's
 * progress messages (useTaskProgress) keep them current between reads.
 */
export const LIVE_REFRESH_MS = 10_000;
const live = (state: CallTaskState | undefined) =>
  state === 'submitting' || state === 'running' || state === 'calling';

export const callTaskQuery = (id: string) =>
  queryOptions({
    queryKey: [...callTaskKey, 'details', id] as const,
    queryFn: ({ signal }) => apiClient.get<CallTask>(`/groupCallTask/details/${id}`, {}, signal),
    refetchInterval: (query) => (live(query.state.data?.state) ? LIVE_REFRESH_MS : false),
  });

export const callTaskNumbersQuery = (
  params: { id: string; pageNo: number; pageSize: number; result?: CallResult },
  state: CallTaskState | undefined,
) =>
  queryOptions({
    queryKey: [...callTaskKey, 'numbers', params] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Page<CallTaskNumber>>('/groupCallTask/numbers', { ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live(state) ? LIVE_REFRESH_MS : false,
  });

export interface CallStatsRow {
  key: string;
  label: string;
  calls: number;
  answered: number;
  answerRate: number;
  avgTalkS: number;
  revenue: string;
  cost: string | null;
  margin: string | null;
}
export const callStatsQuery = (params: CallRecordParams & { by: 'day' | 'task' | 'trunk' }) =>
  queryOptions({
    queryKey: [...callTaskKey, 'stats', params] as const,
    queryFn: ({ signal }) => {
      const { pageNo: _p, pageSize: _s, ...query } = params;
      return apiClient.get<CallStatsRow[]>('/groupCallTask/stats', { ...query }, signal);
    },
  });

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: callTaskKey });
}

/** Adds when `id` is missing, else edits (only a task waiting to submit). */
export function useSaveCallTask() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CallTaskInput }) => {
      if (!id) return apiClient.post<CallTask>('/groupCallTask/add', input);
      const { companyId: _company, ...rest } = input;
      return apiClient.put<CallTask>('/groupCallTask/edit', { ...rest, id });
    },
    meta: { errorDisplay: 'inline' },
    onSuccess: reload,
  });
}

export function useDeleteCallTask() {
  return useMutation({
    mutationFn: (id: string) => apiClient.delete('/groupCallTask/delete', { id }),
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
        return apiClient.post<CallTask>('/groupCallTask/reCall', {
          id,
          only: action === 'recall_all' ? 'all' : 'failed',
        });
      }
      return apiClient.post<CallTask>(`/groupCallTask/${ACTION_PATHS[action]}`, { id });
    },
    onSuccess: useReload(),
  });
}

export interface NumberImport {
  numbers: string[];
  problems: { row: number; number: string; reason: string }[];
}
export const importNumbers = (file: File) =>
  apiClient.upload<NumberImport>(NUMBER_IMPORT_PATH, file, { filename: file.name });

/**
 * Keeps a shown task current from the progress the server pushes over the websocket: its state
 * and counts at once, its numbers and the list read again.
 */
export function useTaskProgress(id: string | null) {
  const queryClient = useQueryClient();
  useNoticeSocket((message: SocketMessage) => {
    if (id === null || message.cmd !== 'topic' || message.msgId !== CALL_TASK_PROGRESS_MESSAGE) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.msgTxt);
    } catch {
      return;
    }
    const progress = callTaskProgressSchema.safeParse(parsed);
    if (!progress.success || progress.data.id !== id) return;
    queryClient.setQueryData<CallTask>(callTaskQuery(id).queryKey, (current) =>
      current
        ? {
            ...current,
            state: progress.data.state,
            counts: progress.data.counts,
            actions: callTaskActionsOf(progress.data.state),
          }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: [...callTaskKey, 'numbers'] });
    void queryClient.invalidateQueries({ queryKey: listKey });
  });
}

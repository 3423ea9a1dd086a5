import { SMS_KIND_PATHS, type SmsKind, type SmsSendInput } from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { batchProgress } from '../lib/numbers';

/** `/sms/marketing`… : the base path of a kind's routes. */
export const kindBase = <K extends SmsKind>(kind: K) => `/sms/${SMS_KIND_PATHS[kind]}` as const;

/** Permission codes of a kind's buttons (as the server's smsPerms). */
export const smsPerms = (kind: SmsKind) => {
  const p = SMS_KIND_PATHS[kind];
  return {
    list: `sms:${p}:list`,
    send: `sms:${p}:send`,
    cancel: `sms:${p}:cancel`,
    export: `sms:${p}:export`,
  } as const;
};

export const batchListKey = (kind: SmsKind) => ['sms', kind, 'batches'] as const;
export const recordListKey = (kind: SmsKind) => ['sms', kind, 'records'] as const;
export const callbackListKey = ['sms', 'callbacks'] as const;

export const listBatchesQuery = (kind: SmsKind) =>
  listQuery(`${kindBase(kind)}/batchList`, batchListKey(kind));

export const listRecordsQuery = (kind: SmsKind) => listQuery(`${kindBase(kind)}/list`, recordListKey(kind));

export const listCallbacksQuery = listQuery('/sms/callback/list', callbackListKey);

export const recordsExportPath = (kind: SmsKind) => `${kindBase(kind)}/exportXls` as const;

/** One message, for the detail drawer. */
export function useMessage(kind: SmsKind, id: string | null) {
  return useQuery({
    queryKey: ['sms', kind, 'message', id] as const,
    queryFn: ({ signal }) => api.get(`${kindBase(kind)}/queryById`, { id: id ?? '' }, signal),
    enabled: id !== null,
  });
}

/**
 * One batch's row (counts by status), refreshed every two seconds until nothing is left to
 * happen. The batch list has no filter by id: the newest sends of the day are searched (a batch
 * just sent is among them).
 */
export function useBatch(kind: SmsKind, id: string | null) {
  return useQuery({
    queryKey: ['sms', kind, 'batch', id] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get(`${kindBase(kind)}/batchList`, { pageNo: 1, pageSize: 100 }, signal);
      return page.records.find((b) => b.id === id) ?? null;
    },
    enabled: id !== null,
    // Until every message is final (or the batch is cancelled); a scheduled one waits for its time.
    refetchInterval: (query) => {
      const batch = query.state.data;
      if (batch?.state === 'scheduled') return 30_000;
      return batch && batchProgress(batch).done ? false : 2_000;
    },
  });
}

export function usePreview(kind: SmsKind) {
  return useMutation({
    mutationFn: (input: SmsSendInput) => api.post(`${kindBase(kind)}/preview`, input),
    meta: { errorDisplay: 'inline' },
  });
}

export function useSend(kind: SmsKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsSendInput) => api.post(`${kindBase(kind)}/send`, input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: batchListKey(kind) });
      // The charge shows in the balance and the ledger.
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    },
  });
}

export function useCancelBatch(kind: SmsKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`${kindBase(kind)}/cancel`, {}, undefined, { query: { id } }),
    onSuccess: () => {
      // The kind's lists and a shown batch's progress.
      void queryClient.invalidateQueries({ queryKey: ['sms', kind] });
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    },
  });
}

/** Reads recipients from a file (txt, csv, xlsx); the server answers the rows it could not read. */
export function importNumbers(kind: SmsKind, file: File, onProgress: (fraction: number) => void) {
  return api.upload(`${kindBase(kind)}/importNumbers`, file, {
    filename: file.name,
    onProgress,
  });
}

/** The company's passed sender ids (what a send may use). */
export const passedSendersQuery = queryOptions({
  queryKey: ['sms', 'passedSenders'] as const,
  queryFn: ({ signal }) => api.get('/sms/sender/list', { status: 'passed', pageSize: 100 }, signal),
  staleTime: 60_000,
});

/** The company's passed templates of a kind (the template picker). */
export const passedTemplatesQuery = (kind: SmsKind) =>
  queryOptions({
    queryKey: ['sms', 'passedTemplates', kind] as const,
    queryFn: ({ signal }) => api.get('/sms/template/list', { status: 'passed', kind, pageSize: 100 }, signal),
    staleTime: 60_000,
  });

/** Gateways for the staff's records filter (the gateway module's options). */
export const gatewayOptionsQuery = queryOptions({
  queryKey: ['sms', 'gatewayOptions'] as const,
  queryFn: ({ signal }) => api.get('/sys/smsGateway/list', undefined, signal),
  staleTime: 60_000,
});

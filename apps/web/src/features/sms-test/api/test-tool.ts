import { isFinalSmsStatus, type SmsTestSendPayload } from '@switchboard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const testToolKey = ['sms', 'testTool'] as const;
/** How often a test not yet final is looked at again. */
const TRACE_POLL_MS = 1_000;

const isFinal = isFinalSmsStatus;

/** Every gateway (enabled or not), for the test's picker. */
export function useTestGateways() {
  return useQuery({
    queryKey: [...testToolKey, 'gateways'],
    queryFn: ({ signal }) => api.get('/sys/smsGateway/list', undefined, signal),
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SmsTestSendPayload) => api.post('/sms/testTool/send', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testToolKey }),
    meta: { errorDisplay: 'inline' },
  });
}

/** One test's trace, looked at again until it is final. */
export function useTestTrace(id: string | null) {
  return useQuery({
    queryKey: [...testToolKey, 'trace', id],
    queryFn: ({ signal }) => api.get('/sms/testTool/queryById', { id: id! }, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isFinal(query.state.data.status) ? false : TRACE_POLL_MS,
  });
}

export const testHistoryKey = [...testToolKey, 'list'] as const;

/** Past tests, newest first (looked at again while one of the page is not final). */
export function useTestHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: [...testHistoryKey, pageNo, pageSize],
    queryFn: ({ signal }) => api.get('/sms/testTool/list', { pageNo, pageSize }, signal),
    refetchInterval: (query) =>
      query.state.data?.records.some((r) => !isFinal(r.status)) ? TRACE_POLL_MS * 3 : false,
  });
}

import type { CallbackConfig, CallbackSecret, CallbackTestResult } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const callbackKey = ['apiAccess', 'callback'] as const;

export const callbackQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...callbackKey, companyId ?? null] as const,
    queryFn: ({ signal }) => apiClient.get<CallbackConfig>('/sys/configCallback/get', { companyId }, signal),
  });

/** Saves (or with null removes) the callback URL; field errors go beside the field. */
export function useEditCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; url: string | null }) =>
      apiClient.put<CallbackConfig>('/sys/configCallback/edit', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

/** Posts a signed sample delivery report; answers the receiver's status and the time it took. */
export function useTestCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; url?: string }) =>
      apiClient.post<CallbackTestResult>('/sys/configCallback/test', input),
    meta: { errorDisplay: 'inline' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

export function useRevealCallbackSecret() {
  return useMutation({
    mutationFn: (input: { companyId?: string }) =>
      apiClient.post<CallbackSecret>('/sys/configCallback/revealSecret', input),
  });
}

export function useRegenerateCallbackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string }) =>
      apiClient.post<CallbackSecret>('/sys/configCallback/regenerateSecret', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

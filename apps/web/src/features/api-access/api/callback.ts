import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const callbackKey = ['apiAccess', 'callback'] as const;

export const callbackQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...callbackKey, companyId ?? null] as const,
    queryFn: ({ signal }) => api.get('/sys/configCallback/get', { companyId }, signal),
  });

/** Saves (or with null removes) the callback URL; field errors go beside the field. */
export function useEditCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; url: string | null }) =>
      api.put('/sys/configCallback/edit', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

/** Posts a signed sample delivery report; answers the receiver's status and the time it took. */
export function useTestCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; url?: string }) => api.post('/sys/configCallback/test', input),
    meta: { errorDisplay: 'inline' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

export function useRevealCallbackSecret() {
  return useMutation({
    mutationFn: (input: { companyId?: string }) => api.post('/sys/configCallback/revealSecret', input),
  });
}

export function useRegenerateCallbackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string }) => api.post('/sys/configCallback/regenerateSecret', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callbackKey }),
  });
}

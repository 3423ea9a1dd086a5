import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A company's keys (never their secrets); at most API_KEYS_PER_COMPANY_MAX live ones and the revoked. */
export const API_KEY_LIST_PATH = '/sys/apiSecret/list';

/** Every list of keys: invalidate after changing one. */
export const apiKeyListKey = ['apiAccess', 'keys'] as const;

export const apiKeysQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...apiKeyListKey, companyId ?? null] as const,
    queryFn: ({ signal }) => api.get(API_KEY_LIST_PATH, { companyId, pageSize: 100 }, signal),
  });

function useKeyMutation<I, R>(call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyListKey }),
  });
}

/** A new key; the answer is the only time its secret is seen. */
export function useGenerateApiKey() {
  return useKeyMutation((input: { companyId?: string; label?: string }) =>
    api.post('/sys/apiSecret/generate', input),
  );
}

/** A new secret for a key (answered once); the old one signs for `graceMinutes` more. */
export function useRotateApiKey() {
  return useKeyMutation((input: { apiKey: string; graceMinutes: number }) =>
    api.post('/sys/apiSecret/rotate', input),
  );
}

export function useSetApiKeyEnabled() {
  return useKeyMutation(({ apiKey, enabled }: { apiKey: string; enabled: boolean }) =>
    api.post(`/sys/apiSecret/${enabled ? 'enable' : 'disable'}`, { apiKey }),
  );
}

export function useRevokeApiKey() {
  return useKeyMutation((apiKey: string) => api.post('/sys/apiSecret/revoke', { apiKey }));
}

import { QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-client';

/** Only failures without an answer are worth retrying; a server's "no" stays a "no". */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.kind === 'network' && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

declare module '@tanstack/react-query' {
  interface Register {
    // Every fetcher goes through the api client, which only ever throws ApiError.
    defaultError: ApiError;
  }
}

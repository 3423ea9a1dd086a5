import { QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-client';

type QueryErrorHandler = (error: ApiError) => void;
let onQueryError: QueryErrorHandler = () => {};

/** The console's error display (set by the providers once antd's message API exists). */
export function setQueryErrorHandler(handler: QueryErrorHandler) {
  onQueryError = handler;
}

/** Only failures without an answer are worth retrying; a server's "no" stays a "no". */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.kind === 'network' && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed loads are shown by the one error normaliser, unless the screen shows them itself.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorDisplay !== 'inline') onQueryError(error);
      },
    }),
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
    queryMeta: { errorDisplay?: 'inline' };
  }
}

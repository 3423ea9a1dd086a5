import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-client';

type ErrorHandler = (error: unknown) => void;
let onError: ErrorHandler = () => {};

/** The console's error display (set by the providers once antd's message API exists). */
export function setQueryErrorHandler(handler: ErrorHandler) {
  onError = handler;
}

/**
 * Shows an error the way failed loads and actions are shown. For screens that opted out with
 * `meta: { errorDisplay: 'inline' }` and still have an error they cannot show themselves (a form
 * shows field errors beside the fields, anything else here).
 */
export function showError(error: unknown) {
  onError(error);
}

/** Only failures without an answer are worth retrying; a server's "no" stays a "no". */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.kind === 'network' && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed loads and failed actions (save, publish, delete…) are shown by the one error
    // normaliser, unless the screen shows them itself.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorDisplay !== 'inline') onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorDisplay !== 'inline') onError(error);
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
    /** 'inline': the screen shows this failure itself (an alert, a field error). */
    queryMeta: { errorDisplay?: 'inline' };
    /** 'inline': the screen shows this failure itself (an alert, field errors). */
    mutationMeta: { errorDisplay?: 'inline' };
  }
}

import type { TotpSetup } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Creates a pending secret; it is a GET on the server but changes state, so it is a mutation here. */
export function setupGoogleAuth(): Promise<TotpSetup> {
  return api.get('/sys/user/googleAuth/setup');
}

export function useSetupGoogleAuth() {
  // The card shows the failure in an alert.
  return useMutation({ mutationFn: setupGoogleAuth, meta: { errorDisplay: 'inline' } });
}

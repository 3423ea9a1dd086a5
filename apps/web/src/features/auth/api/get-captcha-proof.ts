import { type CaptchaChallenge, solveCaptcha } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random key tying a captcha challenge to the attempt that answers it. */
export function newCheckKey(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export function getCaptchaChallenge(checkKey: string, signal?: AbortSignal): Promise<CaptchaChallenge> {
  return api.get('/sys/randomImage/{key}', undefined, signal, { params: { key: checkKey } });
}

/**
 * The captcha is a proof of work (contracts' captchaChallengeSchema): the challenge of a check
 * key, solved here with Web Crypto; the answer is the nonce the server checks once.
 */
export const captchaProofQuery = (checkKey: string) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['auth', 'captcha', checkKey],
    queryFn: async ({ signal }) => solveCaptcha(await getCaptchaChallenge(checkKey, signal), signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useCaptchaProof(checkKey: string, enabled: boolean) {
  return useQuery({ ...captchaProofQuery(checkKey), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random key tying a captcha image to the login attempt that answers it. */
export function newCheckKey(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** The image as a `data:` URL. */
export function getCaptchaImage(checkKey: string, signal?: AbortSignal): Promise<string> {
  return apiClient.get<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`, undefined, signal);
}

export const captchaImageQuery = (checkKey: string) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['auth', 'captcha', checkKey],
    queryFn: ({ signal }) => getCaptchaImage(checkKey, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function useCaptchaImage(checkKey: string, enabled: boolean) {
  return useQuery({ ...captchaImageQuery(checkKey), enabled });
}

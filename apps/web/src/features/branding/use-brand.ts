import { type Brand, DEFAULT_BRAND } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function getBrand(domain: string, signal?: AbortSignal): Promise<Brand> {
  return apiClient.get<Brand>('/sys/customerBrand', { customerDomain: domain }, signal);
}

/** The visiting domain's brand; the default brand while loading or when the call fails. */
export function useBrand(): Brand {
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const query = useQuery({
    meta: { errorDisplay: 'inline' },
    queryKey: ['brand', domain],
    queryFn: ({ signal }) => getBrand(domain, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return query.data ?? DEFAULT_BRAND;
}

import { type Brand, DEFAULT_BRAND } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function getCustomerBrand(domain: string, signal?: AbortSignal): Promise<Brand> {
  return apiClient.get<Brand>('/sys/customerBrand', { customerDomain: domain }, signal);
}

export const brandKey = ['brand'] as const;

export const customerBrandQuery = (domain: string) =>
  queryOptions({
    queryKey: [...brandKey, domain],
    queryFn: ({ signal }) => getCustomerBrand(domain, signal),
    // The brand seldom changes: one call per page load is plenty.
    staleTime: 10 * 60_000,
    retry: false,
    meta: { errorDisplay: 'inline' },
  });

/** The visiting domain's brand; the default brand while loading or when the call fails. */
export function useBrand(): Brand {
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const query = useQuery(customerBrandQuery(domain));
  return query.data ?? DEFAULT_BRAND;
}

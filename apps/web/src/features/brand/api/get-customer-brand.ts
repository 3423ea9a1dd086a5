import { type Brand, DEFAULT_BRAND } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCustomerBrand(domain: string, signal?: AbortSignal): Promise<Brand> {
  return api.get('/sys/customerBrand', { customerDomain: domain }, signal);
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

/**
 * The visiting domain's brand; the default brand when the call fails. `null` while it is being
 * asked for: a partner domain must not flash the default brand (its name, contact menu, recharge
 * link or language switch) first, so callers show nothing brand-specific until it is known.
 */
export function useBrand(): Brand | null {
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const query = useQuery(customerBrandQuery(domain));
  if (query.isPending) return null;
  return query.data ?? DEFAULT_BRAND;
}

import type { BrandRecord, Page, PageQueryInput } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The brand administration list (no filters). */
export const BRAND_LIST_PATH = '/sys/brand/list';

/** Every page of the brand list: invalidate after changing a brand. */
export const brandListKey = ['brands', 'list'] as const;

export function listBrands(params: PageQueryInput, signal?: AbortSignal): Promise<Page<BrandRecord>> {
  return apiClient.get<Page<BrandRecord>>(BRAND_LIST_PATH, params, signal);
}

export const listBrandsQuery = (params: PageQueryInput) =>
  queryOptions({
    queryKey: [...brandListKey, params] as const,
    queryFn: ({ signal }) => listBrands(params, signal),
  });

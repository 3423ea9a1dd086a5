import type { Page } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { BrandRecord } from '../types';

export interface BrandListQuery {
  pageNo: number;
  pageSize: number;
}

export const brandAdminKey = ['brand-admin'] as const;

export function listBrands(query: BrandListQuery, signal?: AbortSignal): Promise<Page<BrandRecord>> {
  return apiClient.get<Page<BrandRecord>>('/sys/brand/list', { ...query }, signal);
}

export const brandListQuery = (query: BrandListQuery) =>
  queryOptions({
    queryKey: [...brandAdminKey, 'list', query],
    queryFn: ({ signal }) => listBrands(query, signal),
    placeholderData: keepPreviousData,
  });

export function useBrandList(query: BrandListQuery) {
  return useQuery(brandListQuery(query));
}

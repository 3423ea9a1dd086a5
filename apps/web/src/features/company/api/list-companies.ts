import type { CompanyListItem, CompanyListQuery, Page } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Companies in the caller's data scope (filters `name`, `type`). */
export const COMPANY_LIST_PATH = '/sys/company/list';

/** Every page of the company list: invalidate after changing companies. */
export const companyListKey = ['companies', 'list'] as const;

export function listCompanies(
  params: CompanyListQuery,
  signal?: AbortSignal,
): Promise<Page<CompanyListItem>> {
  return apiClient.get<Page<CompanyListItem>>(COMPANY_LIST_PATH, params, signal);
}

export const listCompaniesQuery = (params: CompanyListQuery) =>
  queryOptions({
    queryKey: [...companyListKey, params] as const,
    queryFn: ({ signal }) => listCompanies(params, signal),
  });

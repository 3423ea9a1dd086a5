import { listQuery } from '@/lib/list-query';

/** Companies in the caller's data scope (filters `name`, `type`). */
export const COMPANY_LIST_PATH = '/sys/company/list';

/** Every page of the company list: invalidate after changing companies. */
export const companyListKey = ['companies', 'list'] as const;

export const listCompaniesQuery = listQuery(COMPANY_LIST_PATH, companyListKey);

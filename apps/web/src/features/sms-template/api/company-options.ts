import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Companies staff may pick (names matching what was typed), in their scope. */
export const companyOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['smsTemplates', 'companyOptions', name] as const,
    queryFn: ({ signal }) => api.get('/sys/company/list', { name: name || undefined, pageSize: 50 }, signal),
    staleTime: 60_000,
  });

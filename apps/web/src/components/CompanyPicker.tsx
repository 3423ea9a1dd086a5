import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type PickerField, SearchPicker, useTypedSearch } from './SearchPicker';

/** Companies of the caller's scope whose name contains `name` (the first 20); '' for any. */
export function useScopeCompanies(name: string) {
  return useQuery({
    queryKey: ['companies', 'scope', name] as const,
    queryFn: ({ signal }) =>
      api.get('/sys/company/list', { pageSize: 20, ...(name ? { name } : {}) }, signal),
    staleTime: 60_000,
  });
}

/** Picks a company of the caller's scope, searched by name as it is typed (a form item's control). */
export function CompanyPicker({
  placeholder,
  minWidth,
  testId,
  ...field
}: PickerField & { placeholder: string; minWidth: number; testId: string }) {
  const { onSearch, name } = useTypedSearch();
  const companies = useScopeCompanies(name);
  return (
    <SearchPicker
      field={field}
      onSearch={onSearch}
      options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
      loading={companies.isFetching}
      placeholder={placeholder}
      minWidth={minWidth}
      testId={testId}
    />
  );
}

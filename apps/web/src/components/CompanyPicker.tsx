import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';

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
  id,
  value,
  onChange,
  placeholder,
  minWidth,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  minWidth: number;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search, 300);
  const companies = useScopeCompanies(name);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={placeholder}
      style={{ minWidth }}
      loading={companies.isFetching}
      options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
      data-testid={testId}
    />
  );
}

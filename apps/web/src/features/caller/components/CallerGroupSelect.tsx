import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { callerGroupOptionsQuery } from '../api/callers';

/** A caller group of the caller's scope (a trunk's `group` caller-ID rule, a task's caller IDs). */
export function CallerGroupSelect({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  testId?: string;
}) {
  const groups = useQuery(callerGroupOptionsQuery());
  return (
    <Select
      value={value || undefined}
      onChange={onChange}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isFetching}
      options={(groups.data?.records ?? []).map((g) => ({
        value: g.id,
        label: `${g.name} (${g.companyName})`,
      }))}
      data-testid={testId}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { callerGroupOptionsQuery } from '../api/callers';

/** A caller group of the caller's scope (a trunk's `group` caller-ID rule, a task's caller IDs). */
export function CallerGroupSelect({
  value,
  onChange,
  companyId,
  disabled,
  testId,
}: {
  value?: string | null;
  onChange?: (id: string | undefined) => void;
  /** Only this company's groups (a task's); otherwise every group in scope. */
  companyId?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const groups = useQuery({ ...callerGroupOptionsQuery(companyId), enabled: !disabled });
  return (
    <Select
      value={value || undefined}
      onChange={onChange}
      allowClear
      disabled={disabled}
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

import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { callTaskQuery, listCallTasksQuery } from '../api/call-tasks';

/**
 * Picks a group call task of the caller's scope, searched by name as it is typed (a filter's
 * control); a task chosen elsewhere (the records of a task's details, a shared link) shows its name.
 */
export function TaskPicker({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
}) {
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search, 300);
  const tasks = useQuery(listCallTasksQuery({ pageNo: 1, pageSize: 20, ...(name ? { name } : {}) }));
  const options = (tasks.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }));
  const missing = value !== undefined && !options.some((o) => o.value === value);
  const chosen = useQuery({ ...callTaskQuery(value ?? ''), enabled: missing });
  if (missing && chosen.data) options.unshift({ value: chosen.data.id, label: chosen.data.name });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={placeholder}
      style={{ minWidth: 180 }}
      loading={tasks.isFetching}
      options={options}
      data-testid="call-record-task"
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { type PickerField, SearchPicker, useTypedSearch } from '@/components/SearchPicker';
import { callTaskQuery, listCallTasksQuery } from '../api/call-tasks';

/**
 * Picks a group call task of the caller's scope, searched by name as it is typed (a filter's
 * control); a task chosen elsewhere (the records of a task's details, a shared link) shows its name.
 */
export function TaskPicker({ placeholder, ...field }: PickerField & { placeholder: string }) {
  const { value } = field;
  const { onSearch, name } = useTypedSearch();
  const tasks = useQuery(listCallTasksQuery({ pageNo: 1, pageSize: 20, ...(name ? { name } : {}) }));
  const options = (tasks.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }));
  const missing = value !== undefined && !options.some((o) => o.value === value);
  const chosen = useQuery({ ...callTaskQuery(value ?? ''), enabled: missing });
  if (missing && chosen.data) options.unshift({ value: chosen.data.id, label: chosen.data.name });
  return (
    <SearchPicker
      field={field}
      onSearch={onSearch}
      options={options}
      loading={tasks.isFetching}
      placeholder={placeholder}
      minWidth={180}
      testId="call-record-task"
    />
  );
}

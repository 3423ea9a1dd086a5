import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** What is typed into a SearchPicker, and the same once typing paused (300 ms): what to search for. */
export function useTypedSearch() {
  const [search, setSearch] = useState('');
  return { onSearch: setSearch, name: useDebouncedValue(search, 300) };
}

/** What a form item hands its control (the field's id, value and change). */
export interface PickerField {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/**
 * A form item's control picking one row by its name, searched on the server as it is typed
 * (useTypedSearch): the caller reads the options for the name typed.
 */
export function SearchPicker({
  field: { id, value, onChange },
  onSearch,
  options,
  loading,
  placeholder,
  minWidth,
  testId,
}: {
  field: PickerField;
  onSearch: (text: string) => void;
  options: { value: string; label: string }[];
  loading: boolean;
  placeholder: string;
  minWidth: number;
  testId: string;
}) {
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ filterOption: false, onSearch }}
      placeholder={placeholder}
      style={{ minWidth }}
      loading={loading}
      options={options}
      data-testid={testId}
    />
  );
}

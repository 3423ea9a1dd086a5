import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { companyOptionsQuery } from '../api/company-options';

/** Staff belong to no company: they pick the one a new template or sender id is for. */
export function CompanySelect({
  value,
  onChange,
  allowClear,
  testId,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  allowClear?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('smsTemplate');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim().slice(0, 128), 300);
  const options = useQuery({ ...companyOptionsQuery(name), placeholderData: keepPreviousData });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={onChange}
      allowClear={allowClear}
      placeholder={t('common.companyPlaceholder')}
      loading={options.isFetching}
      options={(options.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
      style={{ minWidth: 240 }}
      data-testid={testId}
    />
  );
}

/**
 * The company a new record is for (the form's `companyId`, required), which staff pick: forms
 * show it only to them (`useIsStaff`), the server taking the others' own company.
 */
export function CompanyItem({
  label,
  message,
  testId,
  onChange,
}: {
  label: string;
  /** Said when none is picked. */
  message: string;
  testId: string;
  onChange?: (id: string | undefined) => void;
}) {
  return (
    <Form.Item name="companyId" label={label} rules={[{ required: true, message }]}>
      <CompanySelect testId={testId} onChange={onChange} />
    </Form.Item>
  );
}

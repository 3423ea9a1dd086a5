import type { logQuerySchema } from '@switchboard/contracts';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterParams } from '@/components/ResourceTable';
import { periodParams, periodValue } from '@/lib/period-query';

/** Username and a time range, shared by the login and operation logs. */
export function LogFilters() {
  const { t } = useTranslation('system');
  return (
    <>
      <Form.Item name="username" label={t('log.username')}>
        <Input allowClear data-testid="filter-username" />
      </Form.Item>
      <Form.Item name="period" label={t('log.period')}>
        <DatePicker.RangePicker showTime data-testid="filter-period" />
      </Form.Item>
    </>
  );
}

export function logQuery(values: Record<string, unknown>): FilterParams<typeof logQuerySchema> {
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  return { username: username || undefined, ...periodParams(values.period) };
}

/** The reverse of `logQuery`, for a list state read from the URL. */
export function logFormValues(query: Record<string, string>): Record<string, unknown> {
  return { username: query.username, period: periodValue(query) };
}

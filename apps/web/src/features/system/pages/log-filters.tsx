import type { logQuerySchema } from '@switchboard/contracts';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterParams } from '@/components/ResourceTable';

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
  const period = Array.isArray(values.period) ? (values.period as (Dayjs | null)[]) : [];
  return {
    username: username || undefined,
    from: period[0]?.toISOString(),
    to: period[1]?.toISOString(),
  };
}

/** The reverse of `logQuery`, for a list state read from the URL. */
export function logFormValues(query: Record<string, string>): Record<string, unknown> {
  const from = query.from ? dayjs(query.from) : null;
  const to = query.to ? dayjs(query.to) : null;
  const period = from?.isValid() && to?.isValid() ? [from, to] : undefined;
  return { username: query.username, period };
}

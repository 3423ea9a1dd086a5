import {
  SMS_CALLBACK_STATES,
  type SmsCallbackRow,
  type SmsCallbackState,
  smsCallbackListQuerySchema,
} from '@switchboard/contracts';
import { DatePicker, Drawer, Form, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useIsStaff } from '@/lib/session';
import { listCallbacksQuery } from '../api/sms';
import { CallbackStateTag } from '../components/tags';
import { periodStateQuery, periodStateValues } from '../lib/period';

/** The body's message status and number, for the list (the body is the JSON posted). */
function bodyOf(row: SmsCallbackRow): { to?: string; status?: string } {
  try {
    const parsed = JSON.parse(row.body) as { to?: unknown; status?: unknown };
    return {
      to: typeof parsed.to === 'string' ? parsed.to : undefined,
      status: typeof parsed.status === 'string' ? parsed.status : undefined,
    };
  } catch {
    return {};
  }
}

/** sms/CallbackLog: delivery reports posted to the company's callback URL, each attempt logged. */
export default function CallbackLogPage() {
  const { t } = useTranslation('sms');
  const staff = useIsStaff();
  const [open, setOpen] = useState<SmsCallbackRow | null>(null);
  const columns: TableColumnsType<SmsCallbackRow> = [
    {
      title: t('callback.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <DateTimeText value={v} />,
    },
    { title: t('callback.messageId'), dataIndex: 'messageId', responsive: ['lg'] },
    { title: t('record.to'), key: 'to', render: (_: unknown, row) => bodyOf(row).to ?? '' },
    {
      title: t('callback.messageStatus'),
      key: 'status',
      render: (_: unknown, row) => {
        const status = bodyOf(row).status;
        return status ? t(`status.${status}` as 'status.delivered', { defaultValue: status }) : '';
      },
    },
    {
      title: t('callback.state.title'),
      dataIndex: 'state',
      render: (s: SmsCallbackState) => <CallbackStateTag state={s} />,
    },
    { title: t('callback.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('callback.lastStatus'), dataIndex: 'lastStatus', responsive: ['md'] },
    { title: t('callback.lastError'), dataIndex: 'lastError', responsive: ['md'] },
    {
      title: t('callback.nextAt'),
      dataIndex: 'nextAt',
      responsive: ['lg'],
      render: (v: string | null) => <DateTimeText value={v} />,
    },
    ...(staff ? [{ title: t('record.company'), dataIndex: 'companyName' }] : []),
    rowActionsColumn<SmsCallbackRow>(t('batch.actions'), (row) => [
      { key: 'log', label: t('callback.log'), onClick: () => setOpen(row), testId: 'callback-log' },
    ]),
  ];
  return (
    <>
      <ResourceTable
        params={smsCallbackListQuerySchema}
        query={listCallbacksQuery}
        rowKey="messageId"
        title={t('callback.title')}
        testId="callback-table"
        columns={columns}
        toQuery={periodStateQuery}
        fromQuery={periodStateValues}
        filters={
          <>
            <Form.Item name="period" label={t('filters.period')}>
              <DatePicker.RangePicker placeholder={[t('filters.today'), t('filters.today')]} />
            </Form.Item>
            <Form.Item name="state" label={t('callback.state.title')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                placeholder={t('filters.any')}
                options={SMS_CALLBACK_STATES.map((s) => ({ value: s, label: t(`callback.state.${s}`) }))}
              />
            </Form.Item>
          </>
        }
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={t('callback.logTitle')} width={560}>
        {open ? (
          <>
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {open.body}
            </Typography.Paragraph>
            <DataTable
              size="small"
              rowKey={(a) => a.at}
              dataSource={open.log}
              pagination={false}
              columns={[
                {
                  title: t('callback.at'),
                  dataIndex: 'at',
                  render: (v: string) => <DateTimeText value={v} />,
                },
                { title: t('callback.lastStatus'), dataIndex: 'status' },
                { title: t('callback.lastError'), dataIndex: 'errorCode' },
                { title: t('callback.duration'), dataIndex: 'durationMs', align: 'right' },
              ]}
            />
          </>
        ) : null}
      </Drawer>
    </>
  );
}

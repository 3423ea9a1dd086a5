import { CALL_LIST_NUMBER_STATES, type CallList, type CallListNumber } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobDrawer, JobNumbersTable } from '@/components/BulkJob';
import { DateTimeText } from '@/components/DateTimeText';
import { formatNumber } from '@/lib/format';
import { callListNumbersQuery, callListQuery } from '../api/call-centre';

const STATE_COLORS: Record<CallListNumber['state'], string> = {
  not_called: 'default',
  calling: 'processing',
  complete: 'green',
  waiting_redial: 'gold',
};

/** A call list's numbers (their own columns, state, attempts and redial time), a page at a time. */
export function CallListDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('callCentre');
  const list = useQuery({ ...callListQuery(id ?? ''), enabled: id !== null });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [state, setState] = useState<CallListNumber['state'] | undefined>(undefined);
  const numbers = useQuery({
    ...callListNumbersQuery({ id: id ?? '', ...page, ...(state ? { state } : {}) }),
    enabled: id !== null,
  });
  const data: CallList | undefined = list.data;
  const columns: TableColumnsType<CallListNumber> = [
    { title: t('list.number'), dataIndex: 'number' },
    { title: t('list.contact'), dataIndex: 'name', render: (v: string | null) => v ?? '' },
    { title: t('list.notes'), dataIndex: 'notes', responsive: ['md'], render: (v: string | null) => v ?? '' },
    ...(data?.columns ?? []).map((column) => ({
      title: column,
      key: `extra:${column}`,
      responsive: ['lg' as const],
      render: (_: unknown, r: CallListNumber) => r.extra[column] ?? '',
    })),
    {
      title: t('list.state'),
      dataIndex: 'state',
      render: (v: CallListNumber['state']) => (
        <Tag color={STATE_COLORS[v]} data-testid="call-list-number-state">
          {t(`list.states.${v}`)}
        </Tag>
      ),
    },
    { title: t('list.attempts'), dataIndex: 'attempts', responsive: ['md'] },
    {
      title: t('list.redialAt'),
      dataIndex: 'redialAt',
      responsive: ['lg'],
      render: (v: string | null) => <DateTimeText value={v} />,
    },
  ];
  return (
    <JobDrawer id={id} onClose={onClose} title={data?.name ?? t('list.details')} testId="call-list-drawer">
      {data ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('list.total')}>{formatNumber(data.total)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.company')}>{data.companyName}</Descriptions.Item>
          {CALL_LIST_NUMBER_STATES.map((s) => (
            <Descriptions.Item key={s} label={t(`list.states.${s}`)}>
              {formatNumber(data.counts[s])}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      <Select
        allowClear
        placeholder={t('list.state')}
        style={{ minWidth: 180, marginBottom: 12 }}
        value={state}
        onChange={(v) => {
          setState(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        options={CALL_LIST_NUMBER_STATES.map((s) => ({ value: s, label: t(`list.states.${s}`) }))}
        data-testid="call-list-state-filter"
      />
      <JobNumbersTable
        numbers={numbers}
        columns={columns}
        page={page}
        setPage={setPage}
        testId="call-list-numbers"
      />
    </JobDrawer>
  );
}

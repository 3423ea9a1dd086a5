import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Progress, Select, type TableColumnsType } from 'antd';
import type { CustomTypeOptions } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { DataTable } from './DataTable';
import { Ellipsis } from './Ellipsis';

/**
 * The pieces of a bulk job's screens (a group call task, a number-status check): a job is a named
 * list of numbers of a company, worked in the background, its progress pushed live. Its list page
 * (name, company, state, progress columns; name and state filters) and its details drawer (the
 * job's numbers, a page at a time, filtered by their outcome).
 */

type Resources = CustomTypeOptions['resources'];
type BulkJobWording = {
  fields: { name: string; company: string };
  stateTitle: string;
  progress: string;
  anyState: string;
};

/**
 * The namespaces that word a bulk job's list with the usual keys: `fields.name`,
 * `fields.company`, `stateTitle`, `progress` and `anyState`.
 */
export type BulkJobNamespace = {
  [N in keyof Resources]: Resources[N] extends BulkJobWording ? N : never;
}[keyof Resources];

/** What every bulk job row has. */
export interface BulkJobRow {
  id: string;
  name: string;
  companyName: string;
  counts: { total: number; done: number };
}

/** Whole per cent of `part` in `total` (0 of nothing). */
export const percentOf = (part: number, total: number) => (total > 0 ? Math.floor((part / total) * 100) : 0);

/**
 * A list's first columns, titled in the feature's namespace: the name (opens the details), the
 * company, the state and the progress (`finished` of the total; the text counts those done).
 */
export function useBulkJobColumns<T extends BulkJobRow>(
  ns: BulkJobNamespace,
  options: {
    onOpen: (row: T) => void;
    state: (row: T) => ReactNode;
    finished: (row: T) => number;
    /** `data-testid`s of the name's link and (when given) of the row's progress. */
    testIds: { open: string; progress?: string };
  },
): TableColumnsType<T> {
  const { t } = useTranslation(ns);
  const { testIds } = options;
  return [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => options.onOpen(row)}
          data-testid={testIds.open}
        >
          <Ellipsis text={name} />
        </Button>
      ),
    },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    { title: t('stateTitle'), dataIndex: 'state', render: (_: unknown, row) => options.state(row) },
    {
      title: t('progress'),
      key: 'progress',
      responsive: ['sm'],
      render: (_: unknown, row) => (
        <Progress
          size="small"
          style={{ minWidth: 100 }}
          percent={percentOf(options.finished(row), row.counts.total)}
          format={() => `${formatNumber(row.counts.done)}/${formatNumber(row.counts.total)}`}
          data-testid={testIds.progress}
        />
      ),
    },
  ];
}

/** A list's filters, worded in the feature's namespace: the name (contains) and one state. */
export function BulkJobFilters({
  ns,
  states,
  searchTestId,
}: {
  ns: BulkJobNamespace;
  states: readonly { value: string; label: string }[];
  searchTestId: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Form.Item name="name" label={t('fields.name')}>
        <Input allowClear data-testid={searchTestId} />
      </Form.Item>
      <Form.Item name="state" label={t('stateTitle')}>
        <Select allowClear placeholder={t('anyState')} style={{ minWidth: 140 }} options={[...states]} />
      </Form.Item>
    </>
  );
}

/** A page of a job's numbers and the outcome they are filtered by (a new outcome: back to page 1). */
export function useJobNumbersPage<O extends string>() {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [outcome, setOutcomeNow] = useState<O | undefined>();
  const setOutcome = (value: O | undefined) => {
    setOutcomeNow(value);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  return { page, setPage, outcome, setOutcome };
}

/** The parameters of a page of a job's numbers: the job, the page and the outcome filtered by. */
export interface JobNumbersParams<O extends string> {
  id: string;
  pageNo: number;
  pageSize: number;
  outcome?: O;
}

/**
 * A details drawer's reads: the job shown (`id`; null: none), and a page of its numbers by
 * outcome (useJobNumbersPage). The page is read again whenever the job's state or counts change,
 * however the change was learnt (its own refresh while it runs, or the progress the websocket
 * pushes into its query): the numbers never lag the summary shown above them. (They once did: a
 * check seen done by the job's poll kept a number "pending" below "1 vacant" until reopened.)
 */
export function useJobDetails<
  J extends { state: string; counts: unknown },
  P extends { records: unknown[]; total: number },
  O extends string,
  E,
  JK extends QueryKey,
  NK extends QueryKey,
>(
  id: string | null,
  jobQuery: (id: string) => UseQueryOptions<J, E, J, JK>,
  numbersQuery: (params: JobNumbersParams<O>) => UseQueryOptions<P, E, P, NK>,
) {
  const job = useQuery({ ...jobQuery(id ?? ''), enabled: id !== null });
  const numbersPage = useJobNumbersPage<O>();
  const { page, outcome } = numbersPage;
  const numbers = useQuery({
    ...numbersQuery({ id: id ?? '', ...page, ...(outcome ? { outcome } : {}) }),
    enabled: id !== null,
  });
  const progress = job.data ? JSON.stringify([job.data.state, job.data.counts]) : undefined;
  const seen = useRef(progress);
  const { refetch } = numbers;
  useEffect(() => {
    const before = seen.current;
    seen.current = progress;
    if (before !== undefined && progress !== undefined && before !== progress) void refetch();
  }, [progress, refetch]);
  return { job: job.data, numbers, ...numbersPage };
}

/** The outcome filter of a job's numbers. */
export function OutcomeFilter<O extends string>({
  value,
  onChange,
  options,
  placeholder,
  testId,
}: {
  value: O | undefined;
  onChange: (value: O | undefined) => void;
  options: { value: O; label: string }[];
  placeholder: string;
  testId?: string;
}) {
  return (
    <Select
      allowClear
      placeholder={placeholder}
      style={{ minWidth: 160 }}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={testId}
    />
  );
}

/** A job's numbers, a page at a time (`numbers`: the page's query, `page` from useJobNumbersPage). */
export function JobNumbersTable<N extends { id: string }>({
  numbers,
  columns,
  page,
  setPage,
  testId,
}: {
  numbers: Pick<UseQueryResult<{ records: N[]; total: number }>, 'data' | 'isFetching'>;
  columns: TableColumnsType<N>;
  page: { pageNo: number; pageSize: number };
  setPage: (page: { pageNo: number; pageSize: number }) => void;
  testId: string;
}) {
  return (
    <DataTable
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={numbers.data?.records ?? []}
      loading={numbers.isFetching && !numbers.data}
      scroll={{ x: true }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: numbers.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
      }}
      data-testid={testId}
    />
  );
}

/** A job's details drawer: open while `id` is set; its content once the job is read. */
export function JobDrawer({
  id,
  onClose,
  title,
  testId,
  children,
}: {
  id: string | null;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={title}
      width="min(760px, 100vw)"
      destroyOnHidden
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}

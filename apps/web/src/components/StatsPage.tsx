import type { PermissionCode } from '@switchboard/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Form, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import type { PathsWith, QueryValue } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { CompanyPicker, useScopeCompanies } from './CompanyPicker';
import { DailyChart, type DailyChartBar, type DailyChartPoint } from './DailyChart';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportButton';
import { type Figure, Figures } from './Figures';

/** A count in a statistics table. */
export const countCell = (value: number) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(value)}</span>
);
/** Money in a statistics table (an amount in `currency`). */
export const moneyCell = (currency: string) => (value: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, currency)}</span>
);

/**
 * The rows of one dimension: every day of the period on one page, other dimensions 20 a page.
 * `testId`: `<page>-table-<dimension>`.
 */
export function StatsTable<R extends { key: string }>({
  dimension,
  columns,
  rows,
  loading,
  testId,
}: {
  dimension: string;
  columns: TableColumnsType<R>;
  rows: R[] | undefined;
  loading: boolean;
  testId: string;
}) {
  return (
    <DataTable<R>
      size="small"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={rows ?? []}
      pagination={dimension === 'day' ? false : { pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid={`${testId}-table-${dimension}`}
    />
  );
}

/** What a statistics answer has: its rows, whether the caller is staff, the currency. */
export interface StatsAnswer<R> {
  rows: R[];
  staff: boolean;
  currency: string;
}

/** A row of figures: its key (the day on the chart) and its revenue (the chart's money). */
export interface StatsRow {
  key: string;
  revenue: string;
}

/**
 * The scaffold of a statistics page: the filters (the period, default the 30 days up to today;
 * the page's own; a company for callers who see more than one; the export of the tab shown), the
 * period's totals with a hint, the chart by day and a tab per dimension, each read through the
 * page's query hook (`useFigures`, by day always, the tab shown besides). Test ids start with
 * `testId`: `-period`, `-company`, `-export`, `-totals`, `-<figure>`, `-chart`, `-tab-<dimension>`.
 */
export function StatsPage<
  D extends string,
  R extends StatsRow,
  A extends StatsAnswer<R>,
  Q extends { dateFrom?: string; dateTo?: string; companyId?: string },
>({
  testId,
  useFigures,
  query: own,
  filters,
  dimensions,
  labels,
  exportButton,
  figures,
  bars,
  table,
}: {
  testId: string;
  /** The page's query hook: the figures by one dimension for the filters. */
  useFigures: (dimension: D, query: Q, enabled?: boolean) => UseQueryResult<A, Error>;
  /** The page's own filters' values, and their form items (shown after the period). */
  query: Omit<Q, 'dateFrom' | 'dateTo' | 'companyId'>;
  filters?: ReactNode;
  /** The tabs for this caller (`day` first: its figures are the totals and the chart). */
  dimensions: (caller: { staff: boolean; canChoose: boolean }) => D[];
  labels: {
    period: string;
    hint: string;
    byDay: string;
    company: string;
    allCompanies: string;
    dimension: (dimension: D) => string;
    spend: string;
  };
  exportButton: { path: PathsWith<'get'>; permission: PermissionCode };
  /** The totals of the period, from the answer by day. */
  figures: (answer: A | undefined) => Figure[];
  /** The counts the chart draws each day as bars. */
  bars: readonly [DailyChartBar<R & DailyChartPoint>, DailyChartBar<R & DailyChartPoint>];
  /** A dimension's table (its answer only while its tab is shown). */
  table: (dimension: D, answer: A | undefined, loading: boolean) => ReactNode;
}) {
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [tab, setTab] = useState<D>('day' as D);
  const scope = useScopeCompanies('');
  const canChoose = (scope.data?.total ?? 0) > 1;

  const query = {
    // The server counts UTC days: the days picked, as dates.
    dateFrom: period[0].format('YYYY-MM-DD'),
    dateTo: period[1].format('YYYY-MM-DD'),
    ...own,
    ...(companyId ? { companyId } : {}),
  } as Q;
  const byDay = useFigures('day' as D, query);
  const other = useFigures(tab, query, tab !== 'day');
  const current = tab === 'day' ? byDay : other;
  const staff = byDay.data?.staff ?? false;
  const points = useMemo(
    () => (byDay.data?.rows ?? []).map((r) => ({ ...r, day: r.key, spend: r.revenue })),
    [byDay.data],
  );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={labels.period}>
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) setPeriod([value[0], value[1]]);
              }}
              data-testid={`${testId}-period`}
            />
          </Form.Item>
          {filters}
          {canChoose ? (
            <Form.Item label={labels.company}>
              <CompanyPicker
                value={companyId}
                onChange={setCompanyId}
                placeholder={labels.allCompanies}
                minWidth={200}
                testId={`${testId}-company`}
              />
            </Form.Item>
          ) : null}
          <Form.Item>
            <ExportButton
              path={exportButton.path}
              params={{ ...(query as Record<string, QueryValue>), dimension: tab }}
              permission={exportButton.permission}
              testId={`${testId}-export`}
            />
          </Form.Item>
        </Form>
      </Card>
      {byDay.isError ? <Alert type="error" showIcon title={byDay.error.message} /> : null}
      <Card size="small" loading={byDay.isLoading} data-testid={`${testId}-totals`}>
        <Figures figures={figures(byDay.data)} testId={testId} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {labels.hint}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={labels.byDay}>
        <DailyChart
          points={points}
          bars={bars}
          spendLabel={labels.spend}
          currency={byDay.data?.currency ?? ''}
          testId={`${testId}-chart`}
        />
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as D)}
          items={dimensions({ staff, canChoose }).map((d) => ({
            key: d,
            label: <span data-testid={`${testId}-tab-${d}`}>{labels.dimension(d)}</span>,
            children: table(d, d === tab ? current.data : undefined, current.isFetching),
          }))}
        />
      </Card>
    </Flex>
  );
}

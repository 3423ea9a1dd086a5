import type { PermissionCode } from '@switchboard/contracts';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import type { PathsWith, QueryValue } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { CompanyPicker } from './CompanyPicker';
import { ExportButton } from './ExportButton';

/** A statistics page's period: the days picked (default the 30 days up to today). */
export function useStatsPeriod() {
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  return {
    period,
    setPeriod,
    // The server counts UTC days: the days picked, as dates.
    dates: { dateFrom: period[0].format('YYYY-MM-DD'), dateTo: period[1].format('YYYY-MM-DD') },
  };
}

/** A count in a statistics table. */
export const countCell = (value: number) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(value)}</span>
);
/** Money in a statistics table (as many decimals as it has, up to six). */
export const moneyCell = (value: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, { exact: true })}</span>
);

/** One figure of the totals: `<testId>-<key>`. */
export interface StatsFigure {
  key: string;
  title: string;
  value: string;
  suffix?: string | undefined;
}

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
    <Table<R>
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

/**
 * The scaffold of a statistics page: the filters (the period, the page's own, a company, the
 * export of the tab shown), the period's totals with a hint, the chart by day and a tab per
 * dimension. Test ids start with `testId`: `-period`, `-company`, `-export`, `-totals`, `-<figure>`,
 * `-tab-<dimension>`.
 */
export function StatsPage<D extends string>({
  testId,
  period,
  onPeriod,
  labels,
  filters,
  company,
  exportButton,
  error,
  loading,
  figures,
  chart,
  tabs,
}: {
  testId: string;
  period: [Dayjs, Dayjs];
  onPeriod: (period: [Dayjs, Dayjs]) => void;
  labels: { period: string; hint: string; byDay: string };
  /** The page's own filters (form items), after the period. */
  filters?: ReactNode;
  /** The company filter, for callers who see more than one. */
  company?: {
    value: string | undefined;
    onChange: (id: string | undefined) => void;
    label: string;
    placeholder: string;
  };
  exportButton: { path: PathsWith<'get'>; params: Record<string, QueryValue>; permission: PermissionCode };
  error: Error | null;
  loading: boolean;
  figures: StatsFigure[];
  chart: ReactNode;
  tabs: {
    dimensions: { key: D; label: string }[];
    active: D;
    onChange: (key: D) => void;
    content: (key: D) => ReactNode;
  };
}) {
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={labels.period}>
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) onPeriod([value[0], value[1]]);
              }}
              data-testid={`${testId}-period`}
            />
          </Form.Item>
          {filters}
          {company ? (
            <Form.Item label={company.label}>
              <CompanyPicker
                value={company.value}
                onChange={company.onChange}
                placeholder={company.placeholder}
                minWidth={200}
                testId={`${testId}-company`}
              />
            </Form.Item>
          ) : null}
          <Form.Item>
            <ExportButton {...exportButton} testId={`${testId}-export`} />
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <Card size="small" loading={loading} data-testid={`${testId}-totals`}>
        <Row gutter={[16, 12]}>
          {figures.map((f) => (
            <Col xs={12} sm={8} lg={4} key={f.key}>
              <Statistic
                title={f.title}
                value={f.value}
                suffix={f.suffix ? <Typography.Text type="secondary">{f.suffix}</Typography.Text> : undefined}
                data-testid={`${testId}-${f.key}`}
              />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {labels.hint}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={labels.byDay}>
        {chart}
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tabs.active}
          onChange={(key) => tabs.onChange(key as D)}
          items={tabs.dimensions.map((d) => ({
            key: d.key,
            label: <span data-testid={`${testId}-tab-${d.key}`}>{d.label}</span>,
            children: tabs.content(d.key),
          }))}
        />
      </Card>
    </Flex>
  );
}

import type { VoiceStats, VoiceStatsDimension, VoiceStatsQuery, VoiceStatsRow } from '@switchboard/contracts';
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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { CompanyPicker, useScopeCompanies } from '@/components/CompanyPicker';
import { ExportButton } from '@/components/ExportButton';
import { formatRate, formatSpend } from '@/features/sms-stats';
import { formatNumber } from '@/lib/format';
import { CALL_STATS_EXPORT_PATH, CALL_STATS_PERMS, useCallStats } from '../api/call-stats';
import { CallChart } from '../components/CallChart';

const seconds = (value: number | null) => (value === null ? '–' : formatNumber(value, 1));

function StatsTable({
  dimension,
  data,
  loading,
}: {
  dimension: VoiceStatsDimension;
  data: VoiceStats | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('callTask');
  const staff = data?.staff ?? false;
  const num = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(value)}</span>;
  const money = (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatSpend(value)}</span>;
  const columns: TableColumnsType<VoiceStatsRow> = [
    {
      title: t(`statsBy.${dimension}`),
      key: 'key',
      fixed: 'left',
      render: (_, row) => (row.key === '' ? t('stats.noTrunk') : row.name),
    },
    { title: t('stats.calls'), dataIndex: 'calls', align: 'right', render: num },
    { title: t('result.answered'), dataIndex: 'answered', align: 'right', render: num },
    { title: t('result.busy'), dataIndex: 'busy', align: 'right', render: num, responsive: ['lg'] },
    { title: t('result.no_answer'), dataIndex: 'noAnswer', align: 'right', render: num, responsive: ['lg'] },
    { title: t('result.rejected'), dataIndex: 'rejected', align: 'right', render: num, responsive: ['xl'] },
    {
      title: t('result.invalid_number'),
      dataIndex: 'invalidNumber',
      align: 'right',
      render: num,
      responsive: ['xl'],
    },
    { title: t('result.failed'), dataIndex: 'failed', align: 'right', render: num, responsive: ['lg'] },
    {
      title: t('stats.answerRate'),
      dataIndex: 'answerRate',
      align: 'right',
      render: (r: number | null) => formatRate(r),
    },
    { title: t('stats.avgTalk'), dataIndex: 'avgTalkS', align: 'right', render: seconds, responsive: ['sm'] },
    { title: t('billedS'), dataIndex: 'billedS', align: 'right', render: num, responsive: ['md'] },
    { title: t('stats.uncharged'), dataIndex: 'uncharged', align: 'right', render: num, responsive: ['xl'] },
    { title: t('stats.revenue'), dataIndex: 'revenue', align: 'right', render: money, responsive: ['sm'] },
  ];
  if (staff) {
    columns.push(
      { title: t('stats.cost'), dataIndex: 'cost', align: 'right', render: money, responsive: ['md'] },
      { title: t('stats.margin'), dataIndex: 'margin', align: 'right', render: money, responsive: ['md'] },
    );
  }
  return (
    <Table<VoiceStatsRow>
      size="small"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={data?.rows ?? []}
      pagination={dimension === 'day' ? false : { pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid={`call-stats-table-${dimension}`}
    />
  );
}

/** callTask/CallStats: call figures by day (chart and table), task and trunk (staff), with totals. */
export default function CallStatsPage() {
  const { t } = useTranslation('callTask');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [tab, setTab] = useState<VoiceStatsDimension>('day');
  const scope = useScopeCompanies('');
  const canChoose = (scope.data?.total ?? 0) > 1;
  const trunkView = useCan(CALL_STATS_PERMS.trunk).visible;

  const query: VoiceStatsQuery = {
    // The server counts UTC days: the days picked, as dates.
    dateFrom: period[0].format('YYYY-MM-DD'),
    dateTo: period[1].format('YYYY-MM-DD'),
    ...(companyId ? { companyId } : {}),
  };
  const byDay = useCallStats('day', query);
  const staff = byDay.data?.staff ?? false;
  const dimensions: VoiceStatsDimension[] = [
    'day',
    'task',
    ...(staff && trunkView ? (['trunk'] as const) : []),
  ];
  const other = useCallStats(tab, query, tab !== 'day');
  const current = tab === 'day' ? byDay : other;
  const totals = byDay.data?.totals;
  const currency = byDay.data?.currency ?? '';
  const points = useMemo(
    () =>
      (byDay.data?.rows ?? []).map((r) => ({
        day: r.key,
        calls: r.calls,
        answered: r.answered,
        spend: r.revenue,
      })),
    [byDay.data],
  );
  const figure = (key: string, title: string, value: string, suffix?: string) => (
    <Col xs={12} sm={8} lg={4} key={key}>
      <Statistic
        title={title}
        value={value}
        suffix={suffix ? <Typography.Text type="secondary">{suffix}</Typography.Text> : undefined}
        data-testid={`call-stats-${key}`}
      />
    </Col>
  );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('stats.period')}>
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) setPeriod([value[0], value[1]]);
              }}
              data-testid="call-stats-period"
            />
          </Form.Item>
          {canChoose ? (
            <Form.Item label={t('fields.company')}>
              <CompanyPicker
                value={companyId}
                onChange={setCompanyId}
                placeholder={t('stats.allCompanies')}
                minWidth={200}
                testId="call-stats-company"
              />
            </Form.Item>
          ) : null}
          <Form.Item>
            <ExportButton
              path={CALL_STATS_EXPORT_PATH}
              params={{ ...query, dimension: tab }}
              permission={CALL_STATS_PERMS.export}
              testId="call-stats-export"
            />
          </Form.Item>
        </Form>
      </Card>
      {byDay.isError ? <Alert type="error" showIcon title={byDay.error.message} /> : null}
      <Card size="small" loading={byDay.isLoading} data-testid="call-stats-totals">
        <Row gutter={[16, 12]}>
          {figure('calls', t('stats.calls'), formatNumber(totals?.calls ?? 0))}
          {figure('answered', t('result.answered'), formatNumber(totals?.answered ?? 0))}
          {figure('rate', t('stats.answerRate'), formatRate(totals?.answerRate))}
          {figure('avgTalk', t('stats.avgTalk'), seconds(totals?.avgTalkS ?? null))}
          {figure('revenue', t('stats.revenue'), formatSpend(totals?.revenue ?? '0'), currency)}
          {staff ? figure('cost', t('stats.cost'), formatSpend(totals?.cost ?? '0'), currency) : null}
          {staff ? figure('margin', t('stats.margin'), formatSpend(totals?.margin ?? '0'), currency) : null}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('stats.hint')}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={t('stats.byDay')}>
        <CallChart points={points} spendLabel={t('stats.revenue')} testId="call-stats-chart" />
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as VoiceStatsDimension)}
          items={dimensions.map((d) => ({
            key: d,
            label: <span data-testid={`call-stats-tab-${d}`}>{t(`statsBy.${d}`)}</span>,
            children: (
              <StatsTable
                dimension={d}
                data={d === tab ? current.data : undefined}
                loading={current.isFetching}
              />
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}

import {
  SMS_KINDS,
  type SmsAnalysis,
  type SmsAnalysisDimension,
  type SmsAnalysisQuery,
  type SmsAnalysisRow,
} from '@switchboard/contracts';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyPicker, useScopeCompanies } from '@/components/CompanyPicker';
import { ExportButton } from '@/components/ExportButton';
import { countryName, formatNumber, regionNames } from '@/lib/format';
import { ANALYSIS_EXPORT_PATH, SMS_STATS_PERMS, useAnalysis } from '../api/stats';
import { DailyChart } from '../components/DailyChart';
import { formatRate, formatSpend } from '../components/format';

/** A country's name in the console's language (its code when the browser does not know it). */
function useCountryName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = regionNames(i18n.language);
    return (code: string) => countryName(names, code);
  }, [i18n.language]);
}

function FiguresTable({
  dimension,
  data,
  loading,
}: {
  dimension: SmsAnalysisDimension;
  data: SmsAnalysis | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('smsStats');
  const countryName = useCountryName();
  const staff = data?.staff ?? false;
  const label = (row: SmsAnalysisRow) => {
    if (row.key === '') return t('none');
    if (dimension === 'country') return `${countryName(row.key)} (${row.key})`;
    return row.name;
  };
  const num = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(value)}</span>;
  const money = (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatSpend(value)}</span>;
  const columns: TableColumnsType<SmsAnalysisRow> = [
    { title: t(`key.${dimension}`), key: 'key', render: (_, row) => label(row), fixed: 'left' },
    { title: t('total'), dataIndex: 'total', align: 'right', render: num, responsive: ['sm'] },
    { title: t('sent'), dataIndex: 'sent', align: 'right', render: num },
    { title: t('delivered'), dataIndex: 'delivered', align: 'right', render: num },
    { title: t('failed'), dataIndex: 'failed', align: 'right', render: num, responsive: ['md'] },
    { title: t('pending'), dataIndex: 'pending', align: 'right', render: num, responsive: ['lg'] },
    {
      title: t('deliveryRate'),
      dataIndex: 'deliveryRate',
      align: 'right',
      render: (r: number | null) => formatRate(r),
    },
    { title: t('parts'), dataIndex: 'parts', align: 'right', render: num, responsive: ['lg'] },
    { title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money, responsive: ['sm'] },
  ];
  if (staff) {
    columns.push(
      { title: t('cost'), dataIndex: 'cost', align: 'right', render: money, responsive: ['md'] },
      { title: t('margin'), dataIndex: 'margin', align: 'right', render: money, responsive: ['md'] },
    );
  }
  return (
    <Table<SmsAnalysisRow>
      size="small"
      rowKey="key"
      loading={loading}
      columns={columns}
      dataSource={data?.rows ?? []}
      pagination={dimension === 'day' ? false : { pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid={`analysis-table-${dimension}`}
    />
  );
}

/** sms/SmsAnalysis: SMS figures by day (chart and table), country, gateway (staff) and company. */
export default function SmsAnalysisPage() {
  const { t } = useTranslation('smsStats');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [kind, setKind] = useState<string | undefined>();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [tab, setTab] = useState<SmsAnalysisDimension>('day');
  const scope = useScopeCompanies('');
  const canChoose = (scope.data?.total ?? 0) > 1;

  const query: SmsAnalysisQuery = {
    // The server counts UTC days: the days picked, as dates.
    dateFrom: period[0].format('YYYY-MM-DD'),
    dateTo: period[1].format('YYYY-MM-DD'),
    ...(kind ? { kind: kind as SmsAnalysisQuery['kind'] } : {}),
    ...(companyId ? { companyId } : {}),
  };
  const byDay = useAnalysis('day', query);
  const staff = byDay.data?.staff ?? false;
  const dimensions: SmsAnalysisDimension[] = [
    'day',
    'country',
    ...(staff ? (['gateway'] as const) : []),
    ...(canChoose ? (['company'] as const) : []),
  ];
  const other = useAnalysis(tab, query, tab !== 'day');
  const current = tab === 'day' ? byDay : other;
  const totals = byDay.data?.totals;
  const currency = byDay.data?.currency ?? '';

  const points = useMemo(
    () =>
      (byDay.data?.rows ?? []).map((r) => ({
        day: r.key,
        sent: r.total,
        delivered: r.delivered,
        spend: r.revenue,
      })),
    [byDay.data],
  );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('filters.period')}>
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) setPeriod([value[0], value[1]]);
              }}
              data-testid="analysis-period"
            />
          </Form.Item>
          <Form.Item label={t('filters.kind')}>
            <Select
              allowClear
              value={kind}
              onChange={setKind}
              placeholder={t('filters.allKinds')}
              style={{ minWidth: 160 }}
              options={SMS_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              data-testid="analysis-kind"
            />
          </Form.Item>
          {canChoose ? (
            <Form.Item label={t('filters.company')}>
              <CompanyPicker
                value={companyId}
                onChange={setCompanyId}
                placeholder={t('filters.allCompanies')}
                minWidth={200}
                testId="analysis-company"
              />
            </Form.Item>
          ) : null}
          <Form.Item>
            <ExportButton
              path={ANALYSIS_EXPORT_PATH}
              params={{ ...query, dimension: tab }}
              permission={SMS_STATS_PERMS.export}
              testId="analysis-export"
            />
          </Form.Item>
        </Form>
      </Card>
      {byDay.isError ? <Alert type="error" showIcon title={byDay.error.message} /> : null}
      <Card size="small" loading={byDay.isLoading} data-testid="analysis-totals">
        <Row gutter={[16, 12]}>
          <Col xs={12} sm={8} lg={4}>
            <Statistic
              title={t('total')}
              value={formatNumber(totals?.total ?? 0)}
              data-testid="analysis-total"
            />
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Statistic
              title={t('delivered')}
              value={formatNumber(totals?.delivered ?? 0)}
              data-testid="analysis-delivered"
            />
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Statistic
              title={t('deliveryRate')}
              value={formatRate(totals?.deliveryRate)}
              data-testid="analysis-rate"
            />
          </Col>
          <Col xs={12} sm={8} lg={4}>
            <Statistic
              title={t('revenue')}
              value={formatSpend(totals?.revenue ?? '0')}
              suffix={<Typography.Text type="secondary">{currency}</Typography.Text>}
              data-testid="analysis-revenue"
            />
          </Col>
          {byDay.data?.commission ? (
            <Col xs={12} sm={8} lg={4}>
              <Statistic
                title={t('commission')}
                value={formatSpend(byDay.data.commission)}
                suffix={<Typography.Text type="secondary">{currency}</Typography.Text>}
                data-testid="analysis-commission"
              />
            </Col>
          ) : null}
          {staff ? (
            <>
              <Col xs={12} sm={8} lg={4}>
                <Statistic
                  title={t('cost')}
                  value={formatSpend(totals?.cost ?? '0')}
                  data-testid="analysis-cost"
                />
              </Col>
              <Col xs={12} sm={8} lg={4}>
                <Statistic
                  title={t('margin')}
                  value={formatSpend(totals?.margin ?? '0')}
                  data-testid="analysis-margin"
                />
              </Col>
            </>
          ) : null}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('hint')}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={t('by.day')}>
        <DailyChart points={points} testId="analysis-chart" />
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as SmsAnalysisDimension)}
          items={dimensions.map((d) => ({
            key: d,
            label: <span data-testid={`analysis-tab-${d}`}>{t(`by.${d}`)}</span>,
            children: (
              <FiguresTable
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

import {
  SMS_KINDS,
  type SmsAnalysis,
  type SmsAnalysisDimension,
  type SmsAnalysisQuery,
  type SmsAnalysisRow,
} from '@switchboard/contracts';
import { Form, Select, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScopeCompanies } from '@/components/CompanyPicker';
import { DailyChart } from '@/components/DailyChart';
import {
  countCell,
  moneyCell,
  type StatsFigure,
  StatsPage,
  StatsTable,
  useStatsPeriod,
} from '@/components/StatsPage';
import { countryName, formatMoney, formatNumber, formatRate, regionNames } from '@/lib/format';
import { ANALYSIS_EXPORT_PATH, SMS_STATS_PERMS, useAnalysis } from '../api/stats';

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
  const label = (row: SmsAnalysisRow) => {
    if (row.key === '') return t('none');
    if (dimension === 'country') return `${countryName(row.key)} (${row.key})`;
    return row.name;
  };
  const columns: TableColumnsType<SmsAnalysisRow> = [
    { title: t(`key.${dimension}`), key: 'key', render: (_, row) => label(row), fixed: 'left' },
    { title: t('total'), dataIndex: 'total', align: 'right', render: countCell, responsive: ['sm'] },
    { title: t('sent'), dataIndex: 'sent', align: 'right', render: countCell },
    { title: t('delivered'), dataIndex: 'delivered', align: 'right', render: countCell },
    { title: t('failed'), dataIndex: 'failed', align: 'right', render: countCell, responsive: ['md'] },
    { title: t('pending'), dataIndex: 'pending', align: 'right', render: countCell, responsive: ['lg'] },
    {
      title: t('deliveryRate'),
      dataIndex: 'deliveryRate',
      align: 'right',
      render: (r: number | null) => formatRate(r),
    },
    { title: t('parts'), dataIndex: 'parts', align: 'right', render: countCell, responsive: ['lg'] },
    { title: t('revenue'), dataIndex: 'revenue', align: 'right', render: moneyCell, responsive: ['sm'] },
  ];
  if (data?.staff) {
    columns.push(
      { title: t('cost'), dataIndex: 'cost', align: 'right', render: moneyCell, responsive: ['md'] },
      { title: t('margin'), dataIndex: 'margin', align: 'right', render: moneyCell, responsive: ['md'] },
    );
  }
  return (
    <StatsTable<SmsAnalysisRow>
      dimension={dimension}
      columns={columns}
      rows={data?.rows}
      loading={loading}
      testId="analysis"
    />
  );
}

const money = (value: string | null | undefined) => formatMoney(value ?? '0', { exact: true });

/** sms/SmsAnalysis: SMS figures by day (chart and table), country, gateway (staff) and company. */
export default function SmsAnalysisPage() {
  const { t } = useTranslation('smsStats');
  const { period, setPeriod, dates } = useStatsPeriod();
  const [kind, setKind] = useState<string | undefined>();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [tab, setTab] = useState<SmsAnalysisDimension>('day');
  const scope = useScopeCompanies('');
  const canChoose = (scope.data?.total ?? 0) > 1;

  const query: SmsAnalysisQuery = {
    ...dates,
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
  const figures: StatsFigure[] = [
    { key: 'total', title: t('total'), value: formatNumber(totals?.total ?? 0) },
    { key: 'delivered', title: t('delivered'), value: formatNumber(totals?.delivered ?? 0) },
    { key: 'rate', title: t('deliveryRate'), value: formatRate(totals?.deliveryRate) },
    { key: 'revenue', title: t('revenue'), value: money(totals?.revenue), suffix: currency },
    ...(byDay.data?.commission
      ? [{ key: 'commission', title: t('commission'), value: money(byDay.data.commission), suffix: currency }]
      : []),
    ...(staff
      ? [
          { key: 'cost', title: t('cost'), value: money(totals?.cost) },
          { key: 'margin', title: t('margin'), value: money(totals?.margin) },
        ]
      : []),
  ];

  return (
    <StatsPage<SmsAnalysisDimension>
      testId="analysis"
      period={period}
      onPeriod={setPeriod}
      labels={{ period: t('filters.period'), hint: t('hint'), byDay: t('by.day') }}
      filters={
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
      }
      {...(canChoose
        ? {
            company: {
              value: companyId,
              onChange: setCompanyId,
              label: t('filters.company'),
              placeholder: t('filters.allCompanies'),
            },
          }
        : {})}
      exportButton={{
        path: ANALYSIS_EXPORT_PATH,
        params: { ...query, dimension: tab },
        permission: SMS_STATS_PERMS.export,
      }}
      error={byDay.error}
      loading={byDay.isLoading}
      figures={figures}
      chart={
        <DailyChart
          points={points}
          bars={[
            { key: 'sent', label: t('total') },
            { key: 'delivered', label: t('delivered') },
          ]}
          spendLabel={t('spend')}
          testId="analysis-chart"
        />
      }
      tabs={{
        dimensions: dimensions.map((d) => ({ key: d, label: t(`by.${d}`) })),
        active: tab,
        onChange: setTab,
        content: (d) => (
          <FiguresTable
            dimension={d}
            data={d === tab ? current.data : undefined}
            loading={current.isFetching}
          />
        ),
      }}
    />
  );
}

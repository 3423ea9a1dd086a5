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
import { countCell, moneyCell, StatsPage, StatsTable } from '@/components/StatsPage';
import { countryName, formatMoney, formatNumber, formatRate, regionNames } from '@/lib/format';
import { useCurrency } from '@/lib/session';
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
  const platformCurrency = useCurrency();
  const countryName = useCountryName();
  const label = (row: SmsAnalysisRow) => {
    if (row.key === '') return t('none');
    if (dimension === 'country') return `${countryName(row.key)} (${row.key})`;
    return row.name;
  };
  const money = moneyCell(data?.currency ?? platformCurrency);
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
    { title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money, responsive: ['sm'] },
  ];
  if (data?.staff) {
    columns.push(
      { title: t('cost'), dataIndex: 'cost', align: 'right', render: money, responsive: ['md'] },
      { title: t('margin'), dataIndex: 'margin', align: 'right', render: money, responsive: ['md'] },
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

const amount = (value: string | null | undefined, currency: string) => formatMoney(value ?? '0', currency);

/** sms/SmsAnalysis: SMS figures by day (chart and table), country, gateway (staff) and company. */
export default function SmsAnalysisPage() {
  const { t } = useTranslation('smsStats');
  const platformCurrency = useCurrency();
  const [kind, setKind] = useState<SmsAnalysisQuery['kind']>();
  return (
    <StatsPage<SmsAnalysisDimension, SmsAnalysisRow, SmsAnalysis, SmsAnalysisQuery>
      testId="analysis"
      useFigures={useAnalysis}
      query={kind ? { kind } : {}}
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
      dimensions={({ staff, canChoose }) => [
        'day',
        'country',
        ...(staff ? (['gateway'] as const) : []),
        ...(canChoose ? (['company'] as const) : []),
      ]}
      labels={{
        period: t('filters.period'),
        hint: t('hint'),
        byDay: t('by.day'),
        company: t('filters.company'),
        allCompanies: t('filters.allCompanies'),
        dimension: (d) => t(`by.${d}`),
        spend: t('spend'),
      }}
      exportButton={{ path: ANALYSIS_EXPORT_PATH, permission: SMS_STATS_PERMS.export }}
      figures={(answer) => {
        const totals = answer?.totals;
        const currency = answer?.currency ?? platformCurrency;
        return [
          { key: 'total', title: t('total'), value: formatNumber(totals?.total ?? 0) },
          { key: 'delivered', title: t('delivered'), value: formatNumber(totals?.delivered ?? 0) },
          { key: 'rate', title: t('deliveryRate'), value: formatRate(totals?.deliveryRate) },
          { key: 'revenue', title: t('revenue'), value: amount(totals?.revenue, currency) },
          ...(answer?.commission
            ? [
                {
                  key: 'commission',
                  title: t('commission'),
                  value: amount(answer.commission, currency),
                },
              ]
            : []),
          ...(answer?.staff
            ? [
                { key: 'cost', title: t('cost'), value: amount(totals?.cost, currency) },
                { key: 'margin', title: t('margin'), value: amount(totals?.margin, currency) },
              ]
            : []),
        ];
      }}
      bars={[
        { key: 'total', label: t('total') },
        { key: 'delivered', label: t('delivered') },
      ]}
      table={(d, answer, loading) => <FiguresTable dimension={d} data={answer} loading={loading} />}
    />
  );
}

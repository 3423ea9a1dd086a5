import type { VoiceStats, VoiceStatsDimension, VoiceStatsQuery, VoiceStatsRow } from '@switchboard/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { countCell, moneyCell, StatsPage, StatsTable } from '@/components/StatsPage';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { CALL_STATS_EXPORT_PATH, CALL_STATS_PERMS, useCallStats } from '../api/call-stats';

const seconds = (value: number | null) => (value === null ? '–' : formatNumber(value, 1));

function CallStatsTable({
  dimension,
  data,
  loading,
}: {
  dimension: VoiceStatsDimension;
  data: VoiceStats | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('callTask');
  const platformCurrency = useCurrency();
  const money = moneyCell(data?.currency ?? platformCurrency);
  const columns: TableColumnsType<VoiceStatsRow> = [
    {
      title: t(`statsBy.${dimension}`),
      key: 'key',
      fixed: 'left',
      render: (_, row) => (row.key === '' ? t('stats.noTrunk') : row.name),
    },
    { title: t('stats.calls'), dataIndex: 'calls', align: 'right', render: countCell },
    { title: t('result.answered'), dataIndex: 'answered', align: 'right', render: countCell },
    { title: t('result.busy'), dataIndex: 'busy', align: 'right', render: countCell, responsive: ['lg'] },
    {
      title: t('result.no_answer'),
      dataIndex: 'noAnswer',
      align: 'right',
      render: countCell,
      responsive: ['lg'],
    },
    {
      title: t('result.rejected'),
      dataIndex: 'rejected',
      align: 'right',
      render: countCell,
      responsive: ['xl'],
    },
    {
      title: t('result.invalid_number'),
      dataIndex: 'invalidNumber',
      align: 'right',
      render: countCell,
      responsive: ['xl'],
    },
    { title: t('result.failed'), dataIndex: 'failed', align: 'right', render: countCell, responsive: ['lg'] },
    {
      title: t('stats.answerRate'),
      dataIndex: 'answerRate',
      align: 'right',
      render: (r: number | null) => formatRate(r),
    },
    { title: t('stats.avgTalk'), dataIndex: 'avgTalkS', align: 'right', render: seconds, responsive: ['sm'] },
    { title: t('billedS'), dataIndex: 'billedS', align: 'right', render: countCell, responsive: ['md'] },
    {
      title: t('stats.uncharged'),
      dataIndex: 'uncharged',
      align: 'right',
      render: countCell,
      responsive: ['xl'],
    },
    {
      title: t('stats.revenue'),
      dataIndex: 'revenue',
      align: 'right',
      render: money,
      responsive: ['sm'],
    },
  ];
  if (data?.staff) {
    columns.push(
      { title: t('stats.cost'), dataIndex: 'cost', align: 'right', render: money, responsive: ['md'] },
      {
        title: t('stats.margin'),
        dataIndex: 'margin',
        align: 'right',
        render: money,
        responsive: ['md'],
      },
    );
  }
  return (
    <StatsTable<VoiceStatsRow>
      dimension={dimension}
      columns={columns}
      rows={data?.rows}
      loading={loading}
      testId="call-stats"
    />
  );
}

const amount = (value: string | null | undefined, currency: string) => formatMoney(value ?? '0', currency);

/** callTask/CallStats: call figures by day (chart and table), task and trunk (staff), with totals. */
export default function CallStatsPage() {
  const { t } = useTranslation('callTask');
  const platformCurrency = useCurrency();
  const trunkView = useCan(CALL_STATS_PERMS.trunk).visible;
  return (
    <StatsPage<VoiceStatsDimension, VoiceStatsRow, VoiceStats, VoiceStatsQuery>
      testId="call-stats"
      useFigures={useCallStats}
      query={{}}
      dimensions={({ staff }) => ['day', 'task', ...(staff && trunkView ? (['trunk'] as const) : [])]}
      labels={{
        period: t('stats.period'),
        hint: t('stats.hint'),
        byDay: t('stats.byDay'),
        company: t('fields.company'),
        allCompanies: t('stats.allCompanies'),
        dimension: (d) => t(`statsBy.${d}`),
        spend: t('stats.revenue'),
      }}
      exportButton={{ path: CALL_STATS_EXPORT_PATH, permission: CALL_STATS_PERMS.export }}
      figures={(answer) => {
        const totals = answer?.totals;
        const currency = answer?.currency ?? platformCurrency;
        return [
          { key: 'calls', title: t('stats.calls'), value: formatNumber(totals?.calls ?? 0) },
          { key: 'answered', title: t('result.answered'), value: formatNumber(totals?.answered ?? 0) },
          { key: 'rate', title: t('stats.answerRate'), value: formatRate(totals?.answerRate) },
          { key: 'avgTalk', title: t('stats.avgTalk'), value: seconds(totals?.avgTalkS ?? null) },
          { key: 'revenue', title: t('stats.revenue'), value: amount(totals?.revenue, currency) },
          ...(answer?.staff
            ? [
                { key: 'cost', title: t('stats.cost'), value: amount(totals?.cost, currency) },
                { key: 'margin', title: t('stats.margin'), value: amount(totals?.margin, currency) },
              ]
            : []),
        ];
      }}
      bars={[
        { key: 'calls', label: t('stats.calls') },
        { key: 'answered', label: t('result.answered') },
      ]}
      table={(d, answer, loading) => <CallStatsTable dimension={d} data={answer} loading={loading} />}
    />
  );
}

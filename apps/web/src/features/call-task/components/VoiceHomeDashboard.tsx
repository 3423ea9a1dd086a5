import type { VoiceHomeTotals } from '@switchboard/contracts';
import { Alert, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { DailyChart } from '@/components/DailyChart';
import { PeriodFigures } from '@/components/Figures';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { CALL_STATS_PERMS, useVoiceHomeTotals } from '../api/call-stats';

type Period = VoiceHomeTotals['today'];

/** A period's figures: calls, answer rate, talk minutes, spend (or revenue) and staff's margin. */
function PeriodCard({
  title,
  period,
  spendLabel,
  currency,
  testId,
}: {
  title: string;
  period: Period;
  spendLabel: string;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation('callTask');
  const money = (value: string) => formatMoney(value, currency);
  return (
    <PeriodFigures
      title={title}
      testId={testId}
      figures={[
        { key: 'calls', title: t('stats.calls'), value: formatNumber(period.calls) },
        { key: 'rate', title: t('stats.answerRate'), value: formatRate(period.answerRate) },
        { key: 'minutes', title: t('home.minutes'), value: formatNumber(period.minutes, 2) },
        { key: 'spend', title: spendLabel, value: money(period.spend) },
        ...(period.margin !== null
          ? [{ key: 'margin', title: t('stats.margin'), value: money(period.margin) }]
          : []),
      ]}
    />
  );
}

/**
 * The home dashboard's voice figures: today and this month (calls, answer rate, talk minutes,
 * spend, or revenue and margin for staff) and the last 30 days as a chart; a reseller sees its
 * customers' calls.
 */
export function VoiceHomeDashboard() {
  const { t } = useTranslation('callTask');
  const { visible } = useCan(CALL_STATS_PERMS.home);
  const totals = useVoiceHomeTotals(visible);
  if (!visible) return null;
  if (totals.isError) return <Alert type="error" showIcon title={totals.error.message} />;
  const data = totals.data;
  if (!data) return <Card loading data-testid="voice-home-loading" />;
  const spendLabel = t(data.scope === 'all' ? 'stats.revenue' : 'home.spend');
  return (
    <Row gutter={[16, 16]} data-testid="voice-home" data-scope={data.scope}>
      <Col span={24}>
        <Typography.Text type="secondary" data-testid="voice-home-scope">
          {t(`home.scope.${data.scope}`)}
        </Typography.Text>
      </Col>
      <Col xs={24} xl={12}>
        <PeriodCard
          title={t('home.today')}
          period={data.today}
          spendLabel={spendLabel}
          currency={data.currency}
          testId="voice-today"
        />
      </Col>
      <Col xs={24} xl={12}>
        <PeriodCard
          title={t('home.month')}
          period={data.month}
          spendLabel={spendLabel}
          currency={data.currency}
          testId="voice-month"
        />
      </Col>
      <Col span={24}>
        <Card size="small" title={t('home.last30')}>
          <DailyChart
            points={data.series}
            bars={[
              { key: 'calls', label: t('stats.calls') },
              { key: 'answered', label: t('result.answered') },
            ]}
            spendLabel={spendLabel}
            currency={data.currency}
            height={240}
            testId="voice-home-chart"
          />
        </Card>
      </Col>
    </Row>
  );
}

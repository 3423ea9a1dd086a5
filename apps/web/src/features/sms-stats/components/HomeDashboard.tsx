import type { HomeTotals } from '@switchboard/contracts';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { DailyChart } from '@/components/DailyChart';
import { PeriodFigures } from '@/components/Figures';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { SMS_STATS_PERMS, useHomeTotals } from '../api/stats';

type Period = HomeTotals['today'];

/** A period's figures: sent, delivered, delivery rate, spend and a reseller's commission earned. */
function PeriodCard({
  title,
  period,
  currency,
  testId,
}: {
  title: string;
  period: Period;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation('smsStats');
  const money = (value: string) => formatMoney(value, currency);
  return (
    <PeriodFigures
      title={title}
      testId={testId}
      figures={[
        { key: 'sent', title: t('home.sent'), value: formatNumber(period.sent) },
        { key: 'delivered', title: t('delivered'), value: formatNumber(period.delivered) },
        { key: 'rate', title: t('deliveryRate'), value: formatRate(period.deliveryRate) },
        { key: 'spend', title: t('spend'), value: money(period.spend) },
        ...(period.commission !== null
          ? [
              {
                key: 'commission',
                title: t('home.commissionEarned'),
                value: money(period.commission),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * The home dashboard's SMS figures: today and this month, the balance (and a reseller's
 * commission), and the last 30 days as a chart. A reseller sees its customers' figures.
 */
export function HomeDashboard() {
  const { t } = useTranslation('smsStats');
  const { visible } = useCan(SMS_STATS_PERMS.home);
  const totals = useHomeTotals(visible);
  if (!visible) return null;
  if (totals.isError) return <Alert type="error" showIcon title={totals.error.message} />;
  const data = totals.data;
  if (!data) return <Card loading data-testid="home-dashboard-loading" />;
  const scopeText = t(`home.scope.${data.scope}`);
  return (
    <Row gutter={[16, 16]} data-testid="home-dashboard" data-scope={data.scope}>
      <Col span={24}>
        <Typography.Text type="secondary" data-testid="home-scope">
          {scopeText}
        </Typography.Text>
      </Col>
      <Col xs={24} xl={9}>
        <PeriodCard
          title={t('home.today')}
          period={data.today}
          currency={data.currency}
          testId="home-today"
        />
      </Col>
      <Col xs={24} xl={9}>
        <PeriodCard
          title={t('home.month')}
          period={data.month}
          currency={data.currency}
          testId="home-month"
        />
      </Col>
      <Col xs={24} xl={6}>
        <Card size="small" title={t('home.account')} style={{ height: '100%' }}>
          <Row gutter={[12, 12]}>
            <Col xs={12} xl={24}>
              <Statistic
                title={t('home.balance')}
                value={data.balance === null ? '–' : formatMoney(data.balance, data.currency)}
                data-testid="home-balance"
              />
            </Col>
            {data.commission !== null ? (
              <Col xs={12} xl={24}>
                <Statistic
                  title={t('home.commission')}
                  value={formatMoney(data.commission, data.currency)}
                  data-testid="home-commission"
                />
              </Col>
            ) : null}
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t('home.last30')}>
          <DailyChart
            points={data.series}
            bars={[
              { key: 'sent', label: t('total') },
              { key: 'delivered', label: t('delivered') },
            ]}
            spendLabel={t('spend')}
            currency={data.currency}
            height={260}
            testId="home-chart"
          />
        </Card>
      </Col>
    </Row>
  );
}

import type { HomeTotals } from '@switchboard/contracts';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { DailyChart } from '@/components/DailyChart';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { SMS_STATS_PERMS, useHomeTotals } from '../api/stats';

type Period = HomeTotals['today'];

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
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Row gutter={[12, 12]}>
        <Col xs={12} sm={6}>
          <Statistic
            title={t('home.sent')}
            value={formatNumber(period.sent)}
            data-testid={`${testId}-sent`}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title={t('delivered')}
            value={formatNumber(period.delivered)}
            data-testid={`${testId}-delivered`}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title={t('deliveryRate')}
            value={formatRate(period.deliveryRate)}
            data-testid={`${testId}-rate`}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title={t('spend')}
            value={formatMoney(period.spend, { exact: true })}
            suffix={<Typography.Text type="secondary">{currency}</Typography.Text>}
            data-testid={`${testId}-spend`}
          />
        </Col>
        {period.commission !== null ? (
          <Col xs={12} sm={6}>
            <Statistic
              title={t('home.commissionEarned')}
              value={formatMoney(period.commission, { exact: true })}
              suffix={<Typography.Text type="secondary">{currency}</Typography.Text>}
              data-testid={`${testId}-commission`}
            />
          </Col>
        ) : null}
      </Row>
    </Card>
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
                value={data.balance === null ? '–' : formatMoney(data.balance, { exact: true })}
                suffix={
                  data.balance === null ? undefined : (
                    <Typography.Text type="secondary">{data.currency}</Typography.Text>
                  )
                }
                data-testid="home-balance"
              />
            </Col>
            {data.commission !== null ? (
              <Col xs={12} xl={24}>
                <Statistic
                  title={t('home.commission')}
                  value={formatMoney(data.commission, { exact: true })}
                  suffix={<Typography.Text type="secondary">{data.currency}</Typography.Text>}
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
            height={260}
            testId="home-chart"
          />
        </Card>
      </Col>
    </Row>
  );
}

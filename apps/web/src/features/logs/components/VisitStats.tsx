import type { VisitDay } from '@switchboard/contracts';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLoginInfo, useVisitInfo } from '../api/visit-info';

const EChart = lazy(() => import('@/components/EChart'));

function VisitChart({ days, height = 240 }: { days: VisitDay[]; height?: number }) {
  const { t } = useTranslation('system');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatNumber(v) },
      legend: { top: 0 },
      grid: { left: 8, right: 24, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatNumber(v) } },
      series: [
        {
          name: t('visits.visits'),
          type: 'bar',
          data: days.map((d) => d.visits),
          itemStyle: { color: '#24936E' },
        },
        { name: t('visits.users'), type: 'line', smooth: true, data: days.map((d) => d.users) },
        { name: t('visits.ips'), type: 'line', smooth: true, data: days.map((d) => d.ips) },
      ],
    }),
    [days, t],
  );
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} testId="visit-chart" />
    </Suspense>
  );
}

/** Sign-in totals and the past week's visits per day (UTC days), above the login log. */
export function VisitStats() {
  const { t } = useTranslation('system');
  const info = useLoginInfo();
  const visits = useVisitInfo();
  const error = info.error ?? visits.error;
  return (
    <Card size="small" title={t('visits.title')} style={{ marginBottom: 16 }} data-testid="visit-stats">
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={6}>
          <Row gutter={[8, 16]}>
            {(
              [
                ['todayVisitCount', 'visits.today'],
                ['todayIp', 'visits.todayIp'],
                ['totalVisitCount', 'visits.total'],
              ] as const
            ).map(([key, label]) => (
              <Col key={key} xs={8} md={24}>
                <Statistic
                  title={t(label)}
                  value={info.data ? formatNumber(info.data[key]) : '–'}
                  loading={info.isPending}
                  data-testid={`visits-${key}`}
                />
              </Col>
            ))}
          </Row>
        </Col>
        <Col xs={24} md={18}>
          {visits.data ? <VisitChart days={visits.data} /> : <Skeleton active />}
        </Col>
      </Row>
    </Card>
  );
}

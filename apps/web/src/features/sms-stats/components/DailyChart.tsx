import { Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatSpend } from './format';

const EChart = lazy(() => import('@/components/EChart'));

export interface DailyPoint {
  day: string;
  sent: number;
  delivered: number;
  spend: string;
}

/** Messages and delivered per day (bars) and the spend (a line on its own axis). */
export function DailyChart({
  points,
  height = 280,
  testId,
}: {
  points: DailyPoint[];
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation('smsStats');
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number) => formatNumber(v),
      },
      legend: { top: 0 },
      grid: { left: 8, right: 24, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: points.map((p) => p.day.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatNumber(v) } },
        {
          type: 'value',
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => formatSpend(String(v)) },
        },
      ],
      series: [
        { name: t('total'), type: 'bar', data: points.map((p) => p.sent), itemStyle: { color: '#91caff' } },
        {
          name: t('delivered'),
          type: 'bar',
          data: points.map((p) => p.delivered),
          itemStyle: { color: '#24936E' },
        },
        {
          name: t('spend'),
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: points.map((p) => Number(p.spend)),
          itemStyle: { color: '#fa8c16' },
        },
      ],
    }),
    [points, t],
  );
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} testId={testId} />
    </Suspense>
  );
}

import { Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpend } from '@/features/sms-stats';
import { formatNumber } from '@/lib/format';

const EChart = lazy(() => import('@/components/EChart'));

export interface CallPoint {
  day: string;
  calls: number;
  answered: number;
  spend: string;
}

/** Calls and answered calls per day (bars) and what they were charged (a line on its own axis). */
export function CallChart({
  points,
  spendLabel,
  height = 280,
  testId,
}: {
  points: CallPoint[];
  spendLabel: string;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation('callTask');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatNumber(v) },
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
        {
          name: t('stats.calls'),
          type: 'bar',
          data: points.map((p) => p.calls),
          itemStyle: { color: '#91caff' },
        },
        {
          name: t('result.answered'),
          type: 'bar',
          data: points.map((p) => p.answered),
          itemStyle: { color: '#24936E' },
        },
        {
          name: spendLabel,
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: points.map((p) => Number(p.spend)),
          itemStyle: { color: '#fa8c16' },
        },
      ],
    }),
    [points, spendLabel, t],
  );
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} testId={testId} />
    </Suspense>
  );
}

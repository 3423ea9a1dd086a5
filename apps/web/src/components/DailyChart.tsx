import { Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { formatMoney, formatNumber } from '@/lib/format';

const EChart = lazy(() => import('@/components/EChart'));

/** One day of a daily chart: its `YYYY-MM-DD`, the money of the day (a decimal text) and its counts. */
export interface DailyChartPoint {
  day: string;
  spend: string;
}

/** A bar of each day: which count of the point it draws, under what name. */
export interface DailyChartBar<P> {
  key: { [K in keyof P]: P[K] extends number ? K : never }[keyof P];
  label: string;
}

/**
 * Two counts per day as bars (all of them, and those that succeeded: messages and delivered, calls
 * and answered) and the money of the day as a line on its own axis; the statistics pages and the
 * home dashboards draw their days with it.
 */
export function DailyChart<P extends DailyChartPoint>({
  points,
  bars: [all, done],
  spendLabel,
  currency,
  height = 280,
  testId,
}: {
  points: P[];
  bars: readonly [DailyChartBar<P>, DailyChartBar<P>];
  spendLabel: string;
  /** What the money is in: its line's name and tooltip say it. */
  currency: string;
  height?: number;
  testId?: string;
}) {
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
          axisLabel: { formatter: (v: number) => formatMoney(v, '', 'price') },
        },
      ],
      series: [
        {
          name: all.label,
          type: 'bar',
          data: points.map((p) => p[all.key]),
          itemStyle: { color: '#91caff' },
        },
        {
          name: done.label,
          type: 'bar',
          data: points.map((p) => p[done.key]),
          itemStyle: { color: '#24936E' },
        },
        {
          name: currency ? `${spendLabel} (${currency})` : spendLabel,
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: points.map((p) => Number(p.spend)),
          tooltip: { valueFormatter: (v: number) => formatMoney(v, currency) },
          itemStyle: { color: '#fa8c16' },
        },
      ],
    }),
    [points, all.key, all.label, done.key, done.label, spendLabel, currency],
  );
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} testId={testId} />
    </Suspense>
  );
}

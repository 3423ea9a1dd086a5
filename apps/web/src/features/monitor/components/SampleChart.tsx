import { Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { MonitorSample } from '../lib/samples';

const EChart = lazy(() => import('@/components/EChart'));

export interface SampleSeries {
  name: string;
  value: (sample: MonitorSample) => number | null;
  color: string;
  /** 1: the right-hand axis. */
  axis?: 0 | 1;
}

/** Lines of figures over the samples taken so far (time on the x axis). */
export function SampleChart({
  samples,
  series,
  unit,
  rightUnit,
  height = 220,
  testId,
}: {
  samples: readonly MonitorSample[];
  series: SampleSeries[];
  unit: string;
  rightUnit?: string;
  height?: number;
  testId: string;
}) {
  const option = useMemo(() => {
    const axis = (suffix: string, index: number) => ({
      type: 'value',
      min: 0,
      splitLine: { show: index === 0 },
      axisLabel: { formatter: (v: number) => `${formatNumber(v)}${suffix ? ` ${suffix}` : ''}` },
    });
    return {
      animation: false,
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number | null) => (v === null || v === undefined ? '–' : formatNumber(v)),
      },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 16, bottom: 8, top: 36, containLabel: true },
      xAxis: {
        type: 'time',
        axisLabel: { hideOverlap: true, formatter: (v: number) => formatDateTime(v).slice(11) },
        axisPointer: { label: { formatter: ({ value }: { value: number }) => formatDateTime(value) } },
      },
      yAxis: rightUnit === undefined ? [axis(unit, 0)] : [axis(unit, 0), axis(rightUnit, 1)],
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        showSymbol: samples.length < 2,
        yAxisIndex: s.axis ?? 0,
        itemStyle: { color: s.color },
        data: samples.map((sample) => [sample.at, s.value(sample)]),
      })),
    };
  }, [samples, series, unit, rightUnit]);
  return (
    <div data-testid={testId} data-samples={samples.length}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </div>
  );
}

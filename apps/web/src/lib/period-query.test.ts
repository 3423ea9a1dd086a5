import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterText, periodParams, periodValue } from './period-query';

describe('period query parameters', () => {
  it('takes a picked period as picked, or widened to whole days, and reads it back', () => {
    const picked = [dayjs('2026-11-20T10:30:00Z'), dayjs('2026-11-22T08:00:00Z')];
    expect(periodParams(picked)).toEqual({
      from: '2026-11-20T10:30:00.000Z',
      to: '2026-11-22T08:00:00.000Z',
    });
    const days = periodParams(picked, true);
    expect(dayjs(days.from).isSame(picked[0]!.startOf('day'))).toBe(true);
    expect(dayjs(days.to).isSame(picked[1]!.endOf('day'))).toBe(true);
    expect(periodParams(undefined)).toEqual({ from: undefined, to: undefined });
    const back = periodValue({ from: '2026-11-20T10:30:00.000Z', to: '2026-11-22T08:00:00.000Z' });
    expect(back?.map((d) => d.toISOString())).toEqual([
      '2026-11-20T10:30:00.000Z',
      '2026-11-22T08:00:00.000Z',
    ]);
    expect(periodValue({ from: 'nonsense', to: '2026-11-22' })).toBeUndefined();
    expect(periodValue({})).toBeUndefined();
  });

  it('passes only non-empty text', () => {
    expect(filterText('x')).toBe('x');
    expect(filterText('')).toBeUndefined();
    expect(filterText(3)).toBeUndefined();
  });
});

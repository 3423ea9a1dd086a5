import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayPeriodParams,
  dayPeriodValue,
  exportEarliest,
  exportPeriod,
  periodStateQuery,
  periodStateValues,
  scheduleAcceptable,
} from './period';

describe('records period', () => {
  it('sends whole days, to the last millisecond of the last, and reads them back', () => {
    const picked = [dayjs('2026-11-20T10:30:00'), dayjs('2026-11-22T08:00:00')];
    const params = dayPeriodParams(picked);
    expect(dayjs(params.dateFrom).isSame(dayjs('2026-11-20T00:00:00'))).toBe(true);
    expect(dayjs(params.dateTo).isSame(dayjs('2026-11-22T23:59:59.999'))).toBe(true);
    const back = dayPeriodValue(params as Record<string, string>);
    expect(back?.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-20', '2026-11-22']);
    expect(dayPeriodParams(undefined)).toEqual({});
    expect(dayPeriodValue({ dateFrom: 'x', dateTo: 'y' })).toBeUndefined();
  });

  it('keeps a period and state filter in the URL and reads it back', () => {
    const query = periodStateQuery({ period: [dayjs('2026-11-20'), dayjs('2026-11-21')], state: 'sent' });
    expect(query.state).toBe('sent');
    const back = periodStateValues(query as Record<string, string>);
    expect(back.state).toBe('sent');
    expect(back.period?.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-20', '2026-11-21']);
    // No state picked (the select cleared): none sent.
    expect(periodStateQuery({ state: undefined })).toEqual({ state: undefined });
  });

  it('limits an export to the past week', () => {
    const now = dayjs('2026-11-26T09:00:00');
    const earliest = exportEarliest(now);
    expect(earliest.format('YYYY-MM-DD HH:mm')).toBe('2026-11-19 00:00');
    // The current day (no period): as it is.
    expect(exportPeriod({ status: 'delivered' }, now)).toEqual({ status: 'delivered' });
    // A period starting before the week starts at the week's first day.
    const wide = { dateFrom: dayjs('2026-11-01').toISOString(), dateTo: dayjs('2026-11-27').toISOString() };
    expect(exportPeriod(wide, now)).toEqual({ ...wide, dateFrom: earliest.toISOString() });
    // Wholly before it: nothing to export.
    expect(
      exportPeriod(
        { dateFrom: dayjs('2026-11-01').toISOString(), dateTo: dayjs('2026-11-05').toISOString() },
        now,
      ),
    ).toBeNull();
  });

  it('accepts a schedule time not earlier than now', () => {
    const now = dayjs('2026-11-26T09:00:00');
    expect(scheduleAcceptable(now.add(1, 'minute'), now)).toBe(true);
    expect(scheduleAcceptable(now, now)).toBe(true);
    expect(scheduleAcceptable(now.subtract(1, 'second'), now)).toBe(false);
    expect(scheduleAcceptable(null, now)).toBe(false);
  });
});

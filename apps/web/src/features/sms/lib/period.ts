import { EXPORT_WINDOW_DAYS } from '@switchboard/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The records' period as query parameters (`dateFrom`/`dateTo`): whole days, from the start of
 * the first to the last millisecond of the last (an end is included to its millisecond, as
 * everywhere). Nothing picked: nothing sent, and the server shows the current day.
 */
export function dayPeriodParams(value: unknown): { dateFrom?: string; dateTo?: string } {
  const period = Array.isArray(value) ? (value as (Dayjs | null)[]) : [];
  const [from, to] = period;
  if (!from || !to) return {};
  return {
    dateFrom: from.startOf('day').toISOString(),
    dateTo: to.endOf('day').toISOString(),
  };
}

/** The reverse of `dayPeriodParams`: the picker's days from the URL. */
export function dayPeriodValue(query: Record<string, string>): [Dayjs, Dayjs] | undefined {
  if (!query.dateFrom || !query.dateTo) return undefined;
  const from = dayjs(query.dateFrom);
  const to = dayjs(query.dateTo);
  if (!from.isValid() || !to.isValid()) return undefined;
  return [from, to.subtract(1, 'millisecond').startOf('day')];
}

/** A list filtered by day period and state (batches, callbacks): its filter form's values as the query. */
export const periodStateQuery = (values: Record<string, unknown>) => ({
  ...dayPeriodParams(values.period),
  state: typeof values.state === 'string' ? values.state : undefined,
});

/** The reverse of `periodStateQuery`: the filter form's values from the URL. */
export const periodStateValues = (query: Record<string, string>) => ({
  period: dayPeriodValue(query),
  state: query.state,
});

/** The first day records can be exported from: the past week (today and the days before it). */
export function exportEarliest(now: Dayjs = dayjs()): Dayjs {
  return now.subtract(EXPORT_WINDOW_DAYS, 'day').startOf('day');
}

/**
 * The export's parameters: the list's period limited to the past week (the server refuses an
 * earlier start), or null when the list's period lies wholly before it (nothing to export).
 */
export function exportPeriod<T extends Record<string, unknown>>(params: T, now: Dayjs = dayjs()): T | null {
  const earliest = exportEarliest(now);
  const from = typeof params.dateFrom === 'string' ? dayjs(params.dateFrom) : null;
  const to = typeof params.dateTo === 'string' ? dayjs(params.dateTo) : null;
  if (to?.isValid() && !to.isAfter(earliest)) return null;
  if (from?.isValid() && from.isBefore(earliest)) return { ...params, dateFrom: earliest.toISOString() };
  return params;
}

/** A schedule time is acceptable when it is not earlier than now. */
export const scheduleAcceptable = (at: Dayjs | null | undefined, now: Dayjs = dayjs()): boolean =>
  !!at && !at.isBefore(now);

import dayjs, { type Dayjs } from 'dayjs';

/** A filter's text as a query parameter: a non-empty string, else nothing. */
export const filterText = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A RangePicker's value as the `from`/`to` parameters of a list: as picked (with a time), or
 * widened to whole days (`wholeDays`, for pickers without a time).
 */
export function periodParams(value: unknown, wholeDays = false): { from?: string; to?: string } {
  const period = Array.isArray(value) ? (value as (Dayjs | null)[]) : [];
  const [from, to] = wholeDays ? [period[0]?.startOf('day'), period[1]?.endOf('day')] : period;
  return { from: from?.toISOString(), to: to?.toISOString() };
}

/** The reverse of `periodParams`: the RangePicker's value from the URL's `from`/`to`. */
export function periodValue(query: Record<string, string>): [Dayjs, Dayjs] | undefined {
  const from = query.from ? dayjs(query.from) : null;
  const to = query.to ? dayjs(query.to) : null;
  return from?.isValid() && to?.isValid() ? [from, to] : undefined;
}

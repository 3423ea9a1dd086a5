import { type HomeScope, hasPlatformScope, hasResellerScope, STATS_MAX_DAYS } from '@switchboard/contracts';
import type { AuthContext } from '../access';
import { AppError } from '../envelope';
import type { DataScope } from '../scope';

/**
 * The period rules of every statistics (SMS analysis, call statistics): days are those of
 * STATS_TIME_ZONE (UTC), written `YYYY-MM-DD`; a period is its first and last day, both included,
 * at most a given number of days long. No I/O: unit-tested.
 */

/** The time zone the statistics count days in (the roll-ups' `day`: see `dayOf` in rollup.ts). */
export const STATS_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;

/** How long the default period is: the 30 days up to its end. */
const DEFAULT_DAYS = 30;

/** `YYYY-MM-DD` of the day of an instant (in STATS_TIME_ZONE). */
export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The day `n` days after `day` (negative: before), by calendar arithmetic on the date. Days users
 * name are bounded by the contracts (2000–2100); a result outside four-digit years (which
 * `toISOString` would write as `+010000-01-01`, a text no day compares with) is a RangeError,
 * never such a text.
 */
export function addDays(day: string, n: number): string {
  const date = new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
    throw new RangeError(`no day ${n} days after ${day}`);
  }
  return dayKey(date);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Every day from `from` to `to` (both included), at most `max` of them: the loop's bound is the
 * caller's constant, not the input; a longer (or unreadable) period is a RangeError (callers
 * refuse long periods with a 400 before).
 */
export function eachDay(from: string, to: string, max: number): string[] {
  const count = daysBetween(from, to);
  if (!Number.isInteger(count) || count < 0 || count > max) {
    throw new RangeError(`${from}..${to} is not a period of at most ${max} days`);
  }
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** A period of whole days, both included. */
export interface DayPeriod {
  from: string;
  to: string;
}

/**
 * The period of `dateFrom` to `dateTo`, the end as the contracts give it (the first instant after
 * the period: a date alone names its whole day); default the 30 days up to today; `dateTo` alone:
 * the 30 days up to it; `dateFrom` alone: up to today. Refused: an end before the start
 * (FIELD_INVALID dateTo), more than `maxDays` days (PERIOD_TOO_LONG).
 */
export function periodOf(
  dateFrom: Date | undefined,
  dateTo: Date | undefined,
  { maxDays = STATS_MAX_DAYS, now = new Date() }: { maxDays?: number; now?: Date } = {},
): DayPeriod {
  const to = dayKey(dateTo ? new Date(dateTo.getTime() - 1) : now);
  const from = dateFrom ? dayKey(dateFrom) : addDays(to, 1 - DEFAULT_DAYS);
  if (to < from) throw new AppError('FIELD_INVALID', 400, { field: 'dateTo' });
  if (daysBetween(from, to) > maxDays) {
    throw new AppError('PERIOD_TOO_LONG', 400, { days: maxDays });
  }
  return { from, to };
}

/**
 * Every day from `from` to `to`, each with its row (keyed by the day) or, for a day without one,
 * `empty`: a daily series has no gaps. At most STATS_MAX_DAYS days.
 */
export function dailySeries<C extends object>(
  rows: readonly (C & { key: string })[],
  { from, to }: DayPeriod,
  empty: C,
): (C & { key: string })[] {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  return eachDay(from, to, STATS_MAX_DAYS).map((day) => byDay.get(day) ?? { ...empty, key: day });
}

/** The counters of several rows added up, field by field (numbers, and money exactly as bigint). */
export function sumCounters<C extends Record<keyof C, number | bigint>>(rows: readonly C[], empty: C): C {
  const out = { ...empty } as Record<string, number | bigint>;
  for (const row of rows) {
    for (const key of Object.keys(empty)) {
      out[key] = (out[key] as bigint) + (row[key as keyof C] as bigint);
    }
  }
  return out as C;
}

/**
 * The home dashboards' days: today, the first day of this month, the first of the 30-day series,
 * and `from`, the earliest of those (what to read).
 */
export function homePeriods(now = new Date()) {
  const today = dayKey(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const seriesStart = addDays(today, 1 - DEFAULT_DAYS);
  return { today, monthStart, seriesStart, from: seriesStart < monthStart ? seriesStart : monthStart };
}

/**
 * Whose figures a home dashboard shows, from the caller and its data scope: every company
 * (`all`: staff who see every company); the companies assigned to a salesperson (`assigned`:
 * staff whose scope is those); a reseller the companies below its own (`customers`: its own
 * company `excluded`); anyone else its company (`company`).
 */
export function homeAudienceOf(
  auth: AuthContext,
  dataScope: DataScope,
): {
  scope: HomeScope;
  staff: boolean;
  reseller: boolean;
  own: string | null;
  exclude: string[];
} {
  const staff = hasPlatformScope(auth.roles);
  const own = auth.user.companyId ?? null;
  const reseller = !staff && own !== null && hasResellerScope(auth.roles);
  return {
    scope: staff ? (dataScope.kind === 'all' ? 'all' : 'assigned') : reseller ? 'customers' : 'company',
    staff,
    reseller,
    own,
    exclude: reseller && own ? [own] : [],
  };
}

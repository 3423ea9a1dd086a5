import { SMS_ANALYSIS_MAX_DAYS } from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import type { RawFigures } from './repo';

/**
 * The statistics' pure rules: periods (UTC days), the figures derived from the stored counters,
 * totals, and the home dashboard's series. No I/O: unit-tested.
 */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day of an instant. */
export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The day `n` days after `day` (negative: before), by calendar arithmetic on the UTC date. Days
 * users name are bounded by the contracts (2000–2100); a result outside four-digit years (which
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

/**
 * The analysis period: the UTC days from `dateFrom` to `dateTo`, the end as the contracts give it
 * (the first instant after the period: a date alone names its whole day); default the 30 days up
 * to today; `dateTo` alone: the 30 days up to it; `dateFrom` alone: up to today. Refused: an end
 * before the start (FIELD_INVALID dateTo), more than SMS_ANALYSIS_MAX_DAYS days (SMS_PERIOD_TOO_LONG).
 */
export function periodOf(dateFrom: Date | undefined, dateTo: Date | undefined, now = new Date()) {
  const to = dayKey(dateTo ? new Date(dateTo.getTime() - 1) : now);
  const from = dateFrom ? dayKey(dateFrom) : addDays(to, -29);
  if (to < from) throw new AppError('FIELD_INVALID', 400, { field: 'dateTo' });
  if (daysBetween(from, to) > SMS_ANALYSIS_MAX_DAYS) {
    throw new AppError('SMS_PERIOD_TOO_LONG', 400, { days: SMS_ANALYSIS_MAX_DAYS });
  }
  return { from, to };
}

/** Today, the first day of this month and the first of the 30-day series (UTC). */
export function homePeriods(now = new Date()) {
  const today = dayKey(now);
  return { today, monthStart: `${today.slice(0, 8)}01`, seriesStart: addDays(today, -29) };
}

export interface Figures {
  total: number;
  sent: number;
  delivered: number;
  failed: number;
  pending: number;
  deliveryRate: number | null;
  parts: number;
  revenue: bigint;
  cost: bigint | null;
  margin: bigint | null;
}

/**
 * What a row shows from its counters: `total` final + open; `sent` taken by a gateway (final or
 * open); `failed` final and not delivered; the delivery rate over the sent messages whose outcome
 * is known; cost and margin for staff only.
 */
export function figuresOf(raw: Omit<RawFigures, 'key'>, staff: boolean): Figures {
  return {
    total: raw.messages + raw.pending,
    sent: raw.sentFinal + raw.pendingSent,
    delivered: raw.delivered,
    failed: raw.messages - raw.delivered,
    pending: raw.pending,
    deliveryRate: raw.sentFinal > 0 ? raw.delivered / raw.sentFinal : null,
    parts: raw.parts,
    revenue: raw.revenue,
    cost: staff ? raw.cost : null,
    margin: staff ? raw.revenue - raw.cost : null,
  };
}

export const EMPTY_RAW: Omit<RawFigures, 'key'> = {
  messages: 0,
  sentFinal: 0,
  delivered: 0,
  parts: 0,
  revenue: 0n,
  cost: 0n,
  pending: 0,
  pendingSent: 0,
};

/** The counters of several groups added up. */
export function sumRaw(rows: readonly Omit<RawFigures, 'key'>[]): Omit<RawFigures, 'key'> {
  const out = { ...EMPTY_RAW };
  for (const r of rows) {
    out.messages += r.messages;
    out.sentFinal += r.sentFinal;
    out.delivered += r.delivered;
    out.parts += r.parts;
    out.revenue += r.revenue;
    out.cost += r.cost;
    out.pending += r.pending;
    out.pendingSent += r.pendingSent;
  }
  return out;
}

/** Every day from `from` to `to`, each with its row's counters (zero for a day without messages). */
export function dailySeries(rows: readonly RawFigures[], from: string, to: string): RawFigures[] {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  return eachDay(from, to, SMS_ANALYSIS_MAX_DAYS).map((day) => byDay.get(day) ?? { ...EMPTY_RAW, key: day });
}

/** What one final message adds to its roll-up row (the SQL of SmsStatsRepo says the same). */
export interface MessageContribution {
  /** `day|company|kind|country|gateway` ('' for no country or no gateway). */
  key: string;
  sent: 0 | 1;
  status: string;
  parts: number;
  revenue: bigint;
  cost: bigint;
}

/**
 * The counting rule of one final message: the UTC day it was created; `sent` when a gateway took
 * it; revenue its price unless refunded (the sms module refunds exactly the `failed` messages no
 * gateway took; a refused charge has price 0); cost its gateway cost when a gateway took it.
 */
export function contributionOf(m: {
  createdAt: Date;
  companyId: string;
  kind: string;
  countryCode: string | null;
  gatewayId: string | null;
  status: string;
  parts: number;
  price: bigint;
  cost: bigint | null;
}): MessageContribution {
  const took = m.gatewayId !== null;
  const refunded = m.status === 'failed' && !took;
  return {
    key: [dayKey(m.createdAt), m.companyId, m.kind, m.countryCode ?? '', m.gatewayId ?? ''].join('|'),
    sent: took ? 1 : 0,
    status: m.status,
    parts: m.parts,
    revenue: refunded ? 0n : m.price,
    cost: took ? (m.cost ?? 0n) : 0n,
  };
}

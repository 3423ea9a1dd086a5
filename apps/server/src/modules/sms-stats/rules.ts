import type { smsFiguresSchema } from '@switchboard/contracts';
import type { z } from 'zod';
import { dayKey, sumCounters } from '../../platform/daily-stats';
import type { RawFigures } from './repo';

/**
 * The SMS statistics' pure rules: the figures derived from the stored counters, totals, the daily
 * series and the counting rule of one message (the periods are the platform's: daily-stats). No
 * I/O: unit-tested.
 */

/** What a row shows (see the contracts' `smsFiguresSchema`). */
export type Figures = z.output<typeof smsFiguresSchema>;

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
  return sumCounters(rows, EMPTY_RAW);
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

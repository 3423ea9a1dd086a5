import { z } from 'zod';
import { money } from './money';
import { SMS_KINDS } from './rate';
import { HOME_SCOPES, statsPeriodQueryShape } from './stats';
import { uuid } from './wire';

/**
 * SMS statistics: the analysis screens (`/api/sms/analysis/...`) and the home dashboards
 * (`/api/home/totals`). Figures come from a daily roll-up of messages that reached a final status
 * (by the UTC day the message was created) plus the messages still open.
 *
 * The figures of a row:
 * - `total`: messages stored (also those failed before sending: invalid number, arrears, no route);
 * - `sent`: messages a gateway took (final or still waiting for the receipt);
 * - `delivered`; `failed`: final and not delivered; `pending`: not final yet;
 * - `deliveryRate`: delivered / messages a gateway took whose outcome is known (null: none);
 * - `parts`; `revenue`: what was charged and not refunded (the companies' spend);
 * - staff only (null for everyone else): `cost` (the gateway cost of messages a gateway took) and
 *   `margin` (revenue − cost).
 */

export const SMS_ANALYSIS_DIMENSIONS = ['day', 'country', 'gateway', 'company'] as const;
export type SmsAnalysisDimension = (typeof SMS_ANALYSIS_DIMENSIONS)[number];

export const smsAnalysisQuerySchema = z.object({
  ...statsPeriodQueryShape,
  kind: z.enum(SMS_KINDS).optional(),
  companyId: uuid.optional(),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'FIELD_INVALID')
    .transform((c) => c.toUpperCase())
    .optional(),
  /** Staff only (ignored for everyone else). */
  gatewayId: uuid.optional(),
});
export type SmsAnalysisQuery = z.input<typeof smsAnalysisQuerySchema>;

export const smsFiguresSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** 0..1, null when no sent message has its outcome yet. */
  deliveryRate: z.number().nullable(),
  parts: z.number().int(),
  revenue: money,
  /** Staff only. */
  cost: money.nullable(),
  /** Staff only. */
  margin: money.nullable(),
});
export type SmsFigures = z.input<typeof smsFiguresSchema>;

export const smsAnalysisRowSchema = smsFiguresSchema.extend({
  /** The day (`YYYY-MM-DD`), country code, gateway id or company id; '' for none (no country, no gateway). */
  key: z.string(),
  /** The gateway's or company's name (the key otherwise). */
  name: z.string(),
});
export type SmsAnalysisRow = z.input<typeof smsAnalysisRowSchema>;

export const smsAnalysisSchema = z.object({
  dimension: z.enum(SMS_ANALYSIS_DIMENSIONS),
  dateFrom: z.string(),
  dateTo: z.string(),
  rows: z.array(smsAnalysisRowSchema),
  totals: smsFiguresSchema,
  /** Whether cost and margin are shown (staff). */
  staff: z.boolean(),
  /** A reseller's commission balance (null for everyone else). */
  commission: money.nullable(),
  currency: z.string(),
});
export type SmsAnalysis = z.input<typeof smsAnalysisSchema>;

/** One day of the home dashboard's 30-day series. */
export const homeSeriesPointSchema = z.object({
  day: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  spend: money,
});

export const homePeriodSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  deliveryRate: z.number().nullable(),
  spend: money,
  /** A reseller's commission earned in the period, net of reversals (null for everyone else). */
  commission: money.nullable(),
});

/**
 * `GET /home/totals`: the caller's company (a customer), its customers (a reseller: `customers`
 * true, the figures are of the companies below it) or every company (staff). `balance` is the
 * caller's own company's (null without one); `commission` a reseller's commission balance.
 */
export const homeTotalsSchema = z.object({
  scope: z.enum(HOME_SCOPES),
  today: homePeriodSchema,
  month: homePeriodSchema,
  balance: money.nullable(),
  commission: money.nullable(),
  currency: z.string(),
  series: z.array(homeSeriesPointSchema),
});
export type HomeTotals = z.input<typeof homeTotalsSchema>;

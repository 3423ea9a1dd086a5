import { z } from 'zod';
import { money } from './money';
import { HOME_SCOPES, statsPeriodQueryShape } from './stats';
import { uuid } from './wire';

/**
 * Voice statistics (issue 23): the call statistics screen (`/api/groupCallTask/stats/...`) and the
 * voice figures of the home dashboards (`/api/home/voiceTotals`). Figures come from a daily
 * roll-up of call records (one per call attempt, written once in its final state), by the UTC day
 * the call started; an answered call's money is added when the ledger charged it.
 *
 * The figures of a row:
 * - `calls`: call attempts; `answered`, `busy`, `noAnswer`, `rejected`, `invalidNumber`, `failed`:
 *   the attempts by result (they add up to `calls`);
 * - `answerRate`: answered / calls (null: no call);
 * - `talkS`: talk time of the answered calls, seconds; `avgTalkS`: talkS / answered (null: none);
 * - `billedS`: seconds billed (by the rate's increments) of the charged calls;
 * - `revenue`: what the charged calls cost the companies (their spend); `uncharged`: answered
 *   calls not charged yet (their money comes when the ledger took it);
 * - staff only (null for everyone else): `cost` (the carriers' cost of the charged calls, where a
 *   gateway cost is known) and `margin` (revenue − cost).
 */

/** By day, task (its name) and trunk (staff only: trunks are the platform's). */
export const VOICE_STATS_DIMENSIONS = ['day', 'task', 'trunk'] as const;
export type VoiceStatsDimension = (typeof VOICE_STATS_DIMENSIONS)[number];

export const voiceStatsQuerySchema = z.object({
  ...statsPeriodQueryShape,
  companyId: uuid.optional(),
  taskId: uuid.optional(),
  /** Staff only (refused for everyone else). */
  trunkId: uuid.optional(),
});
export type VoiceStatsQuery = z.input<typeof voiceStatsQuerySchema>;

export const voiceFiguresSchema = z.object({
  calls: z.number().int(),
  answered: z.number().int(),
  busy: z.number().int(),
  noAnswer: z.number().int(),
  rejected: z.number().int(),
  invalidNumber: z.number().int(),
  failed: z.number().int(),
  /** 0..1, null without calls. */
  answerRate: z.number().nullable(),
  talkS: z.number(),
  /** Seconds, null without answered calls. */
  avgTalkS: z.number().nullable(),
  billedS: z.number().int(),
  /** Answered calls the ledger has not charged yet. */
  uncharged: z.number().int(),
  revenue: money,
  /** Staff only. */
  cost: money.nullable(),
  /** Staff only. */
  margin: money.nullable(),
});
export type VoiceFigures = z.input<typeof voiceFiguresSchema>;

export const voiceStatsRowSchema = voiceFiguresSchema.extend({
  /** The day (`YYYY-MM-DD`), task id or trunk id ('' for calls no trunk took). */
  key: z.string(),
  /** The task's or trunk's name (the day otherwise; '' for no trunk). */
  name: z.string(),
});
export type VoiceStatsRow = z.input<typeof voiceStatsRowSchema>;

export const voiceStatsSchema = z.object({
  dimension: z.enum(VOICE_STATS_DIMENSIONS),
  dateFrom: z.string(),
  dateTo: z.string(),
  rows: z.array(voiceStatsRowSchema),
  totals: voiceFiguresSchema,
  /** Whether cost, margin and trunks are shown (staff). */
  staff: z.boolean(),
  currency: z.string(),
});
export type VoiceStats = z.input<typeof voiceStatsSchema>;

/** Today's or this month's voice figures on a home dashboard. */
export const voiceHomePeriodSchema = z.object({
  calls: z.number().int(),
  answered: z.number().int(),
  answerRate: z.number().nullable(),
  /** Talk time in minutes (two decimals at most). */
  minutes: z.number(),
  /** What the calls were charged: a company's spend, a reseller's customers' spend, the platform's revenue. */
  spend: money,
  /** Staff only (null for everyone else). */
  margin: money.nullable(),
});

export const voiceHomePointSchema = z.object({
  day: z.string(),
  calls: z.number().int(),
  answered: z.number().int(),
  minutes: z.number(),
  spend: money,
});

/**
 * `GET /home/voiceTotals`: the voice figures of the caller's company (a customer), of the companies
 * below it (a reseller: `customers`) or of every company (staff: `all`, with the margin): today,
 * this month and the last 30 days (UTC days).
 */
export const voiceHomeTotalsSchema = z.object({
  scope: z.enum(HOME_SCOPES),
  today: voiceHomePeriodSchema,
  month: voiceHomePeriodSchema,
  series: z.array(voiceHomePointSchema),
  currency: z.string(),
});
export type VoiceHomeTotals = z.input<typeof voiceHomeTotalsSchema>;

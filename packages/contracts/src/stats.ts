import { z } from 'zod';
import { dateQuery, dateQueryEnd } from './wire';

/**
 * What the statistics of every kind share (SMS analysis, call statistics): a period of whole days
 * (UTC), the longest one a query covers, the rebuild of a daily roll-up and the audience of a home
 * dashboard's figures.
 */

/** The longest period one statistics query covers (PERIOD_TOO_LONG past it). */
export const STATS_MAX_DAYS = 366;

/** The period of a statistics query: whole days, default the 30 days up to today. */
export const statsPeriodQueryShape = {
  /** First day (UTC), default 29 days before `dateTo`. */
  dateFrom: dateQuery.optional(),
  /** Last day, inclusive (UTC), default today. */
  dateTo: dateQueryEnd.optional(),
};

/** `POST .../rebuild` (administrators): a daily roll-up of these days computed again from its records. */
export const statsRebuildSchema = z.object({
  dateFrom: dateQuery,
  dateTo: dateQueryEnd,
});
export const statsRebuildResultSchema = z.object({ days: z.number().int(), rows: z.number().int() });

/**
 * Whose figures a home dashboard shows: the caller's company (a customer), the companies below it
 * (a reseller: `customers`) or every company (staff: `all`).
 */
/** Whose figures a home dashboard shows: a company's, a reseller's customers', a salesperson's assigned companies', every company's. */
export const HOME_SCOPES = ['company', 'customers', 'assigned', 'all'] as const;
export type HomeScope = (typeof HOME_SCOPES)[number];

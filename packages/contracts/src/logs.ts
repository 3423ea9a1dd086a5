import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './constants';
import { keysetQuerySchema } from './paging';
import { dateQuery, dateQueryEnd, dateTime, dayQuery } from './wire';

/** Log lists: newest first, paged by key (the tables grow without end), filtered by user and period. */
export const logQuerySchema = keysetQuerySchema.extend({
  username: z.string().max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  from: dateQuery.optional(),
  to: dateQueryEnd.optional(),
});
export type LogQuery = z.input<typeof logQuerySchema>;

/** How someone proved who they are: a password, CAS single sign-on, or the old password when changing it. */
export const LOGIN_METHODS = [
  'password',
  'cas',
  'passwordChange',
  'smsCode',
  'passwordReset',
  'googleAuthUnbind',
] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const loginLogItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  userId: z.string().nullable(),
  success: z.boolean(),
  /** Error code of a failed attempt. */
  reason: z.string().nullable(),
  method: z.enum(LOGIN_METHODS),
  ip: z.string(),
  userAgent: z.string().nullable(),
  createdAt: dateTime,
});
export type LoginLogItem = z.input<typeof loginLogItemSchema>;

export const operationLogItemSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  method: z.string(),
  /** Route pattern, e.g. /api/sys/user/frozenBatch. */
  route: z.string(),
  /** What was done: the permission the route required, or the route's own name. */
  action: z.string().nullable(),
  statusCode: z.number().int(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  durationMs: z.number().int(),
  /** An edit's fields as they were and as they became (only the fields that changed), else null. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: dateTime,
});
export type OperationLogItem = z.input<typeof operationLogItemSchema>;

/**
 * A log export: the list's filters over a period of at most EXPORT_WINDOW_DAYS days (both ends
 * required), streamed as .xlsx.
 */
export const logExportQuerySchema = z.object({
  username: z.string().max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  from: dateQuery.optional(),
  to: dateQueryEnd.optional(),
});
export type LogExportQuery = z.input<typeof logExportQuerySchema>;

/** Most rows one log export writes (streamed: memory does not grow with it). */
export const LOG_EXPORT_MAX_ROWS = 1_000_000;

/** Sign-in totals (Jeecg's /sys/loginfo): successful sign-ins today and ever, distinct addresses today. */
export const loginInfoSchema = z.object({
  todayVisitCount: z.number().int(),
  totalVisitCount: z.number().int(),
  todayIp: z.number().int(),
});
export type LoginInfo = z.input<typeof loginInfoSchema>;

/** Most days one visit statistics query covers. */
export const VISIT_INFO_MAX_DAYS = 366;

/** Visits per day from `from` to `to` (UTC days, both included); the past 7 days by default. */
export const visitInfoQuerySchema = z.object({ from: dayQuery.optional(), to: dayQuery.optional() });
export type VisitInfoQuery = z.input<typeof visitInfoQuerySchema>;

/** One day of visits: successful sign-ins, distinct users and distinct addresses. */
export const visitDaySchema = z.object({
  day: z.string(),
  visits: z.number().int(),
  users: z.number().int(),
  ips: z.number().int(),
});
export type VisitDay = z.input<typeof visitDaySchema>;

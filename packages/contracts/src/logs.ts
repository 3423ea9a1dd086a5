import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './constants';
import { keysetQuerySchema } from './paging';
import { dateQuery, dateTime } from './wire';

/** Log lists: newest first, paged by key (the tables grow without end), filtered by user and period. */
export const logQuerySchema = keysetQuerySchema.extend({
  username: z.string().max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
});
export type LogQuery = z.input<typeof logQuerySchema>;

/** How someone proved who they are: a password, CAS single sign-on, or the old password when changing it. */
export const LOGIN_METHODS = ['password', 'cas', 'passwordChange', 'smsCode', 'passwordReset'] as const;
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
  createdAt: dateTime,
});
export type OperationLogItem = z.input<typeof operationLogItemSchema>;

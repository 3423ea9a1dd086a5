import { LOGIN_METHODS, type LoginMethod } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from '../../platform/columns';

export { LOGIN_METHODS, type LoginMethod };

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    userId: uuid('user_id'),
    success: boolean('success').notNull(),
    /** Error code of a failed attempt. */
    reason: varchar('reason', { length: 64 }),
    method: varchar('method', { length: 16 }).notNull().default('password').$type<LoginMethod>(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_log_username_idx').on(t.username, t.createdAt),
    index('login_log_ip_idx').on(t.ip, t.createdAt),
    index('login_log_created_idx').on(t.createdAt),
    // The list filtered by user, newest first (by key).
    index('login_log_username_id_idx').on(t.username, t.id),
    check('login_log_method_ck', sql.raw(`method in (${oneOf(LOGIN_METHODS)})`)),
  ],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    username: varchar('username', { length: 64 }),
    method: varchar('method', { length: 8 }).notNull(),
    /** Route pattern, e.g. /api/sys/user/frozenBatch. */
    route: varchar('route', { length: 255 }).notNull(),
    /** The permission the route required, or the route's own name (what was done). */
    action: varchar('action', { length: 128 }),
    statusCode: integer('status_code').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    durationMs: integer('duration_ms').notNull(),
    /** An edit's changed fields as they were and as they became. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_log_created_idx').on(t.createdAt),
    index('operation_log_user_idx').on(t.userId),
    // The list filtered by user, newest first (by key).
    index('operation_log_username_id_idx').on(t.username, t.id),
  ],
);

import {
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';
import { users } from '../user/schema';

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** sha256 of the token: a database leak does not leak sessions. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Captcha challenges (proof of work, captcha.ts), deleted when used. */
export const captchas = pgTable('captchas', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  /** The random challenge (the column held a picture's hashed answer before the proof of work). */
  challenge: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The sign-in guard's counters (login-guard.ts): one row per account and address pair, per
 * address and per account. An attempt takes a slot (attempts + 1) in one statement before its
 * password is checked, so parallel attempts cannot all read the same count; a success gives its
 * slot back. When a pair's or an address's slots run out it is paused until `locked_until`, each
 * pause twice the one before; rows left alone for the failure window start again.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    /** `pair:<username>|<address>`, `addr:<address>` or `user:<username>`. */
    key: varchar('key', { length: 200 }).primaryKey(),
    /** Attempts let through since the row started (failed or still being checked). */
    attempts: integer('attempts').notNull(),
    /** How many attempts may be let through before the next pause. */
    allowed: integer('allowed').notNull(),
    /** Pauses so far (each twice as long as the one before). */
    locks: integer('locks').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_last_idx').on(t.lastAt)],
);

/**
 * Codes sent by SMS for signing in and resetting a password: stored hashed, good for a few
 * minutes, used once; also the log the per-phone and per-address send limits count.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    /** E.164 as users.phone. */
    phone: varchar('phone', { length: 32 }).notNull(),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    /** The user the code was sent to (null: no user has the phone; nothing was sent). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of id:code (null when nothing was sent). */
    codeHash: varchar('code_hash', { length: 64 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** The SMS message that carried it. */
    messageId: uuid('message_id'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

import { index, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
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

/** One-time captcha answers, stored hashed and deleted when used. */
export const captchas = pgTable('captchas', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

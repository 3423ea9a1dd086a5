import { index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';

/**
 * The administrators' test messages (/TestToolRecord): who sent what through which gateway. The
 * message itself is an ordinary platform message (sms_messages, source system), whose status and
 * parts are the test's trace.
 */
export const smsTestRecords = pgTable(
  'sms_test_records',
  {
    id: id(),
    createdAt: createdAt(),
    userId: uuid('user_id'),
    username: varchar('username', { length: 64 }),
    gatewayId: uuid('gateway_id').notNull(),
    /** International digits without '+' (or what was given when invalid). */
    toNumber: varchar('to_number', { length: 32 }).notNull(),
    text: text('text').notNull(),
    /** The message (null when it was not stored). */
    messageId: uuid('message_id'),
    /** Why it was not accepted (null: it was). */
    reason: varchar('reason', { length: 64 }),
  },
  (t) => [index('sms_test_records_created_idx').on(t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { moneyColumn } from '../../platform/columns';

/** The gateway id of messages no gateway took (a primary key column cannot be null). */
export const NO_GATEWAY = '00000000-0000-0000-0000-000000000000';

/**
 * The daily SMS roll-up: one row per UTC day a message was created, company, kind, country ('' when
 * the number was invalid) and gateway (NO_GATEWAY when none took it), counting each message once,
 * when it reaches its final status, in the same transaction that writes that status (a final
 * status is written once: see the sms module), so a receipt days later adds to the day the message
 * was created. Analysis reads this table and never scans the messages of a long period; the
 * messages still open (a bounded set, read through the sms module's partial indexes) are added at
 * query time.
 */
export const smsStatsDaily = pgTable(
  'sms_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    gatewayId: uuid('gateway_id').notNull(),
    /** Final messages. */
    messages: integer('messages').notNull().default(0),
    /** Of those, taken by a gateway. */
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    undeliverable: integer('undeliverable').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    timeout: integer('timeout').notNull().default(0),
    invalidNumber: integer('invalid_number').notNull().default(0),
    arrears: integer('arrears').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    parts: integer('parts').notNull().default(0),
    /** Charged and not refunded. */
    revenue: moneyColumn('revenue').notNull().default(sql`0`),
    /** Gateway cost of the messages a gateway took. */
    cost: moneyColumn('cost').notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({
      name: 'sms_stats_daily_pk',
      columns: [t.day, t.companyId, t.kind, t.countryCode, t.gatewayId],
    }),
    index('sms_stats_daily_company_idx').on(t.companyId, t.day),
    index('sms_stats_daily_country_idx').on(t.countryCode, t.day),
  ],
);

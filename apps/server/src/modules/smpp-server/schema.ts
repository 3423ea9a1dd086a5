import { SMS_KINDS, type SmsKind, type SmsStatus } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * SMPP accounts of customers: what a customer's ESME binds to the platform's SMPP server with.
 * The password is sealed like API secrets (secret-box, AES-256-GCM) and never answered.
 */
export const smppAccounts = pgTable(
  'smpp_accounts',
  {
    id: id(),
    systemId: varchar('system_id', { length: 16 }).notNull(),
    passwordSealed: text('password_sealed').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: varchar('kind', { length: 16 }).notNull().default('notification').$type<SmsKind>(),
    /** Addresses or CIDR ranges binds may come from (empty: any). */
    allowedAddresses: text('allowed_addresses').array().notNull().default(sql`'{}'::text[]`),
    tpsLimit: integer('tps_limit').notNull().default(100),
    maxBinds: integer('max_binds').notNull().default(2),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('smpp_accounts_system_id_uq').on(t.systemId),
    index('smpp_accounts_company_idx').on(t.companyId),
    check('smpp_accounts_kind_ck', sql.raw(`kind in (${oneOf(SMS_KINDS)})`)),
    check('smpp_accounts_tps_ck', sql`${t.tpsLimit} > 0 and ${t.maxBinds} > 0`),
  ],
);

/**
 * Messages submitted over SMPP: the id the client was answered (`smpp_id`; our message id, or
 * for a concatenated message the id all its parts were answered with), what a receipt needs, and
 * the receipt's delivery to the customer: `none` (not final yet, or no receipt asked for), `due`
 * (to send on the account's next receiver or transceiver bind), `sent` (written to a bind, not
 * answered yet), `acked` (deliver_sm_resp received).
 */
export const smppMessages = pgTable(
  'smpp_messages',
  {
    smppId: varchar('smpp_id', { length: 64 }).primaryKey(),
    messageId: uuid('message_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => smppAccounts.id, { onDelete: 'cascade' }),
    sourceAddr: varchar('source_addr', { length: 21 }).notNull().default(''),
    destAddr: varchar('dest_addr', { length: 21 }).notNull(),
    registeredDelivery: smallint('registered_delivery').notNull().default(0),
    excerpt: varchar('excerpt', { length: 20 }).notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).$type<SmsStatus>(),
    errorCode: varchar('error_code', { length: 64 }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    receiptState: varchar('receipt_state', { length: 8 })
      .notNull()
      .default('none')
      .$type<'none' | 'due' | 'sent' | 'acked'>(),
    attempts: integer('attempts').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('smpp_messages_message_uq').on(t.messageId),
    index('smpp_messages_due_idx').on(t.accountId, t.doneAt).where(sql`receipt_state in ('due', 'sent')`),
    index('smpp_messages_created_idx').on(t.createdAt),
    check('smpp_messages_receipt_ck', sql`receipt_state in ('none', 'due', 'sent', 'acked')`),
  ],
);

/**
 * Refused binds counted for the bind guard (bind-guard.ts), one row per thing counted: `pair` (a
 * system id from one address), `address` (every system id from one address) and `system` (one
 * system id from every address). A row over its limit is locked until `locked_until`, for longer
 * each time (`lockouts`); `notified_at` keeps the console notice to one an hour per account.
 */
export const smppBindFailures = pgTable(
  'smpp_bind_failures',
  {
    scope: varchar('scope', { length: 8 }).notNull().$type<'pair' | 'address' | 'system'>(),
    key: varchar('key', { length: 128 }).notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockouts: integer('lockouts').notNull().default(0),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('smpp_bind_failures_updated_idx').on(t.updatedAt),
    check('smpp_bind_failures_scope_ck', sql`scope in ('pair', 'address', 'system')`),
  ],
);

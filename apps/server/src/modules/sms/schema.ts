import { SMS_BATCH_STATES, SMS_KINDS, SMS_SOURCES, SMS_STATUSES } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { moneyColumn, oneOf } from '../../platform/columns';

/**
 * The SMS engine's tables. Messages are the large, time-ordered table: its primary key and every
 * index that matters lead with or include `created_at`, and no foreign key points at it, so it can
 * become a table partitioned by day (`partition by range (created_at)`) without a change to the
 * code: every list query is bound by a date range, lookups by id alone read each partition's
 * index. Company and batch ids are not foreign keys for the same reason (and to keep inserts of
 * thousands of rows a second cheap); the service writes them from rows it has checked.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One send (a console send, an API request, an SMPP submit): its recipients are its messages. */
export const smsBatches = pgTable(
  'sms_batches',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id'),
    kind: varchar('kind', { length: 16 }).notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    sender: varchar('sender', { length: 16 }),
    /** The text as given (variables not filled in). */
    text: text('text').notNull(),
    templateId: uuid('template_id'),
    /** Recipients given (duplicates included). */
    total: integer('total').notNull(),
    /** What was charged at acceptance. */
    amount: moneyColumn('amount').notNull().default(sql`0`),
    /** scheduled (cancellable), cancelled, dispatching, done (derived when shown: see the service). */
    state: varchar('state', { length: 12 }).notNull(),
    scheduledAt: ts('scheduled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sms_batches_company_idx').on(t.companyId, t.kind, t.createdAt),
    index('sms_batches_created_idx').on(t.createdAt),
    check('sms_batches_state_ck', sql.raw(`state in (${oneOf(SMS_BATCH_STATES)})`)),
    check('sms_batches_kind_ck', sql.raw(`kind in (${oneOf(SMS_KINDS)})`)),
    check('sms_batches_source_ck', sql.raw(`source in (${oneOf(SMS_SOURCES)})`)),
  ],
);

/**
 * One message to one number. `status` moves accepted → queued → sent → a final status, and a
 * final status never changes (every update says `status in (…not final…)`). `next_attempt_at`
 * is when a dispatcher may take it (the schedule, or a retry's back-off); `priority` puts OTP
 * ahead of bulk.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    companyId: uuid('company_id').notNull(),
    batchId: uuid('batch_id'),
    kind: varchar('kind', { length: 16 }).notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    /** International digits without '+' (or, for an invalid number, what was given). */
    toNumber: varchar('to_number', { length: 32 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }),
    mcc: varchar('mcc', { length: 3 }),
    mnc: varchar('mnc', { length: 3 }),
    sender: varchar('sender', { length: 16 }),
    /** The text sent: the batch's text with this recipient's variables filled in. */
    text: text('text').notNull(),
    parts: smallint('parts').notNull(),
    encoding: varchar('encoding', { length: 4 }).notNull(),
    /** What the company was charged (0 when it was not). */
    price: moneyColumn('price').notNull().default(sql`0`),
    /** The lowest known gateway cost of the destination (staff only). */
    cost: moneyColumn('cost'),
    /**
     * What each reseller above the company earned on it (money as text), taken back if it is
     * refunded; null when none did. The ledger has one commission entry per batch, not per message.
     */
    commissions: jsonb('commissions').$type<{ companyId: string; amount: string }[]>(),
    routeId: uuid('route_id'),
    routeName: varchar('route_name', { length: 128 }),
    /** The route's gateways in try order (failover). */
    gatewayIds: uuid('gateway_ids').array(),
    /** The gateway that took it. */
    gatewayId: uuid('gateway_id'),
    status: varchar('status', { length: 16 }).notNull(),
    errorCode: varchar('error_code', { length: 64 }),
    clientRef: varchar('client_ref', { length: 64 }),
    priority: smallint('priority').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Until when it may still be submitted, and then have a receipt (created or scheduled + validity). */
    validUntil: ts('valid_until').notNull(),
    queuedAt: ts('queued_at'),
    sentAt: ts('sent_at'),
    doneAt: ts('done_at'),
    /** none, pending (a callback row waits), done, failed. */
    callbackState: varchar('callback_state', { length: 8 }).notNull().default('none'),
  },
  (t) => [
    primaryKey({ name: 'sms_messages_pk', columns: [t.id, t.createdAt] }),
    // The dispatchers' queue: only messages waiting, most urgent first.
    index('sms_messages_due_idx')
      .on(t.priority.desc(), t.nextAttemptAt, t.createdAt)
      .where(sql`status = 'accepted'`),
    // Sweeps: sent without a receipt, claimed without an answer.
    index('sms_messages_sent_idx').on(t.validUntil, t.createdAt).where(sql`status = 'sent'`),
    index('sms_messages_queued_idx').on(t.queuedAt, t.createdAt).where(sql`status = 'queued'`),
    // Receipts whose id is not known, matched by number to messages a gateway may have taken.
    index('sms_messages_unconfirmed_idx')
      .on(t.gatewayId, t.toNumber)
      .where(sql`status = 'sent' and error_code = 'SUBMIT_UNCONFIRMED'`),
    // Records: a company's messages of a kind in a period (staff: every company's).
    index('sms_messages_company_idx').on(t.companyId, t.kind, t.createdAt),
    index('sms_messages_kind_idx').on(t.kind, t.createdAt),
    index('sms_messages_batch_idx').on(t.batchId, t.createdAt),
    check('sms_messages_status_ck', sql.raw(`status in (${oneOf(SMS_STATUSES)})`)),
    check('sms_messages_kind_ck', sql.raw(`kind in (${oneOf(SMS_KINDS)})`)),
    check('sms_messages_source_ck', sql.raw(`source in (${oneOf(SMS_SOURCES)})`)),
    check('sms_messages_callback_ck', sql.raw(`callback_state in ('none', 'pending', 'done', 'failed')`)),
  ],
);

/**
 * The parts of a message as a gateway took them: the upstream id of each (what its receipts
 * name) and each part's receipt. Unique per gateway, to match receipts.
 */
export const smsMessageParts = pgTable(
  'sms_message_parts',
  {
    messageId: uuid('message_id').notNull(),
    messageCreatedAt: ts('message_created_at').notNull(),
    partNo: smallint('part_no').notNull(),
    gatewayId: uuid('gateway_id').notNull(),
    upstreamId: varchar('upstream_id', { length: 64 }).notNull(),
    /** The receipt's status (null until it came). */
    status: varchar('status', { length: 16 }),
    errorCode: varchar('error_code', { length: 64 }),
    doneAt: ts('done_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sms_message_parts_pk', columns: [t.messageId, t.partNo] }),
    uniqueIndex('sms_message_parts_upstream_uq').on(t.gatewayId, t.upstreamId),
  ],
);

/**
 * Receipts for an upstream id not (yet) known: the SMSC can report before the submit's answer is
 * stored. Matched when the parts are stored, and by a sweep; never dropped before they expire.
 */
export const smsReceiptsPending = pgTable(
  'sms_receipts_pending',
  {
    gatewayId: uuid('gateway_id').notNull(),
    upstreamId: varchar('upstream_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    errorCode: varchar('error_code', { length: 64 }),
    doneAt: ts('done_at').notNull(),
    raw: text('raw'),
    /** The number the receipt reports (deliver_sm source_addr): matches it to an unconfirmed message. */
    handset: varchar('handset', { length: 32 }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sms_receipts_pending_pk', columns: [t.gatewayId, t.upstreamId] }),
    index('sms_receipts_pending_received_idx').on(t.receivedAt),
  ],
);

/** A delivery report owed to a company's callback URL: tried with back-off, each attempt logged. */
export const smsCallbacks = pgTable(
  'sms_callbacks',
  {
    messageId: uuid('message_id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    /** The JSON posted (the same body every attempt). */
    body: text('body').notNull(),
    /** pending, delivered, failed (gave up), skipped (no URL). */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: varchar('last_error', { length: 64 }),
    /** [{at, status, errorCode, durationMs}] */
    log: jsonb('log').notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sms_callbacks_due_idx').on(t.nextAt).where(sql`state = 'pending'`),
    index('sms_callbacks_company_idx').on(t.companyId, t.createdAt),
    check('sms_callbacks_state_ck', sql.raw(`state in ('pending', 'delivered', 'failed', 'skipped')`)),
  ],
);

import {
  ORDER_STATES,
  ORDER_TRANSITION_SOURCES,
  type OrderState,
  type OrderTransitionSource,
  PAYMENT_ISSUE_NOTE_MAX_LENGTH,
  PAYMENT_ISSUE_REASONS,
  PAYMENT_ISSUE_STATES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYOUT_NOTE_MAX_LENGTH,
  PAYOUT_STATES,
  type PaymentIssueReason,
  type PaymentIssueState,
  type PaymentMethod,
  type PaymentProvider,
  type PayoutState,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moneyColumn, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * Top-up orders: a company's request to add money to its balance, paid through a provider
 * (Stripe for cards, NOWPayments for crypto). The state changes only through the contracts'
 * state machine, each change a row of `top_up_order_transitions`; the ledger is credited once,
 * with the order id as idempotency key.
 */
export const topUpOrders = pgTable(
  'top_up_orders',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdByUserId: uuid('created_by_user_id'),
    createdByUsername: varchar('created_by_username', { length: 64 }),
    method: varchar('method', { length: 8 }).notNull().$type<PaymentMethod>(),
    provider: varchar('provider', { length: 16 }).notNull().$type<PaymentProvider>(),
    /** The provider's id of the checkout (Stripe Checkout Session, NOWPayments invoice). */
    providerReference: varchar('provider_reference', { length: 128 }),
    checkoutUrl: text('checkout_url'),
    state: varchar('state', { length: 24 }).notNull().$type<OrderState>(),
    amountRequested: moneyColumn('amount_requested').notNull(),
    amountPaid: moneyColumn('amount_paid').notNull().default(sql`0`),
    amountCredited: moneyColumn('amount_credited').notNull().default(sql`0`),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** When the expiry job closes it if still unpaid (or settles it if partially paid). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('top_up_orders_company_idx').on(t.companyId, t.createdAt),
    index('top_up_orders_created_idx').on(t.createdAt),
    index('top_up_orders_expiry_idx').on(t.state, t.expiresAt),
    uniqueIndex('top_up_orders_provider_ref_uq').on(t.provider, t.providerReference),
    check('top_up_orders_state_ck', sql.raw(`state in (${oneOf(ORDER_STATES)})`)),
    check('top_up_orders_method_ck', sql.raw(`method in (${oneOf(PAYMENT_METHODS)})`)),
    check('top_up_orders_provider_ck', sql.raw(`provider in (${oneOf(PAYMENT_PROVIDERS)})`)),
    check(
      'top_up_orders_amounts_ck',
      sql`${t.amountRequested} > 0 and ${t.amountPaid} >= 0 and ${t.amountCredited} >= 0`,
    ),
  ],
);

/** Every state change of an order: when, from what, to what, and who caused it. */
export const topUpOrderTransitions = pgTable(
  'top_up_order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => topUpOrders.id),
    fromState: varchar('from_state', { length: 24 }).$type<OrderState>(),
    toState: varchar('to_state', { length: 24 }).notNull().$type<OrderState>(),
    source: varchar('source', { length: 16 }).notNull().$type<OrderTransitionSource>(),
    detail: varchar('detail', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('top_up_order_transitions_order_idx').on(t.orderId, t.id),
    check('top_up_order_transitions_source_ck', sql.raw(`source in (${oneOf(ORDER_TRANSITION_SOURCES)})`)),
  ],
);

/**
 * Every provider notification received and verified, by the provider's event id: a repeat is
 * recognised and changes nothing. `outcome` says what it did (applied, unchanged, refused by the
 * state machine, or for an unknown order).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull().$type<PaymentProvider>(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    orderId: uuid('order_id'),
    type: varchar('type', { length: 64 }).notNull(),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    detail: varchar('detail', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_event_uq').on(t.provider, t.eventId),
    index('payment_events_order_idx').on(t.orderId),
  ],
);

/**
 * A payment a provider reported that no order could take by itself (no known order, another
 * currency or price, an order closed unpaid): kept for staff to credit through the ledger or
 * dismiss, once per notification. Listed by the payments reconciliation while open.
 */
export const paymentIssues = pgTable(
  'payment_issues',
  {
    id: id(),
    provider: varchar('provider', { length: 16 }).notNull().$type<PaymentProvider>(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    eventType: varchar('event_type', { length: 64 }).notNull(),
    orderId: uuid('order_id').references(() => topUpOrders.id),
    companyId: uuid('company_id').references(() => companies.id),
    /** What was reported paid, in `currency` (not necessarily the platform's). */
    amount: moneyColumn('amount'),
    currency: varchar('currency', { length: 8 }),
    reason: varchar('reason', { length: 24 }).notNull().$type<PaymentIssueReason>(),
    detail: varchar('detail', { length: 256 }),
    state: varchar('state', { length: 12 }).notNull().default('open').$type<PaymentIssueState>(),
    amountCredited: moneyColumn('amount_credited'),
    resolvedByUsername: varchar('resolved_by_username', { length: 64 }),
    resolutionNote: varchar('resolution_note', { length: PAYMENT_ISSUE_NOTE_MAX_LENGTH }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_issues_event_uq').on(t.provider, t.eventId),
    index('payment_issues_state_idx').on(t.state, t.createdAt),
    index('payment_issues_company_idx').on(t.companyId, t.createdAt),
    check('payment_issues_state_ck', sql.raw(`state in (${oneOf(PAYMENT_ISSUE_STATES)})`)),
    check('payment_issues_reason_ck', sql.raw(`reason in (${oneOf(PAYMENT_ISSUE_REASONS)})`)),
    check('payment_issues_provider_ck', sql.raw(`provider in (${oneOf(PAYMENT_PROVIDERS)})`)),
  ],
);

/** A reseller's request to withdraw commission; an approval debits it through the ledger once. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    amount: moneyColumn('amount').notNull(),
    note: varchar('note', { length: PAYOUT_NOTE_MAX_LENGTH }),
    state: varchar('state', { length: 16 }).notNull().default('pending').$type<PayoutState>(),
    requestedByUserId: uuid('requested_by_user_id'),
    requestedByUsername: varchar('requested_by_username', { length: 64 }),
    decidedByUsername: varchar('decided_by_username', { length: 64 }),
    decisionReason: varchar('decision_reason', { length: PAYOUT_NOTE_MAX_LENGTH }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_company_idx').on(t.companyId, t.createdAt),
    index('payouts_created_idx').on(t.createdAt),
    check('payouts_state_ck', sql.raw(`state in (${oneOf(PAYOUT_STATES)})`)),
    check('payouts_amount_ck', sql`${t.amount} > 0`),
  ],
);

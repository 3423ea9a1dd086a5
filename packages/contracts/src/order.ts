import { z } from 'zod';
import { TOP_UP_MAX, TOP_UP_MIN } from './constants';
import { decimalsOf, MONEY_UNIT, money, parseMoney, positiveMoney } from './money';
import { resourceListQuerySchema } from './resource';
import { dateQuery, dateQueryEnd, dateTime, uuid } from './wire';

// ---------------------------------------------------------------------------------------------
// Top-up orders: states and the one state machine every order moves through
// ---------------------------------------------------------------------------------------------

/**
 * Every state of a top-up order (spec section 4), by code. The codes are the values of the
 * `top_up_status` dictionary, which names them in both languages.
 */
export const ORDER_STATES = [
  'pending_payment',
  'paid',
  'partially_paid',
  'refunded',
  'order_failed',
  'expired',
  'timed_out',
  'chain_confirming',
  'chain_confirmed',
  'top_up_success',
  'top_up_failure',
  'finished',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The allowed transitions, written once. Read it as the life of an order:
 * - card: pending_payment → paid → top_up_success (ledger credited) → finished;
 * - crypto: pending_payment → chain_confirming → chain_confirmed → paid → top_up_success → finished,
 *   with partially_paid whenever less than the price arrived. A partially paid invoice stays open
 *   (the payer may still send the rest) until it expires; then what was paid is credited
 *   (partially_paid → top_up_success → finished; the order keeps requested and paid amounts);
 * - unpaid: pending_payment → order_failed (provider says failed), expired (provider says
 *   expired) or timed_out (our own expiry job: the provider never said anything);
 * - a late payment after our own time-out is still taken (timed_out → confirming/paid): the
 *   provider is the authority on money received; an invoice the provider expired is closed;
 * - a credit the ledger refused (company gone, balance out of range) is top_up_failure, retried
 *   by the next delivery of the paying event (top_up_failure → top_up_success);
 * - refunded: the provider gave the money back (after credit, the ledger takes it back);
 * - money reported after the order was credited and closed (the rest of a partial payment
 *   settled by the expiry job, a larger payment) is credited too: finished → top_up_success
 *   (the difference credited) → finished. Money that cannot be credited by itself (an order
 *   closed unpaid, another currency, another price, no known order) moves no order: it is a
 *   payment to resolve, for staff.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending_payment: [
    'chain_confirming',
    'chain_confirmed',
    'partially_paid',
    'paid',
    'order_failed',
    'expired',
    'timed_out',
  ],
  chain_confirming: ['chain_confirmed', 'partially_paid', 'paid', 'order_failed', 'expired'],
  chain_confirmed: ['partially_paid', 'paid', 'order_failed'],
  partially_paid: [
    'chain_confirming',
    'chain_confirmed',
    'paid',
    'top_up_success',
    'top_up_failure',
    'refunded',
  ],
  paid: ['top_up_success', 'top_up_failure', 'refunded'],
  top_up_failure: ['top_up_success', 'refunded'],
  top_up_success: ['finished', 'refunded'],
  finished: ['top_up_success', 'refunded'],
  timed_out: ['chain_confirming', 'chain_confirmed', 'partially_paid', 'paid'],
  expired: [],
  order_failed: [],
  refunded: [],
};

/** True when an order may move from `from` to `to` (a state never moves to itself). */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * States in which an order waits for nothing more on its own (the console stops refreshing): done,
 * closed unpaid, or needing an operator (top_up_failure). A late payment may still reopen a
 * timed-out order, and a refund may still follow a credit.
 */
export const ORDER_SETTLED_STATES: readonly OrderState[] = [
  'finished',
  'refunded',
  'order_failed',
  'expired',
  'timed_out',
  'top_up_failure',
];
export const isOrderOpen = (state: OrderState): boolean => !ORDER_SETTLED_STATES.includes(state);

/**
 * What can happen to an order: a provider's word (normalised from its webhook), our expiry job,
 * or the ledger's answer to a credit.
 */
export const ORDER_EVENTS = [
  'confirming',
  'confirmed',
  'partially_paid',
  'paid',
  'failed',
  'provider_expired',
  'timeout',
  'credited',
  'credit_failed',
  'close',
  'refunded',
  'paid_more',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * The state an event moves an order to, or null when the event does not apply in its state
 * (a late, repeated or out-of-order delivery): the caller records it and changes nothing.
 * An expiry (the provider's or ours) of a partially paid order settles it: what was paid is
 * credited (top_up_success).
 */
export function nextState(order: { state: OrderState }, event: OrderEvent): OrderState | null {
  const target = targetOf(order.state, event);
  return canTransition(order.state, target) ? target : null;
}

function targetOf(state: OrderState, event: OrderEvent): OrderState {
  switch (event) {
    case 'confirming':
      return 'chain_confirming';
    case 'confirmed':
      return 'chain_confirmed';
    case 'partially_paid':
      return 'partially_paid';
    case 'paid':
      return 'paid';
    case 'failed':
      return 'order_failed';
    case 'provider_expired':
      return state === 'partially_paid' ? 'top_up_success' : 'expired';
    case 'timeout':
      return state === 'partially_paid' ? 'top_up_success' : 'timed_out';
    case 'credited':
      return 'top_up_success';
    case 'credit_failed':
      return 'top_up_failure';
    case 'close':
      return 'finished';
    case 'refunded':
      return 'refunded';
    case 'paid_more':
      // Only an order credited and closed takes more money this way (an open one is settled).
      return state === 'finished' ? 'top_up_success' : state;
  }
}

/**
 * What is paid and not yet credited (0 when nothing is): after an order was credited, a later
 * report of a larger payment owes the company the difference, and only the difference.
 */
export function creditDue(order: { amountPaid: bigint; amountCredited: bigint }): bigint {
  return order.amountPaid > order.amountCredited ? order.amountPaid - order.amountCredited : 0n;
}

/**
 * What an order came to against what was asked: credited minus requested (negative: paid less,
 * positive: paid more), or null while nothing is credited.
 */
export function orderDifference(order: { amountRequested: bigint; amountCredited: bigint }): bigint | null {
  return order.amountCredited > 0n ? order.amountCredited - order.amountRequested : null;
}

/** Who moved an order: a provider's webhook, our expiry job, the ledger, or a person. */
export const ORDER_TRANSITION_SOURCES = [
  'create',
  'stripe',
  'nowpayments',
  'expiry',
  'ledger',
  'staff',
] as const;
export type OrderTransitionSource = (typeof ORDER_TRANSITION_SOURCES)[number];

export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'nowpayments'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** The provider behind each method. */
export const PROVIDER_OF: Record<PaymentMethod, PaymentProvider> = { card: 'stripe', crypto: 'nowpayments' };

/** Dictionaries naming the coded values in both languages (values: the enums here). */
export const ORDER_DICTS = {
  state: 'top_up_status',
  method: 'payment_method',
  payoutState: 'payout_status',
} as const;

// ---------------------------------------------------------------------------------------------
// The top-up amount (spec section 9): 50 to 50,000, at most two decimals
// ---------------------------------------------------------------------------------------------

export const TOP_UP_DECIMALS = 2;

/**
 * Why a top-up amount typed by a person is not acceptable (an error code with its figures), or
 * null when it is. The same rule the server applies, for the console's form.
 */
export function topUpAmountProblem(text: string): {
  code: 'MONEY_INVALID' | 'MONEY_TOO_MANY_DECIMALS' | 'TOP_UP_AMOUNT_RANGE';
  params: Record<string, number>;
} | null {
  const trimmed = text.trim();
  const decimals = decimalsOf(trimmed);
  if (decimals !== undefined && decimals > TOP_UP_DECIMALS) {
    return { code: 'MONEY_TOO_MANY_DECIMALS', params: { max: TOP_UP_DECIMALS } };
  }
  const micros = trimmed.length > 40 ? undefined : parseMoney(trimmed);
  if (micros === undefined) return { code: 'MONEY_INVALID', params: {} };
  if (micros < BigInt(TOP_UP_MIN) * MONEY_UNIT || micros > BigInt(TOP_UP_MAX) * MONEY_UNIT) {
    return { code: 'TOP_UP_AMOUNT_RANGE', params: { min: TOP_UP_MIN, max: TOP_UP_MAX } };
  }
  return null;
}

/** A top-up amount on the wire: a decimal string, 50 to 50,000 with at most two decimals. */
export const topUpAmount = z
  .string()
  .superRefine((text, ctx) => {
    const problem = topUpAmountProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.code, params: problem.params });
  })
  .transform((text) => parseMoney(text.trim())!)
  .meta({
    type: 'string',
    pattern: '^\\d{2,5}(\\.\\d{1,2})?$',
    examples: ['100.00'],
    description: `A top-up amount, ${TOP_UP_MIN} to ${TOP_UP_MAX} with at most two decimals`,
  });

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/** `POST /sys/order/create`. */
export const orderCreateSchema = z.object({
  amount: topUpAmount,
  method: z.enum(PAYMENT_METHODS),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const orderCreatedSchema = z.object({
  orderId: z.string(),
  /** Where to send the payer: the provider's checkout page (the simulator's in demo mode). */
  checkoutUrl: z.string(),
});
export type OrderCreated = z.input<typeof orderCreatedSchema>;

/** Keys the order list sorts by (`column`); without one, newest first. */
export const ORDER_SORTABLE = [
  'createdAt',
  'amountRequested',
  'amountPaid',
  'amountCredited',
  'state',
  'method',
] as const;

/** `GET /sys/order/list`: the caller's scope (own company; staff all; resellers their subtree). */
export const orderListQuerySchema = resourceListQuerySchema({
  companyId: uuid.optional(),
  state: z.enum(ORDER_STATES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  from: dateQuery.optional(),
  to: dateQueryEnd.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/**
 * `GET /sys/order/exportXls`: the list's filters and sort; orders are time-based, so `from` and
 * `to` are required and at most EXPORT_WINDOW_DAYS apart.
 */
export const ORDER_EXPORT_PATH = '/sys/order/exportXls';

export const orderIdQuerySchema = z.object({ id: uuid });

export const orderTransitionSchema = z.object({
  from: z.enum(ORDER_STATES).nullable(),
  to: z.enum(ORDER_STATES),
  source: z.enum(ORDER_TRANSITION_SOURCES),
  /** The provider event or job run that caused it. */
  detail: z.string().nullable(),
  createdAt: dateTime,
});
export type OrderTransition = z.input<typeof orderTransitionSchema>;

export const orderSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  createdByUsername: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's own id (Stripe Checkout Session, NOWPayments invoice). */
  providerReference: z.string().nullable(),
  state: z.enum(ORDER_STATES),
  amountRequested: money,
  /** What the provider reported paid so far (in the platform currency). */
  amountPaid: money,
  /** What the ledger credited (when the order settled, and any later payment's difference). */
  amountCredited: money,
  /** Credited minus requested (negative: underpaid, positive: overpaid); null: nothing credited. */
  difference: money.nullable(),
  currency: z.string(),
  expiresAt: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Order = z.input<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({ history: z.array(orderTransitionSchema) });
export type OrderDetail = z.input<typeof orderDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Payments to resolve: money a provider reported that no order could take by itself
// ---------------------------------------------------------------------------------------------

/**
 * Why a reported payment was not credited by itself: it names no order we know, its currency or
 * price is not the order's, or the order was closed unpaid (the provider expired it, or it
 * failed) before the money came.
 */
export const PAYMENT_ISSUE_REASONS = [
  'unknown_order',
  'currency_mismatch',
  'amount_mismatch',
  'order_closed',
] as const;
export type PaymentIssueReason = (typeof PAYMENT_ISSUE_REASONS)[number];

/** open: waiting for staff; credited: staff credited it through the ledger; dismissed: with why. */
export const PAYMENT_ISSUE_STATES = ['open', 'credited', 'dismissed'] as const;
export type PaymentIssueState = (typeof PAYMENT_ISSUE_STATES)[number];
export const PAYMENT_ISSUE_NOTE_MAX_LENGTH = 256;

/** `GET /sys/order/paymentIssueList`: newest first (staff). */
export const paymentIssueListQuerySchema = resourceListQuerySchema({
  state: z.enum(PAYMENT_ISSUE_STATES).optional(),
  companyId: uuid.optional(),
});
export type PaymentIssueListQuery = z.input<typeof paymentIssueListQuerySchema>;

/**
 * `PUT /sys/order/paymentIssue/resolve`: credit it to the order's company (the amount in the
 * platform currency; without one, what was reported, when in the platform currency) or dismiss
 * it (the note says why, e.g. refunded at the provider).
 */
export const paymentIssueResolveSchema = z.object({
  id: uuid,
  action: z.enum(['credit', 'dismiss']),
  amount: positiveMoney.optional(),
  note: z.string().trim().max(PAYMENT_ISSUE_NOTE_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});
export type PaymentIssueResolve = z.input<typeof paymentIssueResolveSchema>;

export const paymentIssueSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's notification (its event id, or for NOWPayments the digest of the body). */
  eventId: z.string(),
  eventType: z.string(),
  orderId: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** What the provider reported paid, in `currency` (null: it did not say). */
  amount: money.nullable(),
  currency: z.string().nullable(),
  reason: z.enum(PAYMENT_ISSUE_REASONS),
  detail: z.string().nullable(),
  state: z.enum(PAYMENT_ISSUE_STATES),
  /** What staff credited (platform currency) when resolved by a credit. */
  amountCredited: money.nullable(),
  resolvedByUsername: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type PaymentIssue = z.input<typeof paymentIssueSchema>;

// ---------------------------------------------------------------------------------------------
// Payouts: a reseller withdraws commission
// ---------------------------------------------------------------------------------------------

export const PAYOUT_STATES = ['pending', 'approved', 'rejected'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_NOTE_MAX_LENGTH = 256;

export const payoutCreateSchema = z.object({
  amount: positiveMoney,
  note: z.string().trim().max(PAYOUT_NOTE_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});
export type PayoutCreate = z.input<typeof payoutCreateSchema>;

/** Keys the payout list sorts by (`column`); without one, newest first. */
export const PAYOUT_SORTABLE = ['createdAt', 'amount', 'state', 'decidedAt'] as const;

export const payoutListQuerySchema = resourceListQuerySchema({
  companyId: uuid.optional(),
  state: z.enum(PAYOUT_STATES).optional(),
});
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;

/**
 * Payouts as .xlsx, beside their list: the payouts' routes are named under `/sys/order/`
 * (`payoutList`, `createPayout`), so the export is `payoutExportXls`, as `exportXls` is beside
 * `list` in a group of its own.
 */
export const PAYOUT_EXPORT_PATH = '/sys/order/payoutExportXls';

export const payoutDecisionSchema = z.object({
  id: uuid,
  /** Required when rejecting; optional when approving (e.g. the bank transfer's reference). */
  reason: z.string().trim().max(PAYOUT_NOTE_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});
export type PayoutDecision = z.input<typeof payoutDecisionSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  amount: money,
  note: z.string().nullable(),
  state: z.enum(PAYOUT_STATES),
  requestedByUsername: z.string().nullable(),
  decidedByUsername: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type Payout = z.input<typeof payoutSchema>;

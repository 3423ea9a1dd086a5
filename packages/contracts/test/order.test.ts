import { describe, expect, it } from 'vitest';
import {
  canTransition,
  creditDue,
  describeIssues,
  isOrderOpen,
  nextState,
  ORDER_EVENTS,
  ORDER_STATES,
  type OrderEvent,
  type OrderState,
  orderCreateSchema,
  orderDifference,
  topUpAmountProblem,
  units,
} from '../src/index';

/** The allowed transitions, spelled out here a second time on purpose: the table is the spec. */
const ALLOWED: [OrderState, OrderState][] = [
  ['pending_payment', 'chain_confirming'],
  ['pending_payment', 'chain_confirmed'],
  ['pending_payment', 'partially_paid'],
  ['pending_payment', 'paid'],
  ['pending_payment', 'order_failed'],
  ['pending_payment', 'expired'],
  ['pending_payment', 'timed_out'],
  ['chain_confirming', 'chain_confirmed'],
  ['chain_confirming', 'partially_paid'],
  ['chain_confirming', 'paid'],
  ['chain_confirming', 'order_failed'],
  ['chain_confirming', 'expired'],
  ['chain_confirmed', 'partially_paid'],
  ['chain_confirmed', 'paid'],
  ['chain_confirmed', 'order_failed'],
  ['partially_paid', 'chain_confirming'],
  ['partially_paid', 'chain_confirmed'],
  ['partially_paid', 'paid'],
  ['partially_paid', 'top_up_success'],
  ['partially_paid', 'top_up_failure'],
  ['partially_paid', 'refunded'],
  ['paid', 'top_up_success'],
  ['paid', 'top_up_failure'],
  ['paid', 'refunded'],
  ['top_up_failure', 'top_up_success'],
  ['top_up_failure', 'refunded'],
  ['top_up_success', 'finished'],
  ['top_up_success', 'refunded'],
  ['finished', 'top_up_success'],
  ['finished', 'refunded'],
  ['timed_out', 'chain_confirming'],
  ['timed_out', 'chain_confirmed'],
  ['timed_out', 'partially_paid'],
  ['timed_out', 'paid'],
];
const allowed = new Set(ALLOWED.map(([a, b]) => `${a}>${b}`));
const ALL_PAIRS = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

describe('the order state machine', () => {
  it('has the twelve states of the spec', () => {
    expect(ORDER_STATES).toHaveLength(12);
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(ALL_PAIRS.filter(([a, b]) => !allowed.has(`${a}>${b}`)))('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('never lets a closed order move again but by a refund or a further credit', () => {
    for (const closed of ['expired', 'order_failed', 'refunded'] as const) {
      for (const to of ORDER_STATES) expect(canTransition(closed, to)).toBe(false);
    }
    expect(ORDER_STATES.filter((to) => canTransition('finished', to))).toEqual([
      'refunded',
      'top_up_success',
    ]);
  });

  // Every (state, event) pair: the event's target when the table allows it, else null.
  const expected: Record<OrderEvent, (s: OrderState) => OrderState> = {
    confirming: () => 'chain_confirming',
    confirmed: () => 'chain_confirmed',
    partially_paid: () => 'partially_paid',
    paid: () => 'paid',
    failed: () => 'order_failed',
    provider_expired: (s) => (s === 'partially_paid' ? 'top_up_success' : 'expired'),
    timeout: (s) => (s === 'partially_paid' ? 'top_up_success' : 'timed_out'),
    credited: () => 'top_up_success',
    credit_failed: () => 'top_up_failure',
    close: () => 'finished',
    refunded: () => 'refunded',
    paid_more: (s) => (s === 'finished' ? 'top_up_success' : s),
  };
  it.each(ORDER_STATES.flatMap((s) => ORDER_EVENTS.map((e) => [s, e] as const)))(
    'nextState(%s, %s) follows the table',
    (state, event) => {
      const target = expected[event](state);
      expect(nextState({ state }, event)).toBe(allowed.has(`${state}>${target}`) ? target : null);
    },
  );

  it('walks the card, crypto and partial paths', () => {
    const walk = (events: OrderEvent[]) =>
      events.reduce<OrderState | null>((s, e) => (s ? nextState({ state: s }, e) : null), 'pending_payment');
    expect(walk(['paid', 'credited', 'close'])).toBe('finished');
    expect(walk(['confirming', 'confirmed', 'paid', 'credited', 'close'])).toBe('finished');
    expect(walk(['confirming', 'partially_paid', 'provider_expired', 'close'])).toBe('finished');
    expect(walk(['partially_paid', 'confirming', 'paid', 'credited', 'close'])).toBe('finished');
    expect(walk(['timeout', 'paid', 'credited'])).toBe('top_up_success');
    // Out of order: a "confirming" after the payment is not applied.
    expect(walk(['paid', 'credited', 'close', 'confirming'])).toBeNull();
    expect(walk(['provider_expired', 'paid'])).toBeNull();
    // Partly paid, settled by our expiry, then the rest: credited more, finished again.
    expect(walk(['partially_paid', 'timeout', 'close', 'paid_more', 'close'])).toBe('finished');
    // Only a credited order takes more money that way.
    expect(walk(['paid_more'])).toBeNull();
    expect(walk(['provider_expired', 'paid_more'])).toBeNull();
    expect(walk(['partially_paid', 'paid_more'])).toBeNull();
    expect(walk(['paid', 'credited', 'paid_more'])).toBeNull();
  });

  it('owes only what was paid beyond what was credited, and shows the difference from the price', () => {
    expect(creditDue({ amountPaid: units(100), amountCredited: units(40) })).toBe(units(60));
    expect(creditDue({ amountPaid: units(40), amountCredited: units(40) })).toBe(0n);
    expect(creditDue({ amountPaid: units(30), amountCredited: units(40) })).toBe(0n);
    expect(orderDifference({ amountRequested: units(100), amountCredited: 0n })).toBeNull();
    expect(orderDifference({ amountRequested: units(100), amountCredited: 10_000n })).toBe(
      10_000n - units(100),
    );
    expect(orderDifference({ amountRequested: units(100), amountCredited: units(100) })).toBe(0n);
    expect(orderDifference({ amountRequested: units(100), amountCredited: units(120) })).toBe(units(20));
  });

  it('tells the console which orders may still change on their own', () => {
    expect(isOrderOpen('pending_payment')).toBe(true);
    expect(isOrderOpen('partially_paid')).toBe(true);
    expect(isOrderOpen('finished')).toBe(false);
    expect(isOrderOpen('timed_out')).toBe(false);
  });
});

const messages = (issues: Parameters<typeof describeIssues>[0], locale: 'en-US' | 'zh-CN') =>
  describeIssues(issues, locale)
    .map((p) => p.message)
    .join('; ');

describe('the top-up amount (50 to 50,000, two decimals)', () => {
  it.each([
    ['50', null],
    ['50.00', null],
    ['50000', null],
    ['50000.00', null],
    ['123.4', null],
    ['49.99', 'TOP_UP_AMOUNT_RANGE'],
    ['50000.01', 'TOP_UP_AMOUNT_RANGE'],
    ['0', 'TOP_UP_AMOUNT_RANGE'],
    ['-100', 'TOP_UP_AMOUNT_RANGE'],
    ['100.001', 'MONEY_TOO_MANY_DECIMALS'],
    ['100.', 'MONEY_INVALID'],
    ['1e3', 'MONEY_INVALID'],
    ['', 'MONEY_INVALID'],
    ['abc', 'MONEY_INVALID'],
    ['9'.repeat(50), 'MONEY_INVALID'],
  ])('%j → %s', (text, code) => {
    expect(topUpAmountProblem(text)?.code ?? null).toBe(code);
  });

  it('parses to exact micro-units and says what is wrong in both languages', () => {
    expect(orderCreateSchema.parse({ amount: '120.50', method: 'card' }).amount).toBe(units(120) + 500_000n);
    const low = orderCreateSchema.safeParse({ amount: '10', method: 'card' });
    expect(low.success).toBe(false);
    if (low.success) return;
    expect(messages(low.error.issues, 'en-US')).toContain('between 50 and 50000');
    expect(messages(low.error.issues, 'zh-CN')).toContain('必须在50到50000之间');
    const fine = orderCreateSchema.safeParse({ amount: '60.123', method: 'crypto' });
    expect(fine.success).toBe(false);
    if (fine.success) return;
    expect(messages(fine.error.issues, 'en-US')).toContain('at most 2 decimal places');
  });
});

import type {
  Balance,
  Order,
  OrderCreated,
  OrderDetail,
  Page,
  PaymentIssue,
  Payout,
} from '@switchboard/contracts';
import { formatMoney, units } from '@switchboard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NowPaymentsStatus } from '../src/modules/payments/providers/nowpayments';
import {
  nowPaymentsIpn,
  type SimOrder,
  stripeChargeRefunded,
  stripeSessionEvent,
} from '../src/modules/payments/providers/simulator';
import { ledgerEntries, paymentEvents, topUpOrders } from '../src/schema';
import { startServer } from './harness';
import {
  ACME,
  AGENCY_CLIENT,
  companyId,
  DIRECT,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  text,
  ZH,
} from './support/api';
import { apiSuite, DEMO_USERS } from './support/suite';

// A fast simulator clock: its notifications follow within a fraction of a second.
const { s, tokens } = apiSuite(DEMO_USERS, () => startServer({ PAYMENTS_SIM_STEP_MS: '40' }));

const create = (user: string, body: Record<string, unknown>, locale = EN) =>
  s().call<OrderCreated>('POST', '/sys/order/create', { token: tokens[user], body, locale });
const list = (user: string, query: Record<string, string> = {}) =>
  s().call<Page<Order>>('GET', '/sys/order/list', { token: tokens[user], query });
const detail = (user: string, id: string) =>
  s().call<OrderDetail>('GET', '/sys/order/queryById', { token: tokens[user], query: { id } });
const balanceOf = async (company: string) => (await s().app.services.ledger.balanceOf(company)).balance;

/** An order of `user`'s company, as the simulator and tests see it. */
async function newOrder(
  user: string,
  amount = '100.00',
  method: 'card' | 'crypto' = 'card',
): Promise<SimOrder> {
  const { orderId } = expectOk(await create(user, { amount, method }));
  const order = (await s().app.services.payments.find(orderId))!;
  return order;
}

/** Posts a Stripe event to the webhook, signed (now, unless a timestamp is given). */
async function stripe(
  body: unknown,
  options: { timestamp?: number; signature?: string; locale?: string } = {},
) {
  const adapter = (await s().app.services.payments.providers.adapter('stripe')) as unknown as {
    sign(p: string, t?: number): string;
  };
  const raw = JSON.stringify(body);
  return s().call<{ outcome: string; state: string | null }>('POST', '/payments/webhook/stripe', {
    rawBody: raw,
    contentType: 'application/json; charset=utf-8',
    headers: { 'stripe-signature': options.signature ?? adapter.sign(raw, options.timestamp) },
    locale: options.locale,
  });
}

async function ipn(body: unknown, signature?: string) {
  const adapter = (await s().app.services.payments.providers.adapter('nowpayments')) as unknown as {
    sign(p: unknown): string;
  };
  return s().call<{ outcome: string; state: string | null }>('POST', '/payments/webhook/nowpayments', {
    rawBody: JSON.stringify(body),
    contentType: 'application/json',
    headers: { 'x-nowpayments-sig': signature ?? adapter.sign(body) },
  });
}
const crypto = (status: NowPaymentsStatus, order: SimOrder, actuallyPaid?: number) =>
  ipn(nowPaymentsIpn(status, order, { actuallyPaid }));

async function topupEntries(order: { id: string; companyId?: string }) {
  return s()
    .app.database.db.select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'topup'), eq(ledgerEntries.idempotencyKey, order.id)));
}

describe('POST /sys/order/create', () => {
  it('opens a pending order of the caller’s company and answers the checkout (the simulator’s)', async () => {
    const { orderId, checkoutUrl } = expectOk(await create('customer', { amount: '120.50', method: 'card' }));
    expect(checkoutUrl).toBe(`/api/payments/sim/checkout/${orderId}`);
    const order = expectOk(await detail('customer', orderId));
    expect(order).toMatchObject({
      companyId: DIRECT,
      companyName: 'Direct Retail Ltd',
      method: 'card',
      provider: 'stripe',
      state: 'pending_payment',
      amountRequested: '120.500000',
      amountPaid: '0.000000',
      currency: 'USD',
      createdByUsername: 'customer',
    });
    expect(order.providerReference).toMatch(/^cs_sim_/);
    expect(order.history).toEqual([
      expect.objectContaining({ from: null, to: 'pending_payment', source: 'create' }),
    ]);
    // Card orders expire after an hour, crypto after two.
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBeGreaterThan(
      59 * 60_000,
    );
    const c = expectOk(await create('customer', { amount: '50', method: 'crypto' }));
    const cOrder = expectOk(await detail('customer', c.orderId));
    expect(cOrder.provider).toBe('nowpayments');
    expect(new Date(cOrder.expiresAt).getTime() - new Date(cOrder.createdAt).getTime()).toBeGreaterThan(
      119 * 60_000,
    );
  });

  it.each([
    ['49.99', 'amount must be between 50 and 50000', 'amount必须在50到50000之间'],
    ['50000.01', 'amount must be between 50 and 50000', 'amount必须在50到50000之间'],
    ['100.001', 'amount may have at most 2 decimal places', 'amount最多2位小数'],
    ['abc', 'amount must be an amount such as 12.50', 'amount必须是金额，例如 12.50'],
  ])('refuses the amount %s in both languages', async (amount, en, zh) => {
    expectFieldError(await create('customer', { amount, method: 'card' }), 'amount', en);
    expectFieldError(await create('customer', { amount, method: 'card' }, ZH), 'amount', zh);
  });

  it('accepts the limits and refuses an unknown method or a missing amount', async () => {
    expectOk(await create('customer', { amount: '50', method: 'card' }));
    expectOk(await create('customer', { amount: '50000.00', method: 'crypto' }));
    expectFieldError(await create('customer', { amount: '60', method: 'paypal' }), 'method', /method/);
    expectFieldError(await create('customer', { method: 'card' }), 'amount', /amount/);
    expect((await create('customer', { amount: 60, method: 'card' })).status).toBe(400);
  });

  it('is for users of a company with the permission; staff have no balance to top up', async () => {
    expect(
      (await s().call('POST', '/sys/order/create', { body: { amount: '60', method: 'card' } })).status,
    ).toBe(401);
    expect((await create('sales', { amount: '60', method: 'card' })).status).toBe(403);
    const admin = await create('admin', { amount: '60', method: 'card' });
    expect(admin.status).toBeGreaterThanOrEqual(400);
    expect(admin.status).toBeLessThan(500);
    expectOk(await create('agent', { amount: '60', method: 'card' }));
  });
});

describe('GET /sys/order/list and queryById: the caller’s scope', () => {
  let direct: SimOrder;
  let agencyClient: SimOrder;
  beforeAll(async () => {
    direct = await newOrder('customer', '75.00');
    agencyClient = await newOrder('agentcustomer', '80.00', 'crypto');
  });

  const ids = async (user: string, query: Record<string, string> = {}) =>
    expectOk(await list(user, { pageSize: '500', ...query })).records.map((o) => o.id);

  it('a customer sees its own company’s orders only', async () => {
    expect(await ids('customer')).toContain(direct.id);
    expect(await ids('customer')).not.toContain(agencyClient.id);
    expect(await ids('customer2')).not.toContain(direct.id);
    expectError(await detail('customer2', direct.id), 404, 'NOT_FOUND');
  });

  it('a reseller sees its subtree; an agent never another reseller’s customers', async () => {
    expect(await ids('agent')).toContain(agencyClient.id);
    expect(await ids('agent')).not.toContain(direct.id);
    expect(await ids('distributor')).toContain(agencyClient.id);
    expectError(await detail('agent', direct.id), 404, 'NOT_FOUND');
    expectOk(await detail('distributor', agencyClient.id));
    expectError(await list('agent', { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
    expect(await ids('agent', { companyId: AGENCY_CLIENT })).toEqual(
      expect.arrayContaining([agencyClient.id]),
    );
  });

  it('staff see every company’s orders, filtered by state, method and date', async () => {
    const all = await ids('admin');
    expect(all).toEqual(expect.arrayContaining([direct.id, agencyClient.id]));
    // Sales see the companies assigned to them (the demo gives them Direct Retail), no others.
    const sales = await ids('sales');
    expect(sales).toContain(direct.id);
    expect(sales).not.toContain(agencyClient.id);
    const crypto = await ids('admin', { method: 'crypto' });
    expect(crypto).toContain(agencyClient.id);
    expect(crypto).not.toContain(direct.id);
    expect(await ids('admin', { state: 'finished' })).not.toContain(direct.id);
    expect(await ids('admin', { state: 'pending_payment' })).toContain(direct.id);
    expect(await ids('admin', { from: '2100-12-31' })).toEqual([]);
    expect(await ids('admin', { to: '2000-01-01' })).toEqual([]);
    // A day filter includes its day: from=D&to=D lists the orders made on D.
    const order = expectOk(await list('admin', { pageSize: '500' })).records.find((o) => o.id === direct.id)!;
    const day = String(order.createdAt).slice(0, 10);
    expect(await ids('admin', { from: day, to: day })).toContain(direct.id);
  });

  it('refuses bad filters with a 400 envelope', async () => {
    expectFieldError(await list('admin', { state: 'nope' }), 'state', /state/);
    expectFieldError(await list('admin', { from: 'yesterday' }), 'from', /from/);
    expectFieldError(await detail('admin', 'not-a-uuid'), 'id', /id/);
    expect((await s().call('GET', '/sys/order/list')).status).toBe(401);
  });
});

describe('card webhooks (Stripe)', () => {
  it('a paid Checkout Session credits the order once and finishes it', async () => {
    const order = await newOrder('customer2', '120.00');
    const company = companyId('Two-Way Logistics');
    const before = await balanceOf(company);
    const event = stripeSessionEvent('checkout.session.completed', order);
    expect(expectOk(await stripe(event))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(await balanceOf(company)).toBe(before + units(120));
    // The same event again (Stripe retries), and the same news under another id: nothing more.
    expect(expectOk(await stripe(event)).outcome).toBe('duplicate');
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.completed', order))).outcome).toBe(
      'unchanged',
    );
    expect(await balanceOf(company)).toBe(before + units(120));
    expect(await topupEntries(order)).toHaveLength(1);
    const seen = expectOk(await detail('customer2', order.id));
    expect(seen).toMatchObject({ state: 'finished', amountPaid: '120.000000', amountCredited: '120.000000' });
    expect(seen.history.map((h) => [h.from, h.to, h.source])).toEqual([
      [null, 'pending_payment', 'create'],
      ['pending_payment', 'paid', 'stripe'],
      ['paid', 'top_up_success', 'ledger'],
      ['top_up_success', 'finished', 'ledger'],
    ]);
    // What the customer sees on the balance call.
    const b = expectOk(await s().call<Balance>('GET', '/sys/balance', { token: tokens.customer2 }));
    expect(b.balance).toBe(formatMoney(before + units(120)));
  });

  it('refuses a bad signature, a missing one and a stale timestamp (400, both languages), changing nothing', async () => {
    const order = await newOrder('customer');
    const before = await balanceOf(DIRECT);
    const event = stripeSessionEvent('checkout.session.completed', order);
    expectError(await stripe(event, { signature: 't=1,v1=deadbeef' }), 400, 'PAYMENT_SIGNATURE_INVALID');
    expectError(
      await stripe(event, { signature: 't=1,v1=deadbeef', locale: ZH }),
      400,
      'PAYMENT_SIGNATURE_INVALID',
      {
        locale: ZH,
      },
    );
    expect(text('PAYMENT_SIGNATURE_INVALID', ZH)).toBe('支付通知签名无效');
    const stale = Math.floor(Date.now() / 1000) - 600;
    expectError(await stripe(event, { timestamp: stale }), 400, 'PAYMENT_SIGNATURE_INVALID');
    const unsigned = await s().call('POST', '/payments/webhook/stripe', {
      rawBody: JSON.stringify(event),
      contentType: 'application/json',
    });
    expectError(unsigned, 400, 'PAYMENT_SIGNATURE_INVALID');
    // Signed over other bytes than those sent (a tampered amount).
    const adapter = (await s().app.services.payments.providers.adapter('stripe')) as unknown as {
      sign(p: string): string;
    };
    const tampered = await s().call('POST', '/payments/webhook/stripe', {
      rawBody: JSON.stringify({ ...event, id: 'evt_other' }),
      contentType: 'application/json',
      headers: { 'stripe-signature': adapter.sign(JSON.stringify(event)) },
    });
    expectError(tampered, 400, 'PAYMENT_SIGNATURE_INVALID');
    expect(await balanceOf(DIRECT)).toBe(before);
    expect((await s().app.services.payments.find(order.id))!.state).toBe('pending_payment');
    const recorded = await s()
      .app.database.db.select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toEqual([]);
  });

  it('an expired session closes the order; a payment event after it is recorded as a payment to resolve', async () => {
    const order = await newOrder('customer');
    const before = await balanceOf(DIRECT);
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.expired', order)))).toEqual({
      outcome: 'applied',
      state: 'expired',
    });
    const late = stripeSessionEvent('checkout.session.completed', order);
    expect(expectOk(await stripe(late))).toEqual({ outcome: 'to_resolve', state: 'expired' });
    expect(await balanceOf(DIRECT)).toBe(before);
    const [row] = await s()
      .app.database.db.select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, late.id));
    expect(row).toMatchObject({ outcome: 'to_resolve', orderId: order.id });
    expect(row!.detail).toContain('paid refused in state expired');
  });

  it('a delayed payment completed unpaid waits; async failure fails it', async () => {
    const order = await newOrder('customer');
    expect(
      expectOk(
        await stripe(stripeSessionEvent('checkout.session.completed', order, { paymentStatus: 'unpaid' })),
      ),
    ).toEqual({ outcome: 'unchanged', state: 'pending_payment' });
    expect(
      expectOk(await stripe(stripeSessionEvent('checkout.session.async_payment_failed', order))),
    ).toEqual({
      outcome: 'applied',
      state: 'order_failed',
    });
  });

  it('answers 200 for a verified notification of no known order (the provider stops sending)', async () => {
    const ghost: SimOrder = {
      id: '00000000-0000-4000-8000-000000000000',
      method: 'card',
      amountRequested: units(60),
      currency: 'USD',
      providerReference: 'cs_sim_ghost',
    };
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.completed', ghost))).outcome).toBe(
      'unknown_order',
    );
  });

  it('refuses a crypto notification for a card order', async () => {
    const order = await newOrder('customer');
    expect(expectOk(await crypto('finished', order, 100)).outcome).toBe('unknown_order');
    expect((await s().app.services.payments.find(order.id))!.state).toBe('pending_payment');
  });
});

describe('card refunds (Stripe charge.refunded)', () => {
  const TWO_WAY = companyId('Two-Way Logistics');
  const refundEntries = (order: { id: string }) =>
    s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `${order.id}:refund`));
  const eventOf = async (eventId: string) =>
    (await s().app.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0];

  it('a refund after the credit refunds the order and takes the credit back once, whatever repeats', async () => {
    const order = await newOrder('customer2', '90.00');
    const before = await balanceOf(TWO_WAY);
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.completed', order))).state).toBe(
      'finished',
    );
    expect(await balanceOf(TWO_WAY)).toBe(before + units(90));
    const refund = stripeChargeRefunded(order);
    expect(expectOk(await stripe(refund))).toEqual({ outcome: 'applied', state: 'refunded' });
    expect(await balanceOf(TWO_WAY)).toBe(before);
    // Stripe retries the same event; the same news under another id; the paying event late.
    expect(expectOk(await stripe(refund)).outcome).toBe('duplicate');
    expect(expectOk(await stripe(stripeChargeRefunded(order))).outcome).toBe('unchanged');
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.completed', order))).outcome).toBe(
      'unchanged',
    );
    expect(await balanceOf(TWO_WAY)).toBe(before);
    const entries = await refundEntries(order);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: -units(90),
      reference: `order:${order.id}`,
    });
    const seen = expectOk(await detail('customer2', order.id));
    expect(seen).toMatchObject({ state: 'refunded', amountCredited: '90.000000' });
    expect(seen.history.map((h) => [h.from, h.to, h.source])).toEqual([
      [null, 'pending_payment', 'create'],
      ['pending_payment', 'paid', 'stripe'],
      ['paid', 'top_up_success', 'ledger'],
      ['top_up_success', 'finished', 'ledger'],
      ['finished', 'refunded', 'stripe'],
    ]);
    // The customer's ledger shows the credit and its reversal.
    expect(seen.history.at(-1)!.detail).toContain('charge.refunded');
  });

  it('out of order: a refund before the payment refunds the order, and nothing is ever credited', async () => {
    const order = await newOrder('customer2', '95.00');
    const before = await balanceOf(TWO_WAY);
    expect(expectOk(await stripe(stripeChargeRefunded(order))).state).toBe('refunded');
    const late = await stripe(stripeSessionEvent('checkout.session.completed', order));
    expect(expectOk(late)).toEqual({ outcome: 'unchanged', state: 'refunded' });
    expect(await balanceOf(TWO_WAY)).toBe(before);
    expect(await topupEntries(order)).toHaveLength(0);
    expect(await refundEntries(order)).toHaveLength(0);
    const seen = expectOk(await detail('customer2', order.id));
    expect(seen).toMatchObject({ amountPaid: '95.000000', amountCredited: '0.000000' });
    expect(seen.history.map((h) => [h.from, h.to])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
      ['paid', 'refunded'],
    ]);
  });

  it('a refund of a credit already spent still reverses it in full and flags the order for an operator', async () => {
    const order = await newOrder('customer2', '100.00');
    await stripe(stripeSessionEvent('checkout.session.completed', order));
    // Spend everything the company has, and 30 more than the refund will leave.
    const balance = await balanceOf(TWO_WAY);
    expectOk(
      await s().call('POST', '/sys/balance/adjust', {
        token: tokens.admin,
        body: {
          companyId: TWO_WAY,
          direction: 'debit',
          amount: formatMoney(balance - units(70)),
          reason: 'spent on traffic',
          idempotencyKey: `refund-spend-${order.id}`,
        },
      }),
    );
    expect(await balanceOf(TWO_WAY)).toBe(units(70));
    const refund = stripeChargeRefunded(order);
    expect(expectOk(await stripe(refund))).toEqual({ outcome: 'applied', state: 'refunded' });
    // The money is gone: the balance says so, 30 below zero (the credit limit is 0).
    expect(await balanceOf(TWO_WAY)).toBe(-units(30));
    expect(await refundEntries(order)).toHaveLength(1);
    const last = expectOk(await detail('admin', order.id)).history.at(-1)!;
    expect(last.to).toBe('refunded');
    expect(last.detail).toContain('REVERSAL_OVERDRAWN');
    expect(last.detail).toContain('30.00 past the credit limit 0.00');
    expect((await eventOf(refund.id))?.detail).toContain('REVERSAL_OVERDRAWN');
    // Nothing more is spent from it: a debit is refused below the floor.
    expectError(
      await s().call('POST', '/sys/balance/adjust', {
        token: tokens.admin,
        body: {
          companyId: TWO_WAY,
          direction: 'debit',
          amount: '1',
          reason: 'more traffic',
          idempotencyKey: `refund-spend-more-${order.id}`,
        },
      }),
      400,
      'BALANCE_INSUFFICIENT',
    );
    // Put the demo company back where a later test expects money.
    expectOk(
      await s().call('POST', '/sys/balance/adjust', {
        token: tokens.admin,
        body: {
          companyId: TWO_WAY,
          direction: 'credit',
          amount: formatMoney(balance),
          reason: 'restored',
          idempotencyKey: `refund-restore-${order.id}`,
        },
      }),
    );
  });

  it('a partial refund is recorded as refused for an operator, and changes nothing', async () => {
    const order = await newOrder('customer2', '80.00');
    await stripe(stripeSessionEvent('checkout.session.completed', order));
    const before = await balanceOf(TWO_WAY);
    const partial = stripeChargeRefunded(order, { amountRefunded: units(30) });
    expect(expectOk(await stripe(partial))).toEqual({ outcome: 'refused', state: 'finished' });
    expect(await balanceOf(TWO_WAY)).toBe(before);
    expect(await eventOf(partial.id)).toMatchObject({ outcome: 'refused' });
    expect((await eventOf(partial.id))?.detail).toContain('partial refund of 3000 of 8000 cents');
    // The rest refunded later: the whole charge is refunded, and the whole credit taken back.
    expect(expectOk(await stripe(stripeChargeRefunded(order))).state).toBe('refunded');
    expect(await balanceOf(TWO_WAY)).toBe(before - units(80));
  });

  it('refuses a refund signed with another secret, and one of an order the provider never saw', async () => {
    const order = await newOrder('customer2', '85.00');
    await stripe(stripeSessionEvent('checkout.session.completed', order));
    const before = await balanceOf(TWO_WAY);
    const bad = await stripe(stripeChargeRefunded(order), { signature: 't=1,v1=deadbeef' });
    expectError(bad, 400, 'PAYMENT_SIGNATURE_INVALID');
    const unknown = stripeChargeRefunded({ ...order, id: '00000000-0000-4000-8000-000000000000' });
    expect(expectOk(await stripe(unknown)).outcome).toBe('unknown_order');
    // A crypto order is never refunded by a Stripe notification.
    const cryptoOrder = await newOrder('customer2', '85.00', 'crypto');
    expect(expectOk(await stripe(stripeChargeRefunded(cryptoOrder))).outcome).toBe('unknown_order');
    expect(await balanceOf(TWO_WAY)).toBe(before);
    expect((await s().app.services.payments.find(order.id))!.state).toBe('finished');
  });
});

describe('crypto webhooks (NOWPayments IPN)', () => {
  it('walks waiting → confirming → confirmed → finished and credits once', async () => {
    const order = await newOrder('agentcustomer', '200.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    expect(expectOk(await crypto('waiting', order)).state).toBe('pending_payment');
    expect(expectOk(await crypto('confirming', order, 200)).state).toBe('chain_confirming');
    expect(expectOk(await crypto('confirmed', order, 200)).state).toBe('chain_confirmed');
    const finished = nowPaymentsIpn('finished', order, { actuallyPaid: 200 });
    expect(expectOk(await ipn(finished)).state).toBe('finished');
    // The same notification again (NOWPayments repeats IPNs), and the same news sent anew.
    expect(expectOk(await ipn(finished)).outcome).toBe('duplicate');
    expect(expectOk(await crypto('finished', order, 200)).outcome).toBe('unchanged');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(200));
  });

  it('out of order: finished first, then confirming and confirmed are refused; credited once', async () => {
    const order = await newOrder('agentcustomer', '90.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    expect(expectOk(await crypto('finished', order, 90)).state).toBe('finished');
    expect(expectOk(await crypto('confirming', order, 90)).outcome).toBe('refused');
    expect(expectOk(await crypto('confirmed', order, 90)).outcome).toBe('refused');
    expect(expectOk(await crypto('waiting', order)).outcome).toBe('unchanged');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(90));
    expect(await topupEntries(order)).toHaveLength(1);
  });

  it('refuses a bad HMAC (400) and a body signed for other content', async () => {
    const order = await newOrder('agentcustomer', '90.00', 'crypto');
    const body = nowPaymentsIpn('finished', order, { actuallyPaid: 90 });
    expectError(await ipn(body, 'ab'.repeat(64)), 400, 'PAYMENT_SIGNATURE_INVALID');
    expectError(await ipn(body, 'nothex'), 400, 'PAYMENT_SIGNATURE_INVALID');
    const adapter = (await s().app.services.payments.providers.adapter('nowpayments')) as unknown as {
      sign(p: unknown): string;
    };
    expectError(
      await ipn({ ...body, price_amount: 9000 }, adapter.sign(body)),
      400,
      'PAYMENT_SIGNATURE_INVALID',
    );
    // Keys in another order sign the same (the signature is over the sorted body).
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(expectOk(await ipn(reordered, adapter.sign(body))).state).toBe('finished');
  });

  it('partially paid stays open, grows, and on expiry credits what was paid, then finishes', async () => {
    const order = await newOrder('agentcustomer', '100.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    expect(expectOk(await crypto('partially_paid', order, 30))).toEqual({
      outcome: 'applied',
      state: 'partially_paid',
    });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before);
    expect(expectOk(await crypto('partially_paid', order, 45.5)).outcome).toBe('applied');
    // An older, smaller report arriving late does not shrink it.
    expect(expectOk(await crypto('partially_paid', order, 20)).outcome).toBe('unchanged');
    expect((await s().app.services.payments.find(order.id))!.amountPaid).toBe(units(45) + 500_000n);
    expect(expectOk(await crypto('expired', order, 45.5))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(45) + 500_000n);
    const seen = expectOk(await detail('agentcustomer', order.id));
    expect(seen).toMatchObject({
      amountRequested: '100.000000',
      amountPaid: '45.500000',
      amountCredited: '45.500000',
    });
    expect(seen.history.map((h) => h.to)).toEqual([
      'pending_payment',
      'partially_paid',
      'top_up_success',
      'finished',
    ]);
    // A late "finished": the rest is credited (issue 20), once; a late "confirming" changes nothing.
    expect(expectOk(await crypto('finished', order, 100))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(expectOk(await crypto('finished', order, 100)).outcome).toBe('unchanged');
    expect(expectOk(await crypto('confirming', order, 100)).outcome).toBe('refused');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(100));
  });

  it('an expiry reporting a partial payment whose own notification was lost settles it', async () => {
    const order = await newOrder('agentcustomer', '100.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    await crypto('confirming', order, 50);
    expect(expectOk(await crypto('expired', order, 50))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(50));
    // The lost one arriving at last changes nothing.
    expect(expectOk(await crypto('partially_paid', order, 50)).outcome).toBe('refused');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(50));
  });

  it('the rest arriving while partially paid completes the order at the full amount', async () => {
    const order = await newOrder('agentcustomer', '60.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    await crypto('partially_paid', order, 10);
    await crypto('confirming', order, 60);
    expect(expectOk(await crypto('finished', order, 60)).state).toBe('finished');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(60));
  });

  it('a refund after the credit takes the money back through the ledger, once', async () => {
    const order = await newOrder('agentcustomer', '70.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    await crypto('finished', order, 70);
    const refund = nowPaymentsIpn('refunded', order, { actuallyPaid: 70 });
    expect(expectOk(await ipn(refund)).state).toBe('refunded');
    expect(expectOk(await ipn(refund)).outcome).toBe('duplicate');
    expect(expectOk(await crypto('refunded', order, 70)).outcome).toBe('unchanged');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before);
  });
});

describe('the expiry job', () => {
  it('times out unpaid orders past their time, settles partly paid ones, leaves the rest', async () => {
    const unpaid = await newOrder('customer', '55.00');
    const partial = await newOrder('agentcustomer', '100.00', 'crypto');
    const fresh = await newOrder('customer', '56.00');
    await crypto('partially_paid', partial, 25);
    const db = s().app.database.db;
    for (const id of [unpaid.id, partial.id]) {
      await db
        .update(topUpOrders)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(topUpOrders.id, id));
    }
    const before = await balanceOf(AGENCY_CLIENT);
    const run = await s().app.jobs.runNow('payments.orders.expire');
    expect(run.status).toBe('ok');
    expect(run.result).toMatchObject({ timedOut: expect.any(Number), settled: expect.any(Number) });
    const p = s().app.services.payments;
    expect((await p.find(unpaid.id))!.state).toBe('timed_out');
    expect((await p.find(unpaid.id))!.history.at(-1)).toMatchObject({ source: 'expiry' });
    expect((await p.find(partial.id))!.state).toBe('finished');
    expect((await p.find(fresh.id))!.state).toBe('pending_payment');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(25));
    // Run again: nothing more.
    await s().app.jobs.runNow('payments.orders.expire');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(25));
    // A card payment arriving after our own time-out is still taken (the provider has the money).
    const beforeDirect = await balanceOf(DIRECT);
    expect(expectOk(await stripe(stripeSessionEvent('checkout.session.completed', unpaid))).state).toBe(
      'finished',
    );
    expect(await balanceOf(DIRECT)).toBe(beforeDirect + units(55));
  });
});

describe('the simulator (demo mode)', () => {
  it('serves a checkout page in both languages and, on Pay, the signed notifications finish the order', async () => {
    const order = await newOrder('customer2', '66.00');
    const company = companyId('Two-Way Logistics');
    const before = await balanceOf(company);
    const page = await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Payment simulator');
    expect(html).toContain('66.00 USD');
    const zh = await (await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}?lang=zh-CN`)).text();
    expect(zh).toContain('支付模拟器');
    // The order's state in the reader's language, not its code (issue 28 item 5).
    expect(zh).toContain('<dd>待支付</dd>');
    expect(zh).not.toContain('pending_payment</dd>');
    expect(html).toContain('<dd>Pending payment</dd>');
    // What a browser's form sends.
    const pay = await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(pay.status).toBe(200);
    expect(await pay.text()).toContain('/SysCustomerPay?order=');
    await eventually(
      async () => expect((await s().app.services.payments.find(order.id))!.state).toBe('finished'),
      10_000,
    );
    expect(await balanceOf(company)).toBe(before + units(66));
  });

  it('crypto: pay part, then the invoice expires and what was paid is credited', async () => {
    const order = await newOrder('customer2', '80.00', 'crypto');
    const company = companyId('Two-Way Logistics');
    const before = await balanceOf(company);
    const res = await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}/part`, { method: 'POST' });
    expect(res.status).toBe(200);
    await eventually(
      async () => expect((await s().app.services.payments.find(order.id))!.state).toBe('finished'),
      10_000,
    );
    expect(await balanceOf(company)).toBe(before + units(40));
  });

  it('card: a paid order’s page offers a refund, whose signed notification refunds it', async () => {
    const order = await newOrder('customer2', '77.00');
    const company = companyId('Two-Way Logistics');
    const before = await balanceOf(company);
    // No refund of an open checkout: the page offers paying, and a refund there changes nothing.
    expect(await (await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}`)).text()).not.toContain(
      '/refund?',
    );
    await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}/pay`, { method: 'POST' });
    await eventually(
      async () => expect((await s().app.services.payments.find(order.id))!.state).toBe('finished'),
      10_000,
    );
    const en = await (await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}`)).text();
    expect(en).toContain('Refund the payment');
    expect(en).toContain(`/api/payments/sim/checkout/${order.id}/refund?lang=en-US`);
    const zh = await (await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}?lang=zh-CN`)).text();
    expect(zh).toContain('退款');
    const sent = await fetch(`${s().baseUrl}/api/payments/sim/checkout/${order.id}/refund`, {
      method: 'POST',
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Refund sent');
    await eventually(
      async () => expect((await s().app.services.payments.find(order.id))!.state).toBe('refunded'),
      10_000,
    );
    expect(await balanceOf(company)).toBe(before);
    // A crypto order has no refund button (NOWPayments refunds are not simulated).
    const c = await newOrder('customer2', '66.00', 'crypto');
    expect((await s().call('POST', `/payments/sim/checkout/${c.id}/refund`)).status).toBe(400);
  });

  it('answers 404 envelopes for unknown orders and 400 for unknown actions', async () => {
    const missing = await s().call('GET', '/payments/sim/checkout/00000000-0000-4000-8000-000000000000');
    expectError(missing, 404, 'NOT_FOUND');
    expectError(await s().call('GET', '/payments/sim/checkout/nope'), 404, 'NOT_FOUND');
    const order = await newOrder('customer2', '66.00');
    expect((await s().call('POST', `/payments/sim/checkout/${order.id}/steal`)).status).toBe(400);
    // A card order has no "pay part".
    expect((await s().call('POST', `/payments/sim/checkout/${order.id}/part`)).status).toBe(400);
  });
});

describe('payouts', () => {
  const createPayout = (user: string, body: Record<string, unknown>, locale = EN) =>
    s().call<Payout>('POST', '/sys/order/createPayout', { token: tokens[user], body, locale });
  const decide = (user: string, action: 'approve' | 'reject', body: Record<string, unknown>) =>
    s().call<Payout>('PUT', `/sys/order/payout/${action}`, { token: tokens[user], body });
  const commissionOf = async (company: string) =>
    (await s().app.services.ledger.balanceOf(company)).commission;

  beforeAll(async () => {
    await s().app.services.ledger.post([
      { companyId: ACME, kind: 'commission', amount: units(50), idempotencyKey: 'payout-test-seed' },
    ]);
  });

  it('a reseller asks for at most its commission not already asked for', async () => {
    const first = expectOk(await createPayout('agent', { amount: '30', note: 'November' }));
    expect(first).toMatchObject({
      companyId: ACME,
      amount: '30.000000',
      state: 'pending',
      requestedByUsername: 'agent',
    });
    expectError(await createPayout('agent', { amount: '30' }), 400, 'PAYOUT_OVER_COMMISSION', {
      params: { available: '20.00' },
    });
    expectError(await createPayout('agent', { amount: '30' }, ZH), 400, 'PAYOUT_OVER_COMMISSION', {
      locale: ZH,
      params: { available: '20.00' },
    });
    expectFieldError(await createPayout('agent', { amount: '0' }), 'amount', /amount/);
    expect((await createPayout('customer', { amount: '1' })).status).toBe(403);
    expect((await createPayout('admin', { amount: '1' })).status).toBeGreaterThanOrEqual(400);
    // Nothing moved yet.
    expect(await commissionOf(ACME)).toBe(units(50));
  });

  it('staff approve once (commission debited through the ledger), reject with a reason (nothing moves)', async () => {
    const payouts = expectOk(
      await s().call<Page<Payout>>('GET', '/sys/order/payoutList', {
        token: tokens.admin,
        query: { companyId: ACME },
      }),
    ).records;
    const pending = payouts.find((p) => p.state === 'pending')!;
    expect((await decide('agent', 'approve', { id: pending.id })).status).toBe(403);
    const approved = expectOk(await decide('admin', 'approve', { id: pending.id, reason: 'bank ref 42' }));
    expect(approved).toMatchObject({
      state: 'approved',
      decidedByUsername: 'admin',
      decisionReason: 'bank ref 42',
    });
    expect(await commissionOf(ACME)).toBe(units(20));
    expectError(await decide('admin', 'approve', { id: pending.id }), 409, 'PAYOUT_NOT_PENDING');
    expectError(await decide('admin', 'reject', { id: pending.id, reason: 'x' }), 409, 'PAYOUT_NOT_PENDING');
    expect(await commissionOf(ACME)).toBe(units(20));
    const entries = await s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payout:${pending.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'payout', account: 'commission', amount: -units(30) });

    const second = expectOk(await createPayout('agent', { amount: '20' }));
    expectFieldError(
      await decide('admin', 'reject', { id: second.id, reason: 'x'.repeat(300) }),
      'reason',
      /reason/,
    );
    expectError(await decide('admin', 'reject', { id: second.id }), 400, 'FIELD_REQUIRED', {
      message: false,
    });
    const rejected = expectOk(
      await decide('admin', 'reject', { id: second.id, reason: 'wrong bank details' }),
    );
    expect(rejected).toMatchObject({ state: 'rejected', decisionReason: 'wrong bank details' });
    expect(await commissionOf(ACME)).toBe(units(20));
    // Rejected money is available again.
    expectOk(await createPayout('agent', { amount: '20' }));
  });

  it('an approval the commission no longer covers is refused and the request stays pending', async () => {
    const list = expectOk(
      await s().call<Page<Payout>>('GET', '/sys/order/payoutList', {
        token: tokens.admin,
        query: { state: 'pending' },
      }),
    ).records;
    const pending = list.find((p) => p.companyId === ACME)!;
    // Commission spent elsewhere meanwhile (an adjustment by staff).
    await s().app.services.ledger.post([
      {
        companyId: ACME,
        account: 'commission',
        kind: 'adjustment',
        amount: -units(15),
        idempotencyKey: 'payout-test-spend',
      },
    ]);
    expectError(await decide('admin', 'approve', { id: pending.id }), 400, 'BALANCE_INSUFFICIENT');
    expect(await commissionOf(ACME)).toBe(units(5));
  });

  it('lists in scope: a reseller its subtree, staff all, customers nothing', async () => {
    const agentList = expectOk(
      await s().call<Page<Payout>>('GET', '/sys/order/payoutList', { token: tokens.agent }),
    );
    expect(agentList.records.length).toBeGreaterThan(0);
    expect(agentList.records.every((p) => p.companyId === ACME)).toBe(true);
    const distributorList = expectOk(
      await s().call<Page<Payout>>('GET', '/sys/order/payoutList', { token: tokens.distributor }),
    );
    expect(distributorList.records.map((p) => p.id)).toEqual(
      expect.arrayContaining(agentList.records.map((p) => p.id)),
    );
    expect((await s().call('GET', '/sys/order/payoutList', { token: tokens.customer })).status).toBe(403);
    expectError(
      await decide('admin', 'approve', { id: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );
  });
});

/** Proves the books after money moved: every balance its ledger, every order its ledger credits. */
async function expectReconciled() {
  expect((await s().app.services.ledger.reconcile()).differences).toEqual([]);
  expect((await s().app.services.payments.issues.reconcile()).creditDifferences).toEqual([]);
}

/** Makes an order due for the expiry job (its time passed). */
const makeDue = (id: string) =>
  s()
    .app.database.db.update(topUpOrders)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(topUpOrders.id, id));

describe('money after an order closed (issue 20)', () => {
  const issues = async (query: Record<string, string> = {}) =>
    expectOk(
      await s().call<Page<PaymentIssue>>('GET', '/sys/order/paymentIssueList', {
        token: tokens.admin,
        query: { pageSize: '500', ...query },
      }),
    ).records;
  const resolve = (body: Record<string, unknown>, locale = EN) =>
    s().call<PaymentIssue>('PUT', '/sys/order/paymentIssue/resolve', { token: tokens.admin, body, locale });

  it('partially paid 40, settled by the expiry job, then finished for 100: the other 60 credited once', async () => {
    const order = await newOrder('agentcustomer', '100.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    expect(expectOk(await crypto('partially_paid', order, 40)).state).toBe('partially_paid');
    await makeDue(order.id);
    expect((await s().app.jobs.runNow('payments.orders.expire')).status).toBe('ok');
    expect((await s().app.services.payments.find(order.id))!).toMatchObject({
      state: 'finished',
      amountCredited: units(40),
    });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(40));
    await expectReconciled();

    // The provider's word that the whole invoice was paid, after our job closed the order.
    const finished = nowPaymentsIpn('finished', order, { actuallyPaid: 100 });
    expect(expectOk(await ipn(finished))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(100));
    // Replayed as it was, and the same news in a new notification: nothing more.
    expect(expectOk(await ipn(finished)).outcome).toBe('duplicate');
    expect(expectOk(await crypto('finished', order, 100)).outcome).toBe('unchanged');
    expect(expectOk(await crypto('partially_paid', order, 40)).outcome).toBe('refused');
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(100));
    const credits = await s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'topup'), eq(ledgerEntries.reference, `order:${order.id}`)));
    expect(credits.map((e) => formatMoney(e.amount, 2)).sort()).toEqual(['40.00', '60.00']);

    // Visible on the order: requested, credited, the difference, and how it came.
    const seen = expectOk(await detail('agentcustomer', order.id));
    expect(seen).toMatchObject({
      state: 'finished',
      amountRequested: '100.000000',
      amountPaid: '100.000000',
      amountCredited: '100.000000',
      difference: '0.000000',
    });
    expect(seen.history.map((h) => [h.from, h.to, h.source])).toEqual([
      [null, 'pending_payment', 'create'],
      ['pending_payment', 'partially_paid', 'nowpayments'],
      ['partially_paid', 'top_up_success', 'ledger'],
      ['top_up_success', 'finished', 'ledger'],
      ['finished', 'top_up_success', 'ledger'],
      ['top_up_success', 'finished', 'ledger'],
    ]);
    expect(seen.history.at(-2)!.detail).toContain('60.00 more');
    await expectReconciled();
  });

  it('a card payment of less than the price is credited what was paid, the difference shown', async () => {
    const order = await newOrder('customer', '100.00');
    const before = await balanceOf(DIRECT);
    const event = stripeSessionEvent('checkout.session.completed', order);
    event.data.object.amount_total = 1;
    expect(expectOk(await stripe(event))).toEqual({ outcome: 'applied', state: 'finished' });
    expect(await balanceOf(DIRECT)).toBe(before + 10_000n);
    const seen = expectOk(await detail('customer', order.id));
    expect(seen).toMatchObject({
      amountRequested: '100.000000',
      amountPaid: '0.010000',
      amountCredited: '0.010000',
      difference: '-99.990000',
    });
    expect(seen.history.map((h) => h.to)).toEqual([
      'pending_payment',
      'partially_paid',
      'top_up_success',
      'finished',
    ]);
    expect(seen.history[1]!.detail).toContain('paid 0.01 of 100.00');
    const listed = expectOk(await list('admin', { pageSize: '500' })).records.find((o) => o.id === order.id);
    expect(listed?.difference).toBe('-99.990000');
    // The same event again changes nothing; the rest paid later would be credited then.
    expect(expectOk(await stripe(event)).outcome).toBe('duplicate');
    expect(await balanceOf(DIRECT)).toBe(before + 10_000n);
    // Paid more than the price: credited what was paid, the difference shown too.
    const over = await newOrder('customer', '100.00');
    const overEvent = stripeSessionEvent('checkout.session.completed', over);
    overEvent.data.object.amount_total = 15_000;
    expect(expectOk(await stripe(overEvent)).state).toBe('finished');
    expect(expectOk(await detail('customer', over.id))).toMatchObject({
      amountCredited: '150.000000',
      difference: '50.000000',
    });
    expect(await balanceOf(DIRECT)).toBe(before + 10_000n + units(150));
    await expectReconciled();
  });

  it('a payment for an order closed unpaid is a payment to resolve, shown to staff, credited by them once', async () => {
    const order = await newOrder('customer', '90.00');
    const before = await balanceOf(DIRECT);
    await stripe(stripeSessionEvent('checkout.session.expired', order));
    const late = stripeSessionEvent('checkout.session.completed', order);
    expect(expectOk(await stripe(late))).toEqual({ outcome: 'to_resolve', state: 'expired' });
    expect(expectOk(await stripe(late)).outcome).toBe('duplicate');
    const open = (await issues({ state: 'open' })).filter((i) => i.orderId === order.id);
    expect(open).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        eventId: late.id,
        companyId: DIRECT,
        companyName: 'Direct Retail Ltd',
        amount: '90.000000',
        currency: 'USD',
        reason: 'order_closed',
        state: 'open',
      }),
    ]);
    // The reconciliation lists it while it is open.
    const report = await s().app.services.payments.issues.reconcile();
    expect(report.paymentIssues.map((i) => i.id)).toContain(open[0]!.id);
    expect(report.openPaymentIssues).toBeGreaterThan(0);
    const job = await s().app.jobs.runNow('payments.reconcile');
    expect(job.status).toBe('ok');
    expect(job.result).toMatchObject({ creditDifferences: 0, openPaymentIssues: expect.any(Number) });
    // Staff only: a customer does not see nor resolve them.
    expect((await s().call('GET', '/sys/order/paymentIssueList', { token: tokens.customer })).status).toBe(
      403,
    );
    expect(
      (
        await s().call('PUT', '/sys/order/paymentIssue/resolve', {
          token: tokens.customer,
          body: { id: open[0]!.id, action: 'credit' },
        })
      ).status,
    ).toBe(403);
    // Staff credit it: through the ledger, once; the order shows it credited.
    const credited = expectOk(await resolve({ id: open[0]!.id, action: 'credit', note: 'paid late' }));
    expect(credited).toMatchObject({
      state: 'credited',
      amountCredited: '90.000000',
      resolvedByUsername: 'admin',
    });
    expect(await balanceOf(DIRECT)).toBe(before + units(90));
    expectError(await resolve({ id: open[0]!.id, action: 'credit' }), 409, 'PAYMENT_ISSUE_NOT_OPEN');
    expectError(await resolve({ id: open[0]!.id, action: 'credit' }, ZH), 409, 'PAYMENT_ISSUE_NOT_OPEN', {
      locale: ZH,
    });
    expect(await balanceOf(DIRECT)).toBe(before + units(90));
    expect(expectOk(await detail('customer', order.id))).toMatchObject({
      state: 'expired',
      amountCredited: '90.000000',
      difference: '0.000000',
    });
    await expectReconciled();
  });

  it('a payment of no known order, in another currency or at another price waits for staff', async () => {
    // No order we know: dismissed with a note (it cannot be credited to anyone).
    const ghost: SimOrder = {
      id: '00000000-0000-4000-8000-0000000000aa',
      method: 'card',
      amountRequested: units(70),
      currency: 'USD',
      providerReference: 'cs_sim_ghost_paid',
    };
    const paidGhost = stripeSessionEvent('checkout.session.completed', ghost);
    expect(expectOk(await stripe(paidGhost)).outcome).toBe('unknown_order');
    const unknown = (await issues()).find((i) => i.eventId === paidGhost.id)!;
    expect(unknown).toMatchObject({
      reason: 'unknown_order',
      orderId: null,
      companyId: null,
      amount: '70.000000',
    });
    expectError(await resolve({ id: unknown.id, action: 'credit' }), 400, 'PAYMENT_ISSUE_NO_COMPANY');
    expectError(await resolve({ id: unknown.id, action: 'dismiss' }), 400, 'FIELD_REQUIRED', {
      params: { field: 'note' },
    });
    expect(
      expectOk(await resolve({ id: unknown.id, action: 'dismiss', note: 'refunded at Stripe' })),
    ).toMatchObject({ state: 'dismissed', resolutionNote: 'refunded at Stripe' });

    // Another currency: not credited by itself; staff say how much it is in ours.
    const eur = await newOrder('agentcustomer', '100.00', 'crypto');
    const before = await balanceOf(AGENCY_CLIENT);
    const inEur = { ...nowPaymentsIpn('finished', eur), price_currency: 'eur' };
    expect(expectOk(await ipn(inEur))).toEqual({ outcome: 'to_resolve', state: 'pending_payment' });
    const currency = (await issues()).find((i) => i.orderId === eur.id)!;
    expect(currency).toMatchObject({ reason: 'currency_mismatch', currency: 'EUR', amount: '100.000000' });
    expectError(await resolve({ id: currency.id, action: 'credit' }), 400, 'PAYMENT_ISSUE_AMOUNT_REQUIRED', {
      params: { currency: 'EUR', platform: 'USD' },
    });
    expectError(
      await resolve({ id: currency.id, action: 'credit' }, ZH),
      400,
      'PAYMENT_ISSUE_AMOUNT_REQUIRED',
      { locale: ZH, params: { currency: 'EUR', platform: 'USD' } },
    );
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before);
    expectOk(await resolve({ id: currency.id, action: 'credit', amount: '108.50' }));
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(108) + 500_000n);

    // Another price than the order's: not credited by guesswork.
    const priced = await newOrder('agentcustomer', '100.00', 'crypto');
    const dearer = { ...nowPaymentsIpn('finished', priced), price_amount: 200, pay_amount: 200 };
    expect(expectOk(await ipn(dearer))).toEqual({ outcome: 'to_resolve', state: 'pending_payment' });
    expect((await issues()).find((i) => i.orderId === priced.id)).toMatchObject({
      reason: 'amount_mismatch',
      amount: '200.000000',
      state: 'open',
    });
    expect(await balanceOf(AGENCY_CLIENT)).toBe(before + units(108) + 500_000n);
    await expectReconciled();
  });
});

import { randomBytes } from 'node:crypto';
import {
  canTransition,
  creditDue,
  formatMoney,
  hasResellerScope,
  nextState,
  type OrderEvent,
  type OrderState,
  type OrderTransitionSource,
  orderDifference,
  type orderListQuerySchema,
  type Page,
  type PaymentIssueReason,
  type PaymentMethod,
  type PaymentProvider,
  PROVIDER_OF,
  type paymentIssueListQuerySchema,
  type payoutListQuerySchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import type { PaymentsConfig } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { DataScope } from '../../platform/scope';
import { NowPaymentsAdapter, SimulatedNowPayments } from './providers/nowpayments';
import {
  PaymentSimulator,
  REFUNDABLE,
  SIM_ACTIONS,
  SIM_AFTER_PAYMENT,
  type SimAction,
} from './providers/simulator';
import { SimulatedStripe, StripeAdapter } from './providers/stripe';
import type { PaymentProviderAdapter, ProviderEvent, WebhookHeaders } from './providers/types';
import {
  type OrderRow,
  type PaymentIssueRow,
  PaymentsRepo,
  type PayoutRow,
  type TransitionRow,
} from './repo';

export type { OrderRow, PaymentIssueRow, PayoutRow, TransitionRow } from './repo';

/** Where the simulators' webhook secrets are kept (one per database, shared by every process). */
export const SIM_SECRETS_SETTING = 'payments.simulator.secrets';
const SIM_CHECKOUT_PATH = '/api/payments/sim/checkout';

/** Events whose meaning the order already has: a repeat in other words, not a refusal. */
const ALREADY: Partial<Record<OrderEvent, readonly OrderState[]>> = {
  confirming: ['chain_confirming'],
  confirmed: ['chain_confirmed'],
  partially_paid: ['partially_paid'],
  // A payment reported after the refund of it (out of order): the order was paid, and refunded.
  paid: ['paid', 'top_up_success', 'finished', 'refunded'],
  failed: ['order_failed'],
  provider_expired: ['expired'],
  timeout: ['timed_out'],
  refunded: ['refunded'],
};

export type EventOutcome = 'applied' | 'unchanged' | 'refused' | 'unknown_order' | 'duplicate' | 'to_resolve';

/** Events that report money received. */
const PAYING: readonly OrderEvent[] = ['paid', 'partially_paid'];
/** Whether a notification reports money received (an expiry may carry a partial payment). */
const reportsMoney = (event: ProviderEvent): boolean =>
  event.event !== null &&
  (PAYING.includes(event.event) ||
    (event.event === 'provider_expired' && event.amountPaid !== undefined && event.amountPaid > 0n));
/** Closed before any money came: a payment reported later is for staff to resolve. */
const CLOSED_UNPAID: readonly OrderState[] = ['expired', 'order_failed'];
/** How many open payments to resolve the reconciliation lists (the count is always exact). */
const RECONCILE_LIST_MAX = 100;

interface Adapters {
  stripe: StripeAdapter;
  nowpayments: NowPaymentsAdapter;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Top-ups and payouts. Orders move only through the contracts' state machine (`nextState`), each
 * move recorded with its source; provider notifications are verified, recorded by event id (a
 * repeat changes nothing) and applied under the order's row lock in one transaction with the
 * ledger credit, whose idempotency key is the order id: an order is credited exactly once,
 * whatever the order, number or timing of the notifications.
 */
export class PaymentsService {
  private readonly repo: PaymentsRepo;
  private adapters: Promise<Adapters> | undefined;
  private simulator: PaymentSimulator | undefined;
  /** The address this process listens on (set by the routes once listening). */
  localUrl: () => string = () => 'http://127.0.0.1:8080';

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'ledger' | 'settings'>,
    private readonly config: PaymentsConfig,
    private readonly currency: string,
    private readonly log: Logger,
  ) {
    this.repo = new PaymentsRepo(db);
  }

  get simulated(): boolean {
    return this.config.mode === 'simulator';
  }

  /** The provider adapters: live (keys from the environment) or the simulators. */
  private adaptersOf(): Promise<Adapters> {
    this.adapters ??= (async () => {
      if (!this.simulated) {
        return {
          stripe: new StripeAdapter(
            { secretKey: this.config.stripeSecretKey, webhookSecret: this.config.stripeWebhookSecret ?? '' },
            true,
          ),
          nowpayments: new NowPaymentsAdapter(
            {
              apiKey: this.config.nowPaymentsApiKey,
              ipnSecret: this.config.nowPaymentsIpnSecret ?? '',
              apiUrl: this.config.nowPaymentsApiUrl,
            },
            true,
          ),
        };
      }
      const secrets = await this.simulatorSecrets();
      const checkoutUrl = (orderId: string) =>
        `${this.config.publicUrl ?? ''}${SIM_CHECKOUT_PATH}/${orderId}`;
      const adapters = {
        stripe: new SimulatedStripe(secrets.stripe, checkoutUrl),
        nowpayments: new SimulatedNowPayments(secrets.nowpayments, checkoutUrl),
      };
      this.simulator = new PaymentSimulator(adapters, this.config.simStepMs, () => this.localUrl(), this.log);
      return adapters;
    })();
    this.adapters.catch(() => {
      this.adapters = undefined;
    });
    return this.adapters;
  }

  /**
   * The simulators sign with secrets of this database (made once, kept in settings), unless the
   * environment names them: nobody outside can forge a simulated payment.
   */
  private async simulatorSecrets(): Promise<{ stripe: string; nowpayments: string }> {
    const stored = await this.services.settings.get(SIM_SECRETS_SETTING);
    let secrets = stored ? (JSON.parse(stored) as { stripe: string; nowpayments: string }) : undefined;
    if (!secrets) {
      secrets = {
        stripe: `whsec_${randomBytes(24).toString('hex')}`,
        nowpayments: randomBytes(32).toString('hex'),
      };
      await this.services.settings.set(SIM_SECRETS_SETTING, JSON.stringify(secrets));
    }
    return {
      stripe: this.config.stripeWebhookSecret ?? secrets.stripe,
      nowpayments: this.config.nowPaymentsIpnSecret ?? secrets.nowpayments,
    };
  }

  /** Makes the simulator secrets (seed, under the startup lock, so processes agree). */
  async ensureSimulatorSecrets(): Promise<void> {
    if (this.simulated) await this.simulatorSecrets();
  }

  /** The adapter of a provider (tests sign notifications with it). */
  async adapter(provider: PaymentProvider): Promise<PaymentProviderAdapter & { sign(p: never): string }> {
    const adapters = await this.adaptersOf();
    return adapters[provider] as PaymentProviderAdapter & { sign(p: never): string };
  }

  // --- orders ---

  /** Opens an order for the caller's company and a checkout at the method's provider. */
  async create(
    auth: AuthContext,
    input: { amount: bigint; method: PaymentMethod },
  ): Promise<{ orderId: string; checkoutUrl: string }> {
    const companyId = auth.user.companyId;
    if (!companyId) throw new AppError('ORDER_NO_COMPANY', 400);
    const provider = PROVIDER_OF[input.method];
    const adapter = await this.adapter(provider);
    if (adapter.live && !this.liveReady(provider)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
    const minutes = input.method === 'card' ? this.config.cardExpiryMinutes : this.config.cryptoExpiryMinutes;
    const expiresAt = new Date(Date.now() + minutes * 60_000);
    const order = await withTransaction(this.db, async () => {
      const row = await this.repo.insertOrder({
        companyId,
        createdByUserId: auth.user.id,
        createdByUsername: auth.user.username,
        method: input.method,
        provider,
        state: 'pending_payment',
        amountRequested: input.amount,
        currency: this.currency,
        expiresAt,
      });
      await this.repo.addTransition({
        orderId: row.id,
        fromState: null,
        toState: 'pending_payment',
        source: 'create',
        detail: auth.user.username,
      });
      return row;
    });
    const base = this.config.publicUrl ?? '';
    try {
      const checkout = await adapter.createCheckout({
        orderId: order.id,
        method: input.method,
        amount: input.amount,
        currency: this.currency,
        expiresAt,
        returnUrl: `${base}/SysCustomerPay?order=${order.id}`,
        webhookUrl: `${base}/api/payments/webhook/${provider}`,
      });
      await this.repo.updateOrder(order.id, {
        providerReference: checkout.providerReference,
        checkoutUrl: checkout.checkoutUrl,
      });
      return { orderId: order.id, checkoutUrl: checkout.checkoutUrl };
    } catch (error) {
      this.log.error({ err: error, orderId: order.id, provider }, 'payment provider refused a checkout');
      await withTransaction(this.db, async () => {
        const locked = await this.repo.lockOrder({ id: order.id });
        if (locked) await this.move(locked, 'order_failed', 'create', 'checkout not created');
      });
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
    }
  }

  /** A live provider needs its keys and a public address for its return and webhook URLs. */
  private liveReady(provider: PaymentProvider): boolean {
    if (!this.config.publicUrl) return false;
    return provider === 'stripe'
      ? Boolean(this.config.stripeSecretKey && this.config.stripeWebhookSecret)
      : Boolean(this.config.nowPaymentsApiKey && this.config.nowPaymentsIpnSecret);
  }

  /** The caller's scope, once any company named is known to be in it (403 otherwise). */
  private scopeOf(auth: AuthContext, companyId?: string): Promise<DataScope> {
    return this.services.companies.assertInScope(auth, companyId ? [companyId] : []);
  }

  async list(
    auth: AuthContext,
    query: z.output<typeof orderListQuerySchema>,
  ): Promise<Page<OrderRow & { companyName: string | null; difference: bigint | null }>> {
    const scope = await this.scopeOf(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countOrders(scope, filters),
      (limit, offset) => this.repo.listOrders(scope, filters, limit, offset),
    );
    return { ...page, records: (await this.withCompanyNames(page.records)).map(withDifference) };
  }

  /** At most `limit` orders of the caller's scope as the list filters and sorts them (the export). */
  async exportOrders(auth: AuthContext, query: z.output<typeof orderListQuerySchema>, limit: number) {
    const scope = await this.scopeOf(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    return (await this.withCompanyNames(await this.repo.listOrders(scope, filters, limit, 0))).map(
      withDifference,
    );
  }

  async findFor(auth: AuthContext, id: string) {
    // Another tenant's order does not exist for the caller.
    const order = await this.services.companies.objectInScope(auth, await this.repo.findOrder(id));
    const [named] = await this.withCompanyNames([order]);
    const history = await this.repo.history(id);
    return { ...withDifference(named!), history: history.map(transitionOut) };
  }

  /** An order with its transitions (tests, the simulator page). */
  async find(id: string): Promise<(OrderRow & { history: TransitionRow[] }) | undefined> {
    const order = await this.repo.findOrder(id);
    return order && { ...order, history: await this.repo.history(id) };
  }

  private async withCompanyNames<T extends { companyId: string }>(rows: T[]) {
    const names = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return rows.map((r) => ({ ...r, companyName: names.get(r.companyId) ?? null }));
  }

  // --- provider notifications ---

  /**
   * A provider's notification: verified (400 otherwise), recorded by event id, applied once.
   * Answers what it did; every verified notification is answered 200 so that the provider
   * stops sending it (a refused one is recorded and logged, never applied).
   */
  async handleWebhook(
    provider: PaymentProvider,
    rawBody: string,
    headers: WebhookHeaders,
  ): Promise<{ outcome: EventOutcome; state: OrderState | null }> {
    const adapter = await this.adapter(provider);
    const event = adapter.parseEvent(adapter.verifyWebhook(rawBody, headers));
    return withTransaction(
      this.db,
      async () => {
        const fresh = await this.repo.recordEvent({
          provider,
          eventId: event.eventId.slice(0, 128),
          orderId: null,
          type: event.type.slice(0, 64),
          outcome: 'received',
          detail: null,
        });
        if (!fresh) return { outcome: 'duplicate' as const, state: null };
        const order = await this.lockOrderOf(provider, event);
        let outcome: EventOutcome;
        let state: OrderState | null = null;
        let detail: string | null = null;
        if (!order) {
          outcome = 'unknown_order';
          this.log.warn(
            { provider, eventId: event.eventId, type: event.type },
            'payment notification for no known order',
          );
          // Money for no order we know: staff find out whose it is (or send it back).
          if (reportsMoney(event)) {
            detail = 'no order known by its id or reference';
            await this.recordIssue(provider, event, undefined, 'unknown_order', detail);
          }
        } else if (!event.event) {
          // Nothing for the order; news we do not apply by ourselves (a partial refund) is
          // recorded as refused with why, and logged for an operator.
          outcome = event.refusal ? 'refused' : 'unchanged';
          state = order.state;
          detail = event.refusal?.slice(0, 256) ?? null;
          if (event.refusal)
            this.log.error({ provider, orderId: order.id, eventId: event.eventId }, event.refusal);
        } else if (event.currency && event.currency !== order.currency) {
          outcome = 'refused';
          state = order.state;
          detail = `currency ${event.currency.slice(0, 8)} is not the order's ${order.currency}`;
          this.log.error({ provider, orderId: order.id, eventId: event.eventId }, detail);
          if (reportsMoney(event)) {
            outcome = 'to_resolve';
            await this.recordIssue(provider, event, order, 'currency_mismatch', detail);
          }
        } else if (
          reportsMoney(event) &&
          event.price !== undefined &&
          event.price !== order.amountRequested
        ) {
          // Paid against another price than the order's (the invoice is made at the order's
          // amount): not ours to credit by guesswork.
          outcome = 'to_resolve';
          state = order.state;
          detail = `price ${formatMoney(event.price, 2)} is not the order's ${formatMoney(order.amountRequested, 2)}`;
          this.log.error({ provider, orderId: order.id, eventId: event.eventId }, detail);
          await this.recordIssue(provider, event, order, 'amount_mismatch', detail);
        } else {
          const applied = await this.apply(
            order,
            event.event,
            provider,
            `${event.type} ${event.eventId}`,
            event.amountPaid,
          );
          outcome = applied.outcome;
          state = applied.order.state;
          detail = applied.detail;
          // Money for an order closed unpaid (the provider expired it, or it failed) reopens
          // nothing: it is a payment for staff to resolve.
          if (outcome === 'refused' && reportsMoney(event) && CLOSED_UNPAID.includes(order.state)) {
            outcome = 'to_resolve';
            await this.recordIssue(provider, event, order, 'order_closed', detail ?? '');
          }
        }
        await this.repo.setEventOutcome(
          provider,
          event.eventId.slice(0, 128),
          outcome,
          order?.id ?? null,
          detail,
        );
        return { outcome, state };
      },
      this.log,
    );
  }

  /** Keeps a reported payment no order could take for staff (once per notification). */
  private async recordIssue(
    provider: PaymentProvider,
    event: ProviderEvent,
    order: OrderRow | undefined,
    reason: PaymentIssueReason,
    detail: string,
  ): Promise<void> {
    const amount = event.amountPaid ?? (event.event === 'paid' ? event.price : undefined);
    await this.repo.insertIssue({
      provider,
      eventId: event.eventId.slice(0, 128),
      eventType: event.type.slice(0, 64),
      orderId: order?.id ?? null,
      companyId: order?.companyId ?? null,
      amount: amount ?? null,
      currency: event.currency?.slice(0, 8) ?? order?.currency ?? null,
      reason,
      detail: detail.slice(0, 256) || null,
    });
    this.log.error(
      { provider, eventId: event.eventId, orderId: order?.id, reason },
      'payment to resolve: a reported payment no order could take',
    );
  }

  private async lockOrderOf(provider: PaymentProvider, event: ProviderEvent): Promise<OrderRow | undefined> {
    let order =
      event.orderId && UUID.test(event.orderId)
        ? await this.repo.lockOrder({ id: event.orderId })
        : undefined;
    if (!order && event.providerReference) {
      order = await this.repo.lockOrder({ provider, reference: event.providerReference.slice(0, 128) });
    }
    // A notification of one provider never moves another provider's order.
    return order?.provider === provider ? order : undefined;
  }

  /**
   * Applies one event to a locked order through the state machine: a move it allows is made
   * (with the credit when the order is paid or settles), anything else is recorded and logged.
   */
  private async apply(
    order: OrderRow,
    event: OrderEvent,
    source: OrderTransitionSource,
    detail: string,
    amountPaid: bigint | undefined,
  ): Promise<{ outcome: EventOutcome; order: OrderRow; detail: string | null }> {
    // An expiry that reports money received (its partial-payment notification late or lost):
    // first the partial payment, then the expiry settles it.
    if (
      event === 'provider_expired' &&
      amountPaid !== undefined &&
      amountPaid > 0n &&
      order.state !== 'partially_paid' &&
      nextState(order, 'partially_paid')
    ) {
      order = await this.move(order, 'partially_paid', source, detail, { amountPaid });
    }
    // A refund proves a payment: one that arrives before the paying notification (out of order)
    // first records the payment, without a credit, then refunds it; the paying notification
    // arriving later finds the order refunded and changes nothing (nothing is ever credited).
    if (event === 'refunded' && !nextState(order, 'refunded') && nextState(order, 'paid')) {
      order = await this.move(order, 'paid', source, `${detail} (the refund implies the payment)`, {
        amountPaid: amountPaid ?? order.amountRequested,
      });
    }
    // More money on an order already credited and closed (the rest of a partial payment the
    // expiry job settled, a larger payment): the difference is credited, once.
    if (
      (PAYING.includes(event) || event === 'provider_expired') &&
      amountPaid !== undefined &&
      nextState(order, 'paid_more') &&
      creditDue({ amountPaid, amountCredited: order.amountCredited }) > 0n
    ) {
      const recorded = await this.repo.updateOrder(order.id, { amountPaid });
      return { outcome: 'applied', order: await this.creditMore(recorded, source, detail), detail: null };
    }
    // The provider says paid, but less than the price (a card session completed for less): what
    // was paid is recorded as a partial payment and settled at once, the difference shown.
    if (
      event === 'paid' &&
      amountPaid !== undefined &&
      amountPaid < order.amountRequested &&
      order.state !== 'partially_paid' &&
      nextState(order, 'partially_paid')
    ) {
      const partial = await this.move(
        order,
        'partially_paid',
        source,
        `${detail}: paid ${formatMoney(amountPaid, 2)} of ${formatMoney(order.amountRequested, 2)}`,
        { amountPaid },
      );
      return { outcome: 'applied', order: await this.credit(partial, source, detail), detail: 'underpaid' };
    }
    if (event === 'paid' && order.state === 'partially_paid' && amountPaid !== undefined) {
      if (amountPaid < order.amountRequested) {
        // Still less than the price, and the provider says it is complete: settle what was paid.
        const grown =
          amountPaid > order.amountPaid ? await this.repo.updateOrder(order.id, { amountPaid }) : order;
        return { outcome: 'applied', order: await this.credit(grown, source, detail), detail: 'underpaid' };
      }
    }
    const target = nextState(order, event);
    if (!target) {
      // A partial payment growing: the same state, a larger amount.
      if (
        event === 'partially_paid' &&
        order.state === 'partially_paid' &&
        amountPaid &&
        amountPaid > order.amountPaid
      ) {
        const updated = await this.repo.updateOrder(order.id, { amountPaid: amountPaid });
        return { outcome: 'applied', order: updated, detail: `paid so far ${formatMoney(amountPaid, 2)}` };
      }
      // The paying event again after a credit the ledger refused: try the credit again.
      if (event === 'paid' && order.state === 'top_up_failure') {
        return {
          outcome: 'applied',
          order: await this.credit(order, source, detail),
          detail: 'credit retried',
        };
      }
      if (ALREADY[event]?.includes(order.state)) return { outcome: 'unchanged', order, detail: null };
      const why = `${event} refused in state ${order.state}`;
      this.log.warn(
        { orderId: order.id, event, state: order.state, source, detail },
        'order transition refused',
      );
      return { outcome: 'refused', order, detail: why };
    }
    const paid = amountPaid !== undefined && amountPaid > order.amountPaid ? amountPaid : order.amountPaid;
    if (target === 'top_up_success') {
      // An expiry settles a partly paid order: what was paid is credited.
      return {
        outcome: 'applied',
        order: await this.credit(order, source, detail),
        detail: 'settled partial payment',
      };
    }
    if (target === 'refunded') return this.refund(order, source, detail);
    let moved = await this.move(order, target, source, detail, { amountPaid: paid });
    if (target === 'paid') {
      if (moved.amountPaid === 0n)
        moved = await this.repo.updateOrder(order.id, { amountPaid: order.amountRequested });
      moved = await this.credit(moved, source, detail);
    }
    return { outcome: 'applied', order: moved, detail: null };
  }

  /**
   * The provider gave the money back: the order is refunded and what the ledger credited for it
   * is taken back, once (key `<order id>:refund`; the state is final, so a repeated or late
   * refund notification never reaches here again).
   *
   * When the company has already spent the credit, the reversal still posts in full, past the
   * credit limit (`allowOverdraft`): the money has left the platform, so the books say so at
   * once, and a balance below its floor refuses every further charge (charges never overdraw),
   * so nothing more is spent on money that is gone. Refusing or shortening the reversal would
   * instead leave spendable credit nobody paid for. What an operator must then do by hand
   * (collect the debt, raise the limit or write it off with an adjustment) is flagged on the
   * order: its `refunded` transition says `REVERSAL_OVERDRAWN` with the amount past the credit
   * limit, and the log says so as an error.
   */
  private async refund(
    order: OrderRow,
    source: OrderTransitionSource,
    detail: string,
  ): Promise<{ outcome: EventOutcome; order: OrderRow; detail: string | null }> {
    let flag: string | null = null;
    if (order.amountCredited > 0n) {
      const [outcome] = await this.services.ledger.post([
        {
          companyId: order.companyId,
          kind: 'adjustment',
          amount: -order.amountCredited,
          idempotencyKey: `${order.id}:refund`,
          reference: `order:${order.id}`,
          note: 'Top-up refunded by the payment provider',
          allowOverdraft: true,
        },
      ]);
      const after = outcome && outcome.status !== 'refused' ? outcome.entry.balanceAfter : undefined;
      const { creditLimit } = await this.services.ledger.balanceOf(order.companyId);
      if (after !== undefined && after < -creditLimit) {
        const past = formatMoney(-creditLimit - after, 2);
        flag = `REVERSAL_OVERDRAWN: balance ${formatMoney(after, 2)} is ${past} past the credit limit ${formatMoney(creditLimit, 2)}; collect or write off by hand`;
        this.log.error(
          { orderId: order.id, companyId: order.companyId, balance: formatMoney(after, 2), past },
          'refund reversal overdrew the balance past its credit limit: needs an operator',
        );
      }
    }
    const refunded = await this.move(order, 'refunded', source, flag ? `${detail}; ${flag}` : detail);
    return { outcome: 'applied', order: refunded, detail: flag };
  }

  /**
   * Credits what was paid to the company's balance (key: the order id, so once ever), then
   * top_up_success → finished; a credit the ledger refuses is top_up_failure (an operator looks).
   */
  private async credit(order: OrderRow, source: OrderTransitionSource, detail: string): Promise<OrderRow> {
    const amount = order.amountPaid;
    try {
      if (amount <= 0n) throw new AppError('MONEY_NOT_POSITIVE', 400);
      const { entry } = await this.services.ledger.credit(order.companyId, 'topup', amount, order.id, {
        reference: `order:${order.id}`,
        note: `${order.method === 'card' ? 'Card' : 'Crypto'} top-up`,
      });
      const credited = await this.move(order, 'top_up_success', 'ledger', `entry ${entry.id}`, {
        amountCredited: entry.amount,
      });
      return this.move(credited, 'finished', 'ledger', null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.log.error(
        { orderId: order.id, code: error.errorCode, source, detail },
        'top-up credit refused by the ledger',
      );
      return this.move(order, 'top_up_failure', 'ledger', error.errorCode);
    }
  }

  /**
   * Credits what was paid beyond what an order was credited (key: the order and the total paid,
   * so a repeat of the news, under any event id, never credits it twice), through
   * finished → top_up_success → finished. A credit the ledger refuses throws: the notification
   * is not recorded and the provider delivers it again.
   */
  private async creditMore(
    order: OrderRow,
    source: OrderTransitionSource,
    detail: string,
  ): Promise<OrderRow> {
    const due = creditDue(order);
    const { entry } = await this.services.ledger.credit(
      order.companyId,
      'topup',
      due,
      `${order.id}:paid:${formatMoney(order.amountPaid)}`,
      {
        reference: `order:${order.id}`,
        note: `${order.method === 'card' ? 'Card' : 'Crypto'} top-up: payment after the order closed`,
      },
    );
    const credited = await this.move(
      order,
      'top_up_success',
      'ledger',
      `entry ${entry.id}: ${formatMoney(entry.amount, 2)} more (${source} ${detail})`,
      { amountCredited: order.amountCredited + entry.amount },
    );
    return this.move(credited, 'finished', 'ledger', null);
  }

  /** One move of the state machine, recorded; a move it does not allow is a bug, said at once. */
  private async move(
    order: OrderRow,
    to: OrderState,
    source: OrderTransitionSource,
    detail: string | null,
    values: { amountPaid?: bigint; amountCredited?: bigint } = {},
  ): Promise<OrderRow> {
    if (!canTransition(order.state, to))
      throw new Error(`order ${order.id}: ${order.state} → ${to} is not allowed`);
    const updated = await this.repo.updateOrder(order.id, { state: to, ...values });
    await this.repo.addTransition({
      orderId: order.id,
      fromState: order.state,
      toState: to,
      source,
      detail: detail?.slice(0, 256) ?? null,
    });
    return updated;
  }

  /**
   * The expiry job: unpaid orders past their time are timed out; partly paid ones are settled
   * (what was paid credited). Orders confirming on chain wait for the provider.
   */
  async expireDue(now: Date = new Date()): Promise<{ timedOut: number; settled: number }> {
    let timedOut = 0;
    let settled = 0;
    for (;;) {
      const ids = await this.repo.dueForExpiry(now, 200);
      if (ids.length === 0) break;
      for (const id of ids) {
        await withTransaction(this.db, async () => {
          const order = await this.repo.lockOrder({ id });
          if (!order || order.expiresAt > now) return;
          if (order.state !== 'pending_payment' && order.state !== 'partially_paid') return;
          const partial = order.state === 'partially_paid';
          const result = await this.apply(order, 'timeout', 'expiry', 'expiry job', undefined);
          if (result.outcome === 'applied') partial ? settled++ : timedOut++;
        });
      }
      if (ids.length < 200) break;
    }
    return { timedOut, settled };
  }

  // --- payments to resolve ---

  async listIssues(auth: AuthContext, query: z.output<typeof paymentIssueListQuerySchema>) {
    const scope = await this.scopeOf(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countIssues(scope, filters),
      (limit, offset) => this.repo.listIssues(scope, filters, limit, offset),
    );
    return { ...page, records: await this.withIssueCompanyNames(page.records) };
  }

  /**
   * Staff resolve a payment no order took: credit it to its order's company through the ledger
   * (key: the payment's id, so once; the order's credited amount grows by it) or dismiss it with
   * a note (sent back, or settled outside the platform).
   */
  async resolveIssue(
    auth: AuthContext,
    input: { id: string; action: 'credit' | 'dismiss'; amount?: bigint; note?: string },
  ) {
    const resolved = await withTransaction(this.db, async () => {
      const issue = await this.repo.lockIssue(input.id);
      const scope = await this.scopeOf(auth);
      if (
        !issue ||
        (scope.kind !== 'all' && !(issue.companyId && scope.companyIds.includes(issue.companyId)))
      )
        throw new AppError('NOT_FOUND', 404);
      if (issue.state !== 'open') throw new AppError('PAYMENT_ISSUE_NOT_OPEN', 409);
      const resolvedBy = { resolvedByUsername: auth.user.username, resolutionNote: input.note || null };
      if (input.action === 'dismiss') {
        if (!input.note) throw new AppError('FIELD_REQUIRED', 400, { field: 'note' });
        return this.repo.resolveIssue(issue.id, { state: 'dismissed', amountCredited: null, ...resolvedBy });
      }
      if (!issue.companyId || !issue.orderId) throw new AppError('PAYMENT_ISSUE_NO_COMPANY', 400);
      const amount =
        input.amount ?? (issue.currency === this.currency && issue.amount ? issue.amount : undefined);
      if (amount === undefined) {
        throw new AppError('PAYMENT_ISSUE_AMOUNT_REQUIRED', 400, {
          currency: issue.currency ?? '?',
          platform: this.currency,
        });
      }
      const order = await this.repo.lockOrder({ id: issue.orderId });
      const { entry } = await this.services.ledger.credit(
        issue.companyId,
        'topup',
        amount,
        `payment:${issue.id}`,
        {
          reference: `order:${issue.orderId}`,
          note: `Payment resolved by staff (${issue.reason})`,
          actor: { userId: auth.user.id, username: auth.user.username },
        },
      );
      if (order)
        await this.repo.updateOrder(order.id, { amountCredited: order.amountCredited + entry.amount });
      return this.repo.resolveIssue(issue.id, {
        state: 'credited',
        amountCredited: entry.amount,
        ...resolvedBy,
      });
    });
    return (await this.withIssueCompanyNames([resolved]))[0]!;
  }

  private async withIssueCompanyNames(rows: PaymentIssueRow[]) {
    const ids = [...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))];
    const names = await this.services.companies.namesOf(ids);
    return rows.map((r) => ({ ...r, companyName: r.companyId ? (names.get(r.companyId) ?? null) : null }));
  }

  /**
   * The payments' side of the reconciliation: every order's credited amount against the ledger's
   * top-up entries for it, and the payments still to resolve (money received, credited to no one).
   */
  async reconcile(): Promise<{
    creditDifferences: { orderId: string; companyId: string; credited: string; ledger: string }[];
    openPaymentIssues: number;
    paymentIssues: {
      id: string;
      provider: PaymentProvider;
      reason: PaymentIssueReason;
      orderId: string | null;
      amount: string | null;
      currency: string | null;
      createdAt: Date;
    }[];
  }> {
    const [orders, ledger, open, issues] = await Promise.all([
      this.repo.creditedOrders(),
      this.services.ledger.totalsByReference('topup', 'order:'),
      this.repo.countOpenIssues(),
      this.repo.openIssues(RECONCILE_LIST_MAX),
    ]);
    const creditDifferences = [];
    const seen = new Set<string>();
    for (const order of orders) {
      const reference = `order:${order.id}`;
      seen.add(reference);
      const inLedger = ledger.get(reference) ?? 0n;
      if (inLedger !== order.amountCredited) {
        creditDifferences.push({
          orderId: order.id,
          companyId: order.companyId,
          credited: formatMoney(order.amountCredited),
          ledger: formatMoney(inLedger),
        });
      }
    }
    // Top-ups in the ledger for an order that says it was credited nothing.
    for (const [reference, total] of ledger) {
      if (!seen.has(reference) && total !== 0n) {
        creditDifferences.push({
          orderId: reference.slice('order:'.length),
          companyId: '',
          credited: formatMoney(0n),
          ledger: formatMoney(total),
        });
      }
    }
    if (creditDifferences.length > 0) {
      this.log.error(
        { differences: creditDifferences.slice(0, 50), count: creditDifferences.length },
        'top-up orders differ from their ledger credits',
      );
    }
    if (open > 0) this.log.warn({ open }, 'payments to resolve are waiting for staff');
    return {
      creditDifferences,
      openPaymentIssues: open,
      paymentIssues: issues.map((i) => ({
        id: i.id,
        provider: i.provider,
        reason: i.reason,
        orderId: i.orderId,
        amount: i.amount === null ? null : formatMoney(i.amount),
        currency: i.currency,
        createdAt: i.createdAt,
      })),
    };
  }

  // --- the simulator (demo mode) ---

  /** The order behind a simulated checkout page (undefined: none, or not in simulator mode). */
  async simulatedOrder(id: string): Promise<OrderRow | undefined> {
    if (!this.simulated || !UUID.test(id)) return undefined;
    return this.repo.findOrder(id);
  }

  /** What the payer did on the simulated page: the provider's notifications follow on its clock. */
  async simulate(id: string, action: SimAction): Promise<OrderRow> {
    const order = await this.simulatedOrder(id);
    if (!order) throw new AppError('NOT_FOUND', 404);
    if (!(SIM_ACTIONS[order.method] as readonly string[]).includes(action))
      throw new AppError('BAD_REQUEST', 400);
    await this.adaptersOf();
    // A refund is of a paid order; everything else is done on an open checkout.
    const open = SIM_AFTER_PAYMENT.includes(action)
      ? REFUNDABLE.includes(order.state)
      : order.state === 'pending_payment';
    if (open) this.simulator?.run(order, action);
    return order;
  }

  // --- payouts ---

  /** A reseller asks to withdraw commission: at most what is not already asked for. */
  async createPayout(auth: AuthContext, input: { amount: bigint; note?: string }): Promise<PayoutRow> {
    const companyId = auth.user.companyId;
    if (!companyId || !hasResellerScope(auth.roles)) throw new AppError('PAYOUT_RESELLERS_ONLY', 403);
    return withTransaction(this.db, async () => {
      await this.repo.lockPayoutsOf(companyId);
      const { commission } = await this.services.ledger.balanceOf(companyId);
      const available = commission - (await this.repo.pendingPayoutTotal(companyId));
      if (input.amount > available) {
        throw new AppError('PAYOUT_OVER_COMMISSION', 400, {
          available: formatMoney(available > 0n ? available : 0n, 2),
        });
      }
      return this.repo.insertPayout({
        companyId,
        amount: input.amount,
        note: input.note || null,
        requestedByUserId: auth.user.id,
        requestedByUsername: auth.user.username,
      });
    });
  }

  async listPayouts(auth: AuthContext, query: z.output<typeof payoutListQuerySchema>) {
    const scope = await this.scopeOf(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countPayouts(scope, filters),
      (limit, offset) => this.repo.listPayouts(scope, filters, limit, offset),
    );
    return { ...page, records: await this.withCompanyNames(page.records) };
  }

  /** At most `limit` payouts of the caller's scope as the list filters and sorts them (the export). */
  async exportPayouts(auth: AuthContext, query: z.output<typeof payoutListQuerySchema>, limit: number) {
    const scope = await this.scopeOf(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    return this.withCompanyNames(await this.repo.listPayouts(scope, filters, limit, 0));
  }

  /** Staff approve: the commission is debited through the ledger (key: the payout id), once. */
  async approvePayout(auth: AuthContext, id: string, reason: string | undefined) {
    const decided = await withTransaction(this.db, async () => {
      const payout = await this.lockPayoutInScope(auth, id);
      await this.services.ledger.post([
        {
          companyId: payout.companyId,
          kind: 'payout',
          amount: -payout.amount,
          idempotencyKey: `payout:${payout.id}`,
          reference: `payout:${payout.id}`,
          note: reason || null,
          actor: { userId: auth.user.id, username: auth.user.username },
        },
      ]);
      return this.repo.decidePayout(id, {
        state: 'approved',
        decidedByUsername: auth.user.username,
        decisionReason: reason || null,
      });
    });
    return (await this.withCompanyNames([decided]))[0]!;
  }

  /** Staff reject with a reason: nothing else changes. */
  async rejectPayout(auth: AuthContext, id: string, reason: string | undefined) {
    if (!reason) throw new AppError('FIELD_REQUIRED', 400, { field: 'reason' });
    const decided = await withTransaction(this.db, async () => {
      await this.lockPayoutInScope(auth, id);
      return this.repo.decidePayout(id, {
        state: 'rejected',
        decidedByUsername: auth.user.username,
        decisionReason: reason,
      });
    });
    return (await this.withCompanyNames([decided]))[0]!;
  }

  private async lockPayoutInScope(auth: AuthContext, id: string): Promise<PayoutRow> {
    const payout = await this.services.companies.objectInScope(auth, await this.repo.lockPayout(id));
    if (payout.state !== 'pending') throw new AppError('PAYOUT_NOT_PENDING', 409);
    return payout;
  }
}

/** An order with what it came to against what was asked. */
const withDifference = <T extends OrderRow>(order: T) => ({ ...order, difference: orderDifference(order) });

const transitionOut = (t: TransitionRow) => ({
  from: t.fromState,
  to: t.toState,
  source: t.source,
  detail: t.detail,
  createdAt: t.createdAt,
});

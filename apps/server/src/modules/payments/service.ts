import {
  orderDifference,
  type orderListQuerySchema,
  type Page,
  type PaymentMethod,
  PROVIDER_OF,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import type { PaymentsConfig } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { PaymentProviders } from './adapters';
import { withCompanyNames } from './company-names';
import { PaymentIssues } from './issues';
import { PaymentNotifications } from './notifications';
import { OrderMachine } from './order-machine';
import { Payouts } from './payouts';
import { type OrderRow, PaymentsRepo, type TransitionRow } from './repo';

export { SIM_SECRETS_SETTING } from './adapters';
export type { EventOutcome } from './order-machine';
export type { OrderRow, PaymentIssueRow, PayoutRow, TransitionRow } from './repo';

/**
 * Top-ups and payouts. This file holds the top-up orders (opened, listed, timed out); the
 * providers' adapters, their notifications, the payments to resolve with the reconciliation and
 * the payouts are each a part of their own, reached through it.
 */
export class PaymentsService {
  private readonly repo: PaymentsRepo;
  private readonly machine: OrderMachine;
  readonly providers: PaymentProviders;
  readonly notifications: PaymentNotifications;
  readonly issues: PaymentIssues;
  readonly payouts: Payouts;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'ledger' | 'settings'>,
    private readonly config: PaymentsConfig,
    private readonly currency: string,
    private readonly log: Logger,
  ) {
    this.repo = new PaymentsRepo(db);
    this.machine = new OrderMachine(this.repo, services, log);
    this.providers = new PaymentProviders(this.repo, services, config, log);
    this.notifications = new PaymentNotifications(db, this.repo, this.providers, this.machine, log);
    this.issues = new PaymentIssues(db, this.repo, services, currency, log);
    this.payouts = new Payouts(db, this.repo, services);
  }

  /** Opens an order for the caller's company and a checkout at the method's provider. */
  async create(
    auth: AuthContext,
    input: { amount: bigint; method: PaymentMethod },
  ): Promise<{ orderId: string; checkoutUrl: string }> {
    const companyId = auth.user.companyId;
    if (!companyId) throw new AppError('ORDER_NO_COMPANY', 400);
    const provider = PROVIDER_OF[input.method];
    const adapter = await this.providers.adapter(provider);
    if (adapter.live && !this.providers.liveReady(provider))
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
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
        if (locked) await this.machine.move(locked, 'order_failed', 'create', 'checkout not created');
      });
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
    }
  }

  async list(
    auth: AuthContext,
    query: z.output<typeof orderListQuerySchema>,
  ): Promise<Page<OrderRow & { companyName: string | null; difference: bigint | null }>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countOrders(scope, filters),
      (limit, offset) => this.repo.listOrders(scope, filters, limit, offset),
    );
    return { ...page, records: (await withCompanyNames(this.services, page.records)).map(withDifference) };
  }

  /** At most `limit` orders of the caller's scope as the list filters and sorts them (the export). */
  async exportOrders(auth: AuthContext, query: z.output<typeof orderListQuerySchema>, limit: number) {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    return (await withCompanyNames(this.services, await this.repo.listOrders(scope, filters, limit, 0))).map(
      withDifference,
    );
  }

  async findFor(auth: AuthContext, id: string) {
    // Another tenant's order does not exist for the caller.
    const order = await this.services.companies.objectInScope(auth, await this.repo.findOrder(id));
    const [named] = await withCompanyNames(this.services, [order]);
    const history = await this.repo.history(id);
    return { ...withDifference(named!), history: history.map(transitionOut) };
  }

  /** An order with its transitions (tests, the simulator page). */
  async find(id: string): Promise<(OrderRow & { history: TransitionRow[] }) | undefined> {
    const order = await this.repo.findOrder(id);
    return order && { ...order, history: await this.repo.history(id) };
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
          const result = await this.machine.apply(order, 'timeout', 'expiry', 'expiry job', undefined);
          if (result.outcome === 'applied') partial ? settled++ : timedOut++;
        });
      }
      if (ids.length < 200) break;
    }
    return { timedOut, settled };
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

import {
  canTransition,
  creditDue,
  formatMoney,
  nextState,
  type OrderEvent,
  type OrderState,
  type OrderTransitionSource,
} from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { OrderRow, PaymentsRepo } from './repo';

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
export const PAYING: readonly OrderEvent[] = ['paid', 'partially_paid'];

/**
 * An order's moves through the contracts' state machine (`nextState`), each recorded with its
 * source, and the ledger credits and reversals they bring: the caller holds the order's row lock
 * and the transaction.
 */
export class OrderMachine {
  constructor(
    private readonly repo: PaymentsRepo,
    private readonly services: Pick<Services, 'ledger'>,
    private readonly log: Logger,
  ) {}

  /**
   * Applies one event to a locked order through the state machine: a move it allows is made
   * (with the credit when the order is paid or settles), anything else is recorded and logged.
   */
  async apply(
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
          note: { code: 'topup_reversed' },
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
        note: { code: 'topup', params: { method: order.method } },
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
        note: { code: 'topup_late', params: { method: order.method } },
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
  async move(
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
}

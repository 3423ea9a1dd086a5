import {
  formatMoney,
  type OrderState,
  type PaymentIssueReason,
  type PaymentProvider,
} from '@switchboard/contracts';
import { type Db, withTransaction } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { type PaymentProviders, UUID } from './adapters';
import { type EventOutcome, type OrderMachine, PAYING } from './order-machine';
import type { ProviderEvent, WebhookHeaders } from './providers/types';
import type { OrderRow, PaymentsRepo } from './repo';

/** Whether a notification reports money received (an expiry may carry a partial payment). */
const reportsMoney = (event: ProviderEvent): boolean =>
  event.event !== null &&
  (PAYING.includes(event.event) ||
    (event.event === 'provider_expired' && event.amountPaid !== undefined && event.amountPaid > 0n));
/** Closed before any money came: a payment reported later is for staff to resolve. */
const CLOSED_UNPAID: readonly OrderState[] = ['expired', 'order_failed'];

/**
 * Provider notifications: verified, recorded by event id (a repeat changes nothing) and applied
 * under the order's row lock in one transaction with the ledger credit, whose idempotency key is
 * the order id: an order is credited exactly once, whatever the order, number or timing of the
 * notifications. Money no order can take is kept as a payment for staff to resolve.
 */
export class PaymentNotifications {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepo,
    private readonly providers: PaymentProviders,
    private readonly machine: OrderMachine,
    private readonly log: Logger,
  ) {}

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
    const adapter = await this.providers.adapter(provider);
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
          const applied = await this.machine.apply(
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
}

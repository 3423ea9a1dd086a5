import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  type OrderState,
  type PaymentMethod,
  type PaymentProvider,
} from '@switchboard/contracts';
import type { Logger } from '../../../platform/logger';
import type { NowPaymentsAdapter, NowPaymentsStatus } from './nowpayments';
import { centsOf, type StripeAdapter } from './stripe';

/** What a person may do on the simulator's checkout page. */
export const SIM_ACTIONS = {
  card: ['pay', 'fail', 'expire', 'refund'],
  crypto: ['pay', 'part', 'expire'],
} as const satisfies Record<PaymentMethod, readonly string[]>;
export type SimAction = 'pay' | 'fail' | 'expire' | 'part' | 'refund';
/** Actions on an order that was paid (the rest are on an open checkout). */
export const SIM_AFTER_PAYMENT: readonly SimAction[] = ['refund'];
/** States in which the simulated provider can refund a card payment (it was paid). */
export const REFUNDABLE: readonly OrderState[] = ['paid', 'top_up_success', 'top_up_failure', 'finished'];

/** The part of an order the simulator needs. */
export interface SimOrder {
  id: string;
  method: PaymentMethod;
  amountRequested: bigint;
  currency: string;
  providerReference: string | null;
}

/** A Stripe event about a Checkout Session, as Stripe sends it (the fields our webhook reads). */
export function stripeSessionEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  order: SimOrder,
  options: { paymentStatus?: 'paid' | 'unpaid'; eventId?: string } = {},
) {
  const paymentStatus =
    options.paymentStatus ??
    (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded'
      ? 'paid'
      : 'unpaid');
  return {
    id: options.eventId ?? `evt_sim_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: order.providerReference,
        object: 'checkout.session',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        mode: 'payment',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
        payment_status: paymentStatus,
        amount_total: centsOf(order.amountRequested),
        currency: order.currency.toLowerCase(),
      },
    },
  };
}

/**
 * A Stripe `charge.refunded` event for an order's payment, as Stripe sends it: the charge names
 * the order in its metadata (our Checkout Session passes it to the payment). Without
 * `amountRefunded` the whole charge is refunded.
 */
export function stripeChargeRefunded(
  order: SimOrder,
  options: { amountRefunded?: bigint; amount?: bigint; eventId?: string } = {},
) {
  const amount = centsOf(options.amount ?? order.amountRequested);
  const refunded = options.amountRefunded === undefined ? amount : centsOf(options.amountRefunded);
  return {
    id: options.eventId ?? `evt_sim_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_sim_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: refunded,
        refunded: refunded >= amount,
        paid: true,
        status: 'succeeded',
        currency: order.currency.toLowerCase(),
        metadata: { orderId: order.id },
      },
    },
  };
}

/** A NOWPayments IPN body, as NOWPayments sends it (a stablecoin at par in the simulator). */
export function nowPaymentsIpn(
  status: NowPaymentsStatus,
  order: SimOrder,
  options: { actuallyPaid?: number; paymentId?: number } = {},
) {
  const price = Number(formatMoney(order.amountRequested, 2));
  return {
    payment_id: options.paymentId ?? Number(order.providerReference ?? 0) + 1,
    invoice_id: Number(order.providerReference ?? 0),
    payment_status: status,
    pay_address: 'TSimulatorAddress000000000000000000',
    price_amount: price,
    price_currency: order.currency.toLowerCase(),
    pay_amount: price,
    actually_paid: options.actuallyPaid ?? (status === 'finished' || status === 'confirmed' ? price : 0),
    pay_currency: 'usdttrc20',
    order_id: order.id,
    order_description: 'Balance top-up',
    outcome_amount: price,
    outcome_currency: 'usdttrc20',
    created_at: new Date().toISOString(),
    updated_at: Date.now(),
  };
}

interface Step {
  /** In steps of the simulator's clock. */
  at: number;
  provider: PaymentProvider;
  body: unknown;
}

/** The notifications a provider sends after what the payer did, on the simulator's clock. */
export function scriptOf(order: SimOrder, action: SimAction): Step[] {
  if (order.method === 'card') {
    const s = (type: Parameters<typeof stripeSessionEvent>[0], paymentStatus?: 'paid' | 'unpaid') =>
      stripeSessionEvent(type, order, { paymentStatus });
    switch (action) {
      case 'pay':
        return [{ at: 1, provider: 'stripe', body: s('checkout.session.completed', 'paid') }];
      case 'refund':
        // Staff refunded the payment at the provider (the dashboard): the charge is refunded.
        return [{ at: 1, provider: 'stripe', body: stripeChargeRefunded(order) }];
      case 'fail':
        // A delayed method: completed unpaid, then the bank says no.
        return [
          { at: 1, provider: 'stripe', body: s('checkout.session.completed', 'unpaid') },
          { at: 2, provider: 'stripe', body: s('checkout.session.async_payment_failed') },
        ];
      default:
        return [{ at: 1, provider: 'stripe', body: s('checkout.session.expired') }];
    }
  }
  const price = Number(formatMoney(order.amountRequested, 2));
  const n = (status: NowPaymentsStatus, actuallyPaid?: number) =>
    nowPaymentsIpn(status, order, { actuallyPaid });
  switch (action) {
    case 'pay':
      return [
        { at: 1, provider: 'nowpayments', body: n('waiting') },
        { at: 2, provider: 'nowpayments', body: n('confirming', price) },
        { at: 3, provider: 'nowpayments', body: n('confirmed', price) },
        { at: 4, provider: 'nowpayments', body: n('finished', price) },
      ];
    case 'part': {
      const half = Math.floor(price * 50) / 100;
      return [
        { at: 1, provider: 'nowpayments', body: n('waiting') },
        { at: 2, provider: 'nowpayments', body: n('confirming', half) },
        { at: 3, provider: 'nowpayments', body: n('partially_paid', half) },
        { at: 6, provider: 'nowpayments', body: n('expired', half) },
      ];
    }
    default:
      return [
        { at: 1, provider: 'nowpayments', body: n('waiting') },
        { at: 2, provider: 'nowpayments', body: n('expired') },
      ];
  }
}

/**
 * Plays the providers' part in demo mode: after a person acts on the simulated checkout page, it
 * sends the notifications the provider would, signed as the provider signs them, over HTTP to our
 * own webhook routes, one step of the clock apart, retrying a failed delivery as providers do.
 */
export class PaymentSimulator {
  constructor(
    private readonly adapters: { stripe: StripeAdapter; nowpayments: NowPaymentsAdapter },
    private readonly stepMs: number,
    private readonly baseUrl: () => string,
    private readonly log: Logger,
  ) {}

  /** Sends the script's notifications in order, each once the one before was answered. */
  run(order: SimOrder, action: SimAction): void {
    void (async () => {
      let at = 0;
      for (const step of scriptOf(order, action)) {
        await new Promise((resolve) => setTimeout(resolve, (step.at - at) * this.stepMs).unref());
        at = step.at;
        await this.deliver(step.provider, step.body);
      }
    })();
  }

  /** Signs and posts one notification; retries (1 s, 2 s, 4 s…) until answered 2xx or 4xx. */
  async deliver(provider: PaymentProvider, body: unknown, attempt = 0): Promise<void> {
    const payload = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (provider === 'stripe') headers['stripe-signature'] = this.adapters.stripe.sign(payload);
    else headers['x-nowpayments-sig'] = this.adapters.nowpayments.sign(body);
    let status = 0;
    try {
      const response = await fetch(`${this.baseUrl()}/api/payments/webhook/${provider}`, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    if (status >= 200 && status < 500) return;
    if (attempt >= 6) {
      this.log.warn({ provider, status }, 'payment simulator: notification not delivered, given up');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt).unref());
    return this.deliver(provider, body, attempt + 1);
  }
}

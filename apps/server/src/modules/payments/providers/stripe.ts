import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../../platform/envelope';
import {
  type Checkout,
  type CheckoutRequest,
  header,
  type PaymentProviderAdapter,
  type ProviderEvent,
  type WebhookHeaders,
} from './types';

/** How old a Stripe signature may be (seconds): Stripe's own default; older ones are replays. */
export const STRIPE_TOLERANCE_S = 300;
/** Micro-units per cent (two-decimal currencies; the platform currency is one of them). */
const MICROS_PER_CENT = 10_000n;

export const centsOf = (micros: bigint): number => Number(micros / MICROS_PER_CENT);
export const microsOfCents = (cents: number): bigint => BigInt(cents) * MICROS_PER_CENT;

/** The part of a Checkout Session our webhooks read. */
interface SessionLike {
  id?: unknown;
  client_reference_id?: unknown;
  metadata?: { orderId?: unknown } | null;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
}

/** The part of a Charge our webhooks read (`charge.refunded`). */
interface ChargeLike {
  id?: unknown;
  amount?: unknown;
  amount_refunded?: unknown;
  refunded?: unknown;
  currency?: unknown;
  metadata?: { orderId?: unknown } | null;
}

const cents = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/**
 * Card payments through Stripe Checkout Sessions. Notifications are Stripe events signed with
 * the endpoint's secret (`Stripe-Signature`: timestamp and HMAC-SHA256), verified by the
 * official package (`stripe.webhooks.constructEvent`, which also refuses stale timestamps).
 */
export class StripeAdapter implements PaymentProviderAdapter {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  /**
   * `secretKey` unset: a simulator's stand-in (the package is then only used to verify and to
   * sign, which needs no key and no network).
   */
  constructor(
    private readonly options: { secretKey: string | undefined; webhookSecret: string },
    readonly live: boolean,
  ) {
    this.stripe = new Stripe(options.secretKey ?? 'sk_test_simulator', { maxNetworkRetries: 2 });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderId,
        metadata: { orderId: request.orderId },
        // The payment (and so its charge, which a refund notification is about) names the order too.
        payment_intent_data: { metadata: { orderId: request.orderId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: centsOf(request.amount),
              product_data: { name: 'Balance top-up' },
            },
          },
        ],
        // Stripe accepts 30 minutes to 24 hours from now.
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      },
      // A retried create (network) never opens a second session for one order.
      { idempotencyKey: `order-${request.orderId}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    return { providerReference: session.id, checkoutUrl: session.url };
  }

  verifyWebhook(rawBody: string, headers: WebhookHeaders): unknown {
    const signature = header(headers, 'stripe-signature');
    if (!signature) throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
    try {
      return this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        STRIPE_TOLERANCE_S,
      );
    } catch {
      // A wrong signature and a timestamp outside the tolerance are both refused here.
      throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
    }
  }

  parseEvent(payload: unknown): ProviderEvent {
    const event = payload as { id?: unknown; type?: unknown; data?: { object?: SessionLike } };
    const session = event.data?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !session) {
      throw new AppError('PAYMENT_EVENT_INVALID', 400);
    }
    if (event.type === 'charge.refunded') return this.parseRefund(event.id, session as ChargeLike);
    const orderId =
      typeof session.client_reference_id === 'string'
        ? session.client_reference_id
        : typeof session.metadata?.orderId === 'string'
          ? session.metadata.orderId
          : null;
    const base = {
      eventId: event.id,
      type: event.type,
      orderId,
      providerReference: typeof session.id === 'string' ? session.id : null,
      currency: typeof session.currency === 'string' ? session.currency.toUpperCase() : undefined,
    };
    // What the session charged: a payment only when the session says it was paid.
    const paid = {
      amountPaid:
        typeof session.amount_total === 'number' &&
        Number.isSafeInteger(session.amount_total) &&
        session.amount_total > 0
          ? microsOfCents(session.amount_total)
          : undefined,
    };
    switch (event.type) {
      case 'checkout.session.completed':
        // Delayed methods (bank debits) complete unpaid and settle later by async_payment_*.
        return session.payment_status === 'paid'
          ? { ...base, ...paid, event: 'paid' }
          : { ...base, event: null };
      case 'checkout.session.async_payment_succeeded':
        return { ...base, ...paid, event: 'paid' };
      case 'checkout.session.async_payment_failed':
        return { ...base, event: 'failed' };
      case 'checkout.session.expired':
        return { ...base, event: 'provider_expired' };
      default:
        return { ...base, event: null };
    }
  }

  /**
   * `charge.refunded`: the charge names its order in its metadata (the Checkout Session passes
   * it on to the payment). A full refund refunds the order; a partial one is not applied by
   * itself (the order's states have no "partly refunded"): it is recorded as refused with the
   * amounts, for an operator to adjust the balance by hand if the business agrees.
   */
  private parseRefund(eventId: string, charge: ChargeLike): ProviderEvent {
    const amount = cents(charge.amount);
    const refunded = cents(charge.amount_refunded);
    const base = {
      eventId,
      type: 'charge.refunded',
      orderId: typeof charge.metadata?.orderId === 'string' ? charge.metadata.orderId : null,
      providerReference: null,
      currency: typeof charge.currency === 'string' ? charge.currency.toUpperCase() : undefined,
      ...(amount !== undefined && amount > 0 ? { amountPaid: microsOfCents(amount) } : {}),
    };
    const full =
      charge.refunded === true || (amount !== undefined && refunded !== undefined && refunded >= amount);
    if (full) return { ...base, event: 'refunded' };
    return {
      ...base,
      event: null,
      refusal: `partial refund of ${refunded ?? '?'} of ${amount ?? '?'} cents: not applied, adjust by hand`,
    };
  }

  /** A `Stripe-Signature` header for a payload, as Stripe makes it (the simulator and tests). */
  sign(payload: string, timestamp?: number): string {
    return this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }
}

/** The simulator's stand-in for Stripe: sessions are ours, the page is ours, signatures are real. */
export class SimulatedStripe extends StripeAdapter {
  constructor(
    webhookSecret: string,
    private readonly checkoutUrlOf: (orderId: string) => string,
  ) {
    super({ secretKey: undefined, webhookSecret }, false);
  }

  override async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return {
      providerReference: `cs_sim_${randomBytes(12).toString('hex')}`,
      checkoutUrl: this.checkoutUrlOf(request.orderId),
    };
  }
}

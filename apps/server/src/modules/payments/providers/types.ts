import type { OrderEvent, PaymentMethod, PaymentProvider } from '@switchboard/contracts';

/** What an order asks a provider for: a checkout page where the payer pays this amount. */
export interface CheckoutRequest {
  orderId: string;
  method: PaymentMethod;
  /** Micro-units of the platform currency (at most two decimals: a top-up amount). */
  amount: bigint;
  /** ISO 4217, upper case. */
  currency: string;
  expiresAt: Date;
  /** Where the provider sends the payer back (our console). */
  returnUrl: string;
  /** Where the provider sends its notifications (our webhook route). */
  webhookUrl: string;
}

export interface Checkout {
  /** The provider's id of the checkout (a Stripe Checkout Session id, a NOWPayments invoice id). */
  providerReference: string;
  checkoutUrl: string;
}

/** Request headers, as Fastify gives them. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** One provider notification in our words. */
export interface ProviderEvent {
  /** Unique per notification at the provider (a repeat carries the same id). */
  eventId: string;
  /** The provider's own name of it (`checkout.session.completed`, `partially_paid`). */
  type: string;
  /** Our order id when the provider echoes it, and/or the provider's reference of the checkout. */
  orderId: string | null;
  providerReference: string | null;
  /** What it means for the order; null: nothing (e.g. a payment still waiting). */
  event: OrderEvent | null;
  /** What has been paid so far, in micro-units of `currency` (when the notification says). */
  amountPaid?: bigint;
  currency?: string;
  /**
   * The price the payment was made against, in micro-units of `currency`, when the provider
   * says (a NOWPayments invoice's price_amount): one other than the order's is not credited.
   */
  price?: bigint;
  /**
   * News we do not apply by ourselves (a partial refund): why, for the notification's record and
   * the log; the order does not change and an operator decides.
   */
  refusal?: string;
}

/**
 * One payment provider. Live adapters speak to the provider's API; simulators stand in for them
 * in demo mode and tests, with the same webhook format and signatures.
 */
export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  readonly live: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Proves a notification came from the provider (its signature over the raw body, and for
   * Stripe its timestamp within tolerance); answers the parsed payload. Throws
   * PAYMENT_SIGNATURE_INVALID (400) otherwise.
   */
  verifyWebhook(rawBody: string, headers: WebhookHeaders): unknown;
  /** The verified payload in our words; throws PAYMENT_EVENT_INVALID (400) when it is unreadable. */
  parseEvent(payload: unknown): ProviderEvent;
}

export const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

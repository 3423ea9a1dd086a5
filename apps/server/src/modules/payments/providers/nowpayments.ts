import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { formatMoney, type OrderEvent, parseMoney } from '@switchboard/contracts';
import { AppError } from '../../../platform/envelope';
import {
  type Checkout,
  type CheckoutRequest,
  header,
  type PaymentProviderAdapter,
  type ProviderEvent,
  type WebhookHeaders,
} from './types';

/** NOWPayments' payment statuses, as its IPN callbacks send them. */
export const NOWPAYMENTS_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type NowPaymentsStatus = (typeof NOWPAYMENTS_STATUSES)[number];

const EVENT_OF: Record<NowPaymentsStatus, OrderEvent | null> = {
  waiting: null,
  confirming: 'confirming',
  confirmed: 'confirmed',
  sending: 'confirmed',
  partially_paid: 'partially_paid',
  finished: 'paid',
  failed: 'failed',
  refunded: 'refunded',
  expired: 'provider_expired',
};

/** A JSON value with every object's keys sorted (NOWPayments signs the body this way). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** `x-nowpayments-sig`: HMAC-SHA512 with the IPN secret over the JSON body with sorted keys. */
export function nowPaymentsSignature(payload: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(payload)))
    .digest('hex');
}

/** A decimal (JSON number or text) as an exact scaled integer (`scale` decimals), or undefined. */
export function scaled(value: unknown, scale: number): bigint | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof text !== 'string') return undefined;
  // Numbers JavaScript prints with an exponent are far outside any amount: refused.
  const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(scale, '0').slice(0, scale);
  return BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(fraction || '0');
}

/**
 * The fiat value of what was paid, in micro-units, rounded down to the cent: the price times the
 * share of the crypto amount that arrived (never more than the price).
 */
export function paidFiat(priceMicros: bigint, payAmount: unknown, actuallyPaid: unknown): bigint | undefined {
  const expected = scaled(payAmount, 18);
  const paid = scaled(actuallyPaid, 18);
  if (expected === undefined || paid === undefined || expected === 0n) return undefined;
  if (paid >= expected) return priceMicros;
  const micros = (priceMicros * paid) / expected;
  return (micros / 10_000n) * 10_000n;
}

/**
 * Crypto payments through NOWPayments invoices. Notifications (IPN) are JSON bodies signed with
 * HMAC-SHA512 under the IPN secret (`x-nowpayments-sig`). IPNs carry no event id: a notification
 * is named by the digest of its sorted body, so an identical repeat is recognised.
 */
export class NowPaymentsAdapter implements PaymentProviderAdapter {
  readonly name = 'nowpayments' as const;

  constructor(
    protected readonly options: { apiKey: string | undefined; ipnSecret: string; apiUrl: string },
    readonly live: boolean,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (!this.options.apiKey) throw new Error('NOWPAYMENTS_API_KEY is not set');
    const response = await fetch(`${this.options.apiUrl}/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': this.options.apiKey, 'content-type': 'application/json' },
      // A top-up amount has two decimals and at most five digits before them: exact as a number.
      body: JSON.stringify({
        price_amount: Number(formatMoney(request.amount, 2)),
        price_currency: request.currency.toLowerCase(),
        order_id: request.orderId,
        order_description: 'Balance top-up',
        ipn_callback_url: request.webhookUrl,
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        is_fixed_rate: true,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: unknown; invoice_url?: unknown };
    if (!response.ok || (typeof body.id !== 'string' && typeof body.id !== 'number')) {
      throw new Error(`NOWPayments answered ${response.status} to an invoice`);
    }
    if (typeof body.invoice_url !== 'string') throw new Error('NOWPayments answered no invoice_url');
    return { providerReference: String(body.id), checkoutUrl: body.invoice_url };
  }

  verifyWebhook(rawBody: string, headers: WebhookHeaders): unknown {
    const signature = header(headers, 'x-nowpayments-sig');
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature))
      throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody);
    } catch {
      throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
    }
    const expected = Buffer.from(nowPaymentsSignature(payload, this.options.ipnSecret), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
    }
    return payload;
  }

  parseEvent(payload: unknown): ProviderEvent {
    const ipn = payload as Record<string, unknown>;
    const status = ipn?.payment_status;
    if (typeof status !== 'string' || !(NOWPAYMENTS_STATUSES as readonly string[]).includes(status)) {
      throw new AppError('PAYMENT_EVENT_INVALID', 400);
    }
    const price = scaled(ipn.price_amount, 6);
    if (price === undefined || parseMoney(formatMoney(price)) === undefined) {
      throw new AppError('PAYMENT_EVENT_INVALID', 400);
    }
    const s = status as NowPaymentsStatus;
    let amountPaid: bigint | undefined;
    if (s === 'finished') amountPaid = price;
    // An expiry may carry a partial payment whose own notification is late or lost.
    else if (s === 'partially_paid' || s === 'expired')
      amountPaid = paidFiat(price, ipn.pay_amount, ipn.actually_paid);
    let event = EVENT_OF[s];
    // A "partial" payment of nothing (or unreadable) is still a payment waiting.
    if (event === 'partially_paid' && !amountPaid) event = null;
    const reference = ipn.invoice_id ?? ipn.payment_id;
    return {
      eventId: `ipn:${createHash('sha256')
        .update(JSON.stringify(sortKeys(payload)))
        .digest('hex')}`,
      type: s,
      orderId: typeof ipn.order_id === 'string' ? ipn.order_id : null,
      providerReference:
        typeof reference === 'string' || typeof reference === 'number' ? String(reference) : null,
      event,
      amountPaid,
      currency: typeof ipn.price_currency === 'string' ? ipn.price_currency.toUpperCase() : undefined,
      price,
    };
  }

  sign(payload: unknown): string {
    return nowPaymentsSignature(payload, this.options.ipnSecret);
  }
}

/** The simulator's stand-in for NOWPayments: invoices are ours, signatures are real. */
export class SimulatedNowPayments extends NowPaymentsAdapter {
  constructor(
    ipnSecret: string,
    private readonly checkoutUrlOf: (orderId: string) => string,
  ) {
    super({ apiKey: undefined, ipnSecret, apiUrl: '' }, false);
  }

  override async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return {
      providerReference: String(randomInt(4_000_000_000, 9_000_000_000)),
      checkoutUrl: this.checkoutUrlOf(request.orderId),
    };
  }
}

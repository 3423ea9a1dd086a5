import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '@switchboard/contracts';
import type { PaymentsConfig } from '../../platform/config';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { NowPaymentsAdapter, SimulatedNowPayments } from './providers/nowpayments';
import {
  PaymentSimulator,
  REFUNDABLE,
  SIM_ACTIONS,
  SIM_AFTER_PAYMENT,
  type SimAction,
} from './providers/simulator';
import { SimulatedStripe, StripeAdapter } from './providers/stripe';
import type { PaymentProviderAdapter } from './providers/types';
import type { OrderRow, PaymentsRepo } from './repo';

/** Where the simulators' webhook secrets are kept (one per database, shared by every process). */
export const SIM_SECRETS_SETTING = 'payments.simulator.secrets';
const SIM_CHECKOUT_PATH = '/api/payments/sim/checkout';

interface Adapters {
  stripe: StripeAdapter;
  nowpayments: NowPaymentsAdapter;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment providers' adapters: live (keys from the environment) or, in demo mode, the
 * simulators, which sign with secrets of this database and play the payer's actions on their
 * own clock.
 */
export class PaymentProviders {
  private adapters: Promise<Adapters> | undefined;
  private simulator: PaymentSimulator | undefined;
  /** The address this process listens on (set by the routes once listening). */
  localUrl: () => string = () => 'http://127.0.0.1:8080';

  constructor(
    private readonly repo: PaymentsRepo,
    private readonly services: Pick<Services, 'settings'>,
    private readonly config: PaymentsConfig,
    private readonly log: Logger,
  ) {}

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

  /** A live provider needs its keys and a public address for its return and webhook URLs. */
  liveReady(provider: PaymentProvider): boolean {
    if (!this.config.publicUrl) return false;
    return provider === 'stripe'
      ? Boolean(this.config.stripeSecretKey && this.config.stripeWebhookSecret)
      : Boolean(this.config.nowPaymentsApiKey && this.config.nowPaymentsIpnSecret);
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
}

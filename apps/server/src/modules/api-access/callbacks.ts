import {
  CALLBACK_TEST_TIMEOUT_MS,
  type callbackConfigEditSchema,
  type callbackTestSchema,
  type DeliveryReport,
  type ErrorCode,
  type Locale,
  translateError,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/envelope';
import { type CallbackPostResult, postCallback, privateLiteral } from './callback-post';
import type { ApiCompanyScope } from './company-scope';
import type { ApiAccessRepo, ApiCallbackRow } from './repo';
import { type ApiSecrets, callbackAad } from './secrets';
import { newCallbackSecret, signedCallbackHeaders } from './signing';

export interface CallbackTestView {
  url: string;
  delivered: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  errorCode: string | null;
  at: Date;
}

export interface CallbackConfigView {
  companyId: string;
  url: string | null;
  signingSecretSet: boolean;
  signingSecretCreatedAt: Date | null;
  lastTest: CallbackTestView | null;
  updatedAt: Date | null;
}

/**
 * Companies' delivery-report callback: its URL, the secret that signs what is posted to it, the
 * "send test" post, and the posts of delivery reports the SMS engine asks for.
 */
export class ApiCallbacks {
  constructor(
    private readonly repo: ApiAccessRepo,
    private readonly scope: Pick<ApiCompanyScope, 'companyFor'>,
    private readonly secrets: ApiSecrets,
    private readonly config: Pick<Config, 'callbackAllowPrivate'>,
  ) {}

  private view(companyId: string, row: ApiCallbackRow | undefined, locale: Locale): CallbackConfigView {
    return {
      companyId,
      url: row?.url ?? null,
      signingSecretSet: Boolean(row?.signingSecretSealed),
      signingSecretCreatedAt: row?.signingSecretCreatedAt ?? null,
      lastTest:
        row?.lastTestAt && row.lastTestUrl
          ? testView(
              {
                url: row.lastTestUrl,
                status: row.lastTestStatus,
                durationMs: row.lastTestDurationMs ?? 0,
                errorCode: (row.lastTestErrorCode as ErrorCode | null) ?? null,
                errorParams: parseParams(row.lastTestErrorParams),
                at: row.lastTestAt,
                delivered:
                  row.lastTestStatus !== null && row.lastTestStatus >= 200 && row.lastTestStatus < 300,
              },
              locale,
            )
          : null,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async read(auth: AuthContext, companyId: string | undefined, locale: Locale) {
    const id = await this.scope.companyFor(auth, companyId, 'read');
    return this.view(id, await this.repo.findCallback(id), locale);
  }

  private checkDestination(url: string): void {
    if (this.config.callbackAllowPrivate === true) return;
    const address = privateLiteral(new URL(url));
    if (address !== undefined) throw new AppError('CALLBACK_URL_PRIVATE', 400, { address });
  }

  /** The company's signing secret, created when it has none yet. */
  private async signingSecret(companyId: string): Promise<string> {
    const box = await this.secrets.secretBox();
    let row = await this.repo.findCallback(companyId);
    if (!row?.signingSecretSealed) {
      row = await this.repo.setSigningSecretIfMissing(
        companyId,
        box.seal(newCallbackSecret(), callbackAad(companyId)),
      );
    }
    const secret = this.secrets.open(box, row.signingSecretSealed, callbackAad(companyId));
    if (secret === null) throw new AppError('API_SECRET_UNREADABLE', 409);
    return secret;
  }

  /** Sets (or with null, removes) the callback URL; a signing secret is made with the first URL. */
  async edit(auth: AuthContext, input: z.output<typeof callbackConfigEditSchema>, locale: Locale) {
    const companyId = await this.scope.companyFor(auth, input.companyId, 'write');
    if (input.url !== null) {
      this.checkDestination(input.url);
      await this.signingSecret(companyId);
    }
    const row = await this.repo.saveCallback(companyId, { url: input.url });
    return this.view(companyId, row, locale);
  }

  /**
   * The callback signing secret, for the customer to check what is posted to it. Unlike an API
   * secret it can be shown again: it only proves the platform's posts to the customer, and a user
   * who may manage the callback could point it elsewhere anyway. Each showing is a POST, so the
   * operation log records who looked.
   */
  async revealSecret(auth: AuthContext, companyId: string | undefined): Promise<{ signingSecret: string }> {
    const id = await this.scope.companyFor(auth, companyId, 'write');
    return { signingSecret: await this.signingSecret(id) };
  }

  /** Replaces the callback signing secret (the old one stops at once). */
  async regenerateSecret(
    auth: AuthContext,
    companyId: string | undefined,
  ): Promise<{ signingSecret: string }> {
    const id = await this.scope.companyFor(auth, companyId, 'write');
    const box = await this.secrets.secretBox();
    const signingSecret = newCallbackSecret();
    await this.repo.saveCallback(id, {
      signingSecretSealed: box.seal(signingSecret, callbackAad(id)),
      signingSecretCreatedAt: new Date(),
    });
    return { signingSecret };
  }

  /** Posts a signed sample delivery report to the saved URL (or one given) and says how it went. */
  async test(
    auth: AuthContext,
    input: z.output<typeof callbackTestSchema>,
    locale: Locale,
  ): Promise<CallbackTestView> {
    const companyId = await this.scope.companyFor(auth, input.companyId, 'write');
    const url = input.url ?? (await this.repo.findCallback(companyId))?.url ?? null;
    if (!url) throw new AppError('CALLBACK_URL_NOT_SET', 400);
    this.checkDestination(url);
    const now = new Date();
    const sample: DeliveryReport = {
      event: 'delivery_report',
      test: true,
      messageId: `test-${now.getTime().toString(36)}`,
      to: '8613800138000',
      status: 'DELIVRD',
      errorCode: null,
      submittedAt: new Date(now.getTime() - 2_000).toISOString(),
      doneAt: now.toISOString(),
    };
    const result = await this.post(companyId, url, JSON.stringify(sample), CALLBACK_TEST_TIMEOUT_MS);
    if (result.errorCode === 'CALLBACK_URL_PRIVATE') {
      throw new AppError('CALLBACK_URL_PRIVATE', 400, result.errorParams);
    }
    await this.repo.saveCallback(companyId, {
      lastTestAt: result.at,
      lastTestUrl: url,
      lastTestStatus: result.status,
      lastTestDurationMs: result.durationMs,
      lastTestErrorCode: result.errorCode,
      lastTestErrorParams: result.errorCode ? JSON.stringify(result.errorParams) : null,
    });
    return testView(result, locale);
  }

  /** Every post to a customer's URL goes through here, signed by `signedCallbackHeaders`. */
  private async post(companyId: string, url: string, body: string, timeoutMs: number) {
    const secret = await this.signingSecret(companyId);
    return postCallback({
      url,
      body,
      timeoutMs,
      allowPrivate: this.config.callbackAllowPrivate === true,
      headers: signedCallbackHeaders(secret, body),
    });
  }

  /** For the SMS engine: whether the company has a callback URL (delivery reports are owed to it). */
  async has(companyId: string): Promise<boolean> {
    return Boolean((await this.repo.findCallback(companyId))?.url);
  }

  /**
   * For the SMS engine: posts a delivery report (JSON text) to the company's callback URL, signed,
   * once; retrying with backoff is the caller's. null when the company has no callback URL.
   */
  async deliver(
    companyId: string,
    body: string,
    timeoutMs = CALLBACK_TEST_TIMEOUT_MS,
  ): Promise<CallbackPostResult | null> {
    const url = (await this.repo.findCallback(companyId))?.url;
    if (!url) return null;
    return this.post(companyId, url, body, timeoutMs);
  }
}

function parseParams(text: string | null): Record<string, string | number> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}

function testView(
  result: Pick<
    CallbackPostResult,
    'url' | 'delivered' | 'status' | 'durationMs' | 'errorCode' | 'errorParams' | 'at'
  >,
  locale: Locale,
): CallbackTestView {
  return {
    url: result.url,
    delivered: result.delivered,
    status: result.status,
    durationMs: result.durationMs,
    error: result.errorCode ? translateError(result.errorCode, locale, result.errorParams) : null,
    errorCode: result.errorCode,
    at: result.at,
  };
}

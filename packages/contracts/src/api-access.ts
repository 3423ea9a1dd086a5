import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { dateTime, uuid } from './wire';

/**
 * API access for customers: API keys with a secret (the customer HTTP API takes them as HTTP
 * Basic credentials), the delivery-report callback URL with the scheme that signs what is posted
 * to it, and the addresses allowed to call the API. The callback scheme and its reference
 * verifier live here so that the server, the documentation and any receiver share one definition
 * (see `verifyCallbackSignature`).
 */

// ---- limits -------------------------------------------------------------------------------

/** API keys a company may hold at once (active or disabled; revoked ones do not count). */
export const API_KEYS_PER_COMPANY_MAX = 10;
export const API_KEY_LABEL_MAX_LENGTH = 64;
/** After a rotation the old secret stays valid for this long unless the caller says otherwise. */
export const API_ROTATE_GRACE_DEFAULT_MINUTES = 1_440;
/** The longest grace period a rotation may give the old secret (7 days). */
export const API_ROTATE_GRACE_MAX_MINUTES = 10_080;
/** Addresses or ranges in a company's API IP whitelist. */
export const API_IP_RULES_MAX = 100;
export const API_IP_RULE_MAX_LENGTH = 64;
export const API_IP_RULE_NOTE_MAX_LENGTH = 128;
export const CALLBACK_URL_MAX_LENGTH = 512;
/** The "send test" call waits this long for the customer's server to answer. */
export const CALLBACK_TEST_TIMEOUT_MS = 5_000;
/** How far a callback's timestamp may be from the receiver's clock before it refuses it (seconds). */
export const CALLBACK_SIGNATURE_WINDOW_S = 300;

// ---- credentials ------------------------------------------------------------------------------

export const API_KEY_PATTERN = /^ak_[0-9a-f]{32}$/;
export const API_SECRET_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

// ---- callback signatures (the platform signs, the customer verifies) ------------------------

/**
 * The Web Crypto functions the reference verifier uses (Node 20+ and browsers have them as
 * `globalThis.crypto`); typed here because the contracts compile without the DOM library.
 */
interface SubtleCryptoLike {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: string },
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

interface CryptoLike {
  subtle: SubtleCryptoLike;
}

/** Platform globals of Node 20+ and browsers, typed here for the same reason. */
const platform = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  URL: new (text: string) => { username: string; password: string; hostname: string };
};

function webCrypto(): CryptoLike {
  const crypto = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available');
  return crypto;
}

const utf8 = (text: string) => new platform.TextEncoder().encode(text);
const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex HMAC-SHA256 of `message` keyed with `secret` (UTF-8). */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const subtle = webCrypto().subtle;
  const key = await subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await subtle.sign('HMAC', key, utf8(message)));
}

/**
 * Delivery reports posted to a company's callback URL carry
 * - `X-Switchboard-Timestamp`: Unix seconds when it was sent;
 * - `X-Switchboard-Signature`: `v1=` + lowercase hex HMAC-SHA256, keyed with the company's
 *   callback signing secret (`whsec_…`), of `{timestamp}.{body}` (the raw body text).
 * A receiver recomputes it, compares in constant time and refuses timestamps more than
 * 5 minutes off (`verifyCallbackSignature`).
 */
export const CALLBACK_TIMESTAMP_HEADER = 'X-Switchboard-Timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'X-Switchboard-Signature';
export const CALLBACK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;

export async function signCallback(
  secret: string,
  timestamp: number | string,
  body: string,
): Promise<string> {
  return `v1=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/** Why a callback's signature was refused (or null: it is good). */
export type CallbackSignatureProblem = 'missing' | 'stale' | 'mismatch';

/** The receiver's check of a callback (reference implementation for customers and tests). */
export async function verifyCallbackSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  /** Unix seconds (default now). */
  now?: number;
}): Promise<CallbackSignatureProblem | null> {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > CALLBACK_SIGNATURE_WINDOW_S) return 'stale';
  const expected = await signCallback(input.secret, timestamp, input.body);
  // Constant time over the whole text.
  let diff = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  return diff === 0 ? null : 'mismatch';
}

/**
 * A delivery report as the platform posts it to a callback URL. The SMS engine owns the full
 * shape; the test call posts this sample with `test: true`.
 */
export const deliveryReportSchema = z.object({
  event: z.literal('delivery_report'),
  /** True for the sample sent by "Send test". */
  test: z.boolean(),
  messageId: z.string(),
  /** The destination number (E.164 without +). */
  to: z.string(),
  /** Final state: DELIVRD, UNDELIV, EXPIRED, REJECTD… */
  status: z.string(),
  errorCode: z.string().nullable(),
  submittedAt: z.string(),
  doneAt: z.string(),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

// ---- schemas of the routes --------------------------------------------------------------------

export const API_KEY_STATES = ['active', 'disabled', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** Which company a call is about: the caller's own unless staff or a reseller names one. */
export const apiCompanyQuerySchema = z.object({ companyId: uuid.optional() });

export const apiKeyListQuerySchema = pageQuerySchema.extend({
  companyId: uuid.optional(),
  state: z.enum(API_KEY_STATES).optional(),
});
export type ApiKeyListQuery = z.input<typeof apiKeyListQuerySchema>;

/** A key as every list shows it: never its secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  apiKey: z.string(),
  label: z.string().nullable(),
  state: z.enum(API_KEY_STATES),
  createdAt: dateTime,
  createdBy: z.string().nullable(),
  /** When the secret was last replaced (null: never). */
  rotatedAt: dateTime.nullable(),
  /** Until when the secret before the last rotation still signs (null: it does not). */
  previousSecretValidUntil: dateTime.nullable(),
  lastUsedAt: dateTime.nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKeyRecord = z.input<typeof apiKeySchema>;

const label = z
  .string()
  .trim()
  .max(API_KEY_LABEL_MAX_LENGTH, 'FIELD_TOO_LONG')
  .transform((v) => (v === '' ? null : v));

export const apiKeyGenerateSchema = z.object({
  companyId: uuid.optional(),
  label: label.optional(),
});
export type ApiKeyGenerate = z.input<typeof apiKeyGenerateSchema>;

/** Names one key (keys are public identifiers, like a user name). */
export const apiKeyRef = z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG');

export const apiKeyRefSchema = z.object({ apiKey: apiKeyRef });

export const apiKeyEditSchema = z.object({ apiKey: apiKeyRef, label: label.nullable() });

export const apiKeyRotateSchema = z.object({
  apiKey: apiKeyRef,
  /** How long the old secret keeps signing (0: refused at once). */
  graceMinutes: z
    .number()
    .int('FIELD_INVALID')
    .min(0, 'FIELD_INVALID')
    .max(API_ROTATE_GRACE_MAX_MINUTES, 'FIELD_INVALID')
    .default(API_ROTATE_GRACE_DEFAULT_MINUTES),
});
export type ApiKeyRotate = z.input<typeof apiKeyRotateSchema>;

/** The only answers that carry a secret: generation and rotation, once. */
export const apiKeyIssuedSchema = z.object({
  key: apiKeySchema,
  apiKey: z.string(),
  apiSecret: z.string(),
});
export type ApiKeyIssued = z.input<typeof apiKeyIssuedSchema>;

// API IP whitelist (separate from the company's login IP whitelist).

export const apiIpRuleListQuerySchema = pageQuerySchema.extend({ companyId: uuid.optional() });
export type ApiIpRuleListQuery = z.input<typeof apiIpRuleListQuerySchema>;

export const apiIpRuleSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  rule: z.string(),
  note: z.string().nullable(),
  createdAt: dateTime,
  createdBy: z.string().nullable(),
});
export type ApiIpRuleRecord = z.input<typeof apiIpRuleSchema>;

export const apiIpRuleAddSchema = z.object({
  companyId: uuid.optional(),
  rule: z.string().trim().min(1, 'FIELD_REQUIRED').max(API_IP_RULE_MAX_LENGTH, 'FIELD_TOO_LONG'),
  note: z
    .string()
    .trim()
    .max(API_IP_RULE_NOTE_MAX_LENGTH, 'FIELD_TOO_LONG')
    .transform((v) => (v === '' ? null : v))
    .optional(),
});
export type ApiIpRuleAdd = z.input<typeof apiIpRuleAddSchema>;

// Callback URL.

/**
 * A callback URL: `http://` or `https://`, a host, no user name or password, at most 512
 * characters. Which destinations are reachable (no private addresses) is the server's check.
 */
export const callbackUrl = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(CALLBACK_URL_MAX_LENGTH, 'FIELD_TOO_LONG')
  .superRefine((text, ctx) => {
    if (!/^https?:\/\//i.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'CALLBACK_URL_SCHEME' });
      return;
    }
    let url: { username: string; password: string; hostname: string };
    try {
      url = new platform.URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'CALLBACK_URL_INVALID' });
      return;
    }
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'CALLBACK_URL_CREDENTIALS' });
    else if (!url.hostname || /\s/.test(text))
      ctx.addIssue({ code: 'custom', message: 'CALLBACK_URL_INVALID' });
  });

export const callbackConfigEditSchema = z.object({
  companyId: uuid.optional(),
  /** null or '' removes the callback. */
  url: z.union([z.literal('').transform(() => null), callbackUrl]).nullable(),
});
export type CallbackConfigEdit = z.input<typeof callbackConfigEditSchema>;

export const callbackTestSchema = z.object({
  companyId: uuid.optional(),
  /** Test this URL instead of the saved one (e.g. before saving it). */
  url: callbackUrl.optional(),
});
export type CallbackTest = z.input<typeof callbackTestSchema>;

/** The outcome of one callback post. */
export const callbackTestResultSchema = z.object({
  url: z.string(),
  /** True when the receiver answered 2xx. */
  delivered: z.boolean(),
  /** The receiver's HTTP status (null: no answer). */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why there was no answer, in the caller's language (null: there was one). */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  at: dateTime,
});
export type CallbackTestResult = z.input<typeof callbackTestResultSchema>;

export const callbackConfigSchema = z.object({
  companyId: z.string(),
  url: z.string().nullable(),
  /** Whether a signing secret exists (it is shown by revealSecret, never here). */
  signingSecretSet: z.boolean(),
  signingSecretCreatedAt: dateTime.nullable(),
  lastTest: callbackTestResultSchema.nullable(),
  updatedAt: dateTime.nullable(),
});
export type CallbackConfig = z.input<typeof callbackConfigSchema>;

export const callbackSecretSchema = z.object({ signingSecret: z.string() });
export type CallbackSecret = z.input<typeof callbackSecretSchema>;

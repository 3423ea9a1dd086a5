import path from 'node:path';
import {
  CAPTCHA_DEFAULT_DIFFICULTY,
  DEFAULT_CURRENCY,
  LOGIN_CAPTCHA_MODES,
  parseMoney,
} from '@switchboard/contracts';
import { z } from 'zod';
import { isValidIpRule } from './ip-rules';
import { parseSecretsKey } from './secret-box';

/** The demo accounts' password when DEMO_PASSWORD is not set. */
export const DEFAULT_DEMO_PASSWORD = 'Switchboard1';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/** What TRUST_PROXY means to Fastify: no proxy, how many hops, or which proxies. */
export type TrustProxy = false | number | string[];
/** proxy-addr's named address sets. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL: opening a connection gives up after this long (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PostgreSQL: a statement unanswered this long drops its connection (ms; a silent network). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag,
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  /** Opening balance of each demo company (a top-up written once); `npm start` sets 100. */
  DEMO_BALANCE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as 100 or 100.00')
    .default('0'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_CAPTCHA: z.enum(LOGIN_CAPTCHA_MODES).default('after-failures'),
  CAS_SERVER_URL: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Which proxies in front of the server to believe about the client's address: `0` none (the
   * socket's peer is the client), `1`/`true` one hop, a number of hops, or proxies' addresses and
   * CIDR ranges (comma separated; also `loopback`, `linklocal`, `uniquelocal`). The client is the
   * address the trusted hops added to `X-Forwarded-For`, never an entry the client wrote itself.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const text = (v ?? '').trim().toLowerCase();
      if (['', '0', 'false', 'no'].includes(text)) return false;
      if (['true', 'yes'].includes(text)) return 1;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const proxies = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (proxies.every((p) => PROXY_NAMES.includes(p) || isValidIpRule(p))) return proxies;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be 0, 1 (one proxy), a number of proxies, or proxy addresses and CIDR ranges (comma separated, e.g. 10.0.0.0/8,loopback)',
      });
      return z.NEVER;
    }),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Zero bits of the captcha's proof of work (2^n hashes on average); low values for tests only. */
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(32).default(CAPTCHA_DEFAULT_DIFFICULTY),
  /** Browser tests only: every code sent by SMS (sign-in, password reset) is this. Never in production. */
  INSECURE_FIXED_OTP: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** 32 bytes (64 hex digits or base64): the key that seals API and callback secrets at rest. */
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || parseSecretsKey(v) !== undefined, {
      message: 'must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    }),
  CALLBACK_ALLOW_PRIVATE: flag,
  /** Two simulated upstream SMSCs in the process (the demo's gateways bind to them). */
  SMSC_SIM: flag,
  /** The demo simulators' outcome weights (`delivered=90,expired=2,…`); unset: the demo's mix. */
  SMSC_SIM_OUTCOMES: z.string().max(200).optional(),
  SMSC_SIM_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}\s*,\s*\d{1,5}\s*$/, 'must be two ports, e.g. 2776,2777')
    .default('2776,2777'),
  PLATFORM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default(DEFAULT_CURRENCY),
  /** `simulator`: the built-in payment simulators; `live`: Stripe and NOWPayments. */
  PAYMENTS_MODE: z.enum(['simulator', 'live']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  NOWPAYMENTS_API_KEY: z.string().optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().optional(),
  NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io/v1'),
  /** Address the public reaches this server at (provider return and webhook URLs). */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** One step of the payment simulator's clock (ms). */
  PAYMENTS_SIM_STEP_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  TOP_UP_CARD_EXPIRY_MINUTES: z.coerce.number().int().min(30).max(1440).default(60),
  TOP_UP_CRYPTO_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(10_080).default(120),
  /** SMS: how long a message may wait for a gateway and then for its receipt (default 48 h). */
  SMS_VALIDITY_S: z.coerce.number().int().min(1).max(604_800).default(172_800),
  /**
   * SMS: a message marked as being written to a gateway this long without its answer stored (its
   * dispatcher died) is given up: timeout, charged, never sent again.
   */
  SMS_SUBMIT_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * SMS: a message claimed by a dispatcher and not yet written to a gateway goes back to the queue
   * after this long (its dispatcher died, or waited that long for window room).
   */
  SMS_CLAIM_LEASE_S: z.coerce.number().int().min(1).max(3_600).default(60),
  /** SMS: how often idle dispatchers and callback senders look for work (ms). */
  SMS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(200),
  /** SMS: how often the sweeps (timeouts, late receipts) run (ms). */
  SMS_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /**
   * SMS: messages one dispatcher claims at once (BATCH), and the most it keeps in hand
   * (IN_FLIGHT; never more messages than twice the submits its bound windows hold).
   */
  SMS_DISPATCH_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  SMS_DISPATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(20_000).default(1_000),
  /** SMS callbacks: the first retry's wait (doubling after each), and how long to keep trying. */
  SMS_CALLBACK_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  SMS_CALLBACK_WINDOW_S: z.coerce.number().int().min(1).max(604_800).default(86_400),
  /** Customer HTTP API: requests per minute per API key. */
  SMS_API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(6_000),
  /** Customer SMPP server port (api processes); `off` (or empty) runs none; 0 picks a free port. */
  SMPP_PORT: z
    .union([
      z.literal('off'),
      z.literal('').transform(() => 'off' as const),
      z.coerce.number().int().min(0).max(65_535),
    ])
    .default(2775),
  /** Address the SMPP server listens on (default: all). */
  SMPP_HOST: z.string().optional(),
  /** How often the SMPP server looks for receipts due to its binds that other processes stored (ms). */
  SMPP_RECEIPT_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** A connection to the SMPP server that has not bound within this long is closed (ms). */
  SMPP_BIND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** A bind that sends nothing (not even enquire_link) for this long is unbound (ms). */
  SMPP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** Connections one process's SMPP server holds at once, bound or not; more are closed at once. */
  SMPP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** `GET /metrics`: a Bearer token that opens it (at least 16 characters). */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)), {
      message: 'must be at least 16 visible ASCII characters (e.g. `openssl rand -hex 24`)',
    }),
  /** `GET /metrics`: addresses or CIDR ranges that may read it without the token (comma separated). */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((rules) => rules.every(isValidIpRule), {
      message: 'must be IP addresses or CIDR ranges, comma separated (e.g. 10.0.0.0/8,127.0.0.1)',
    }),
});

export type EnvInput = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  port: number;
  /** Listen address; unset: 127.0.0.1 while a demo user has the default password, else 0.0.0.0. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connecting and a statement's answer wait at most this long (see db-health). */
  databaseTimeouts: { connectMs: number; queryMs: number };
  redisUrl: string | undefined;
  /** undefined: seed demo data only when the database is empty. */
  seedDemo: boolean | undefined;
  demoPassword: string;
  /** Opening balance of each demo company, in micro-units (0: none). */
  demoBalance: bigint;
  adminPassword: string | undefined;
  loginCaptcha: (typeof LOGIN_CAPTCHA_MODES)[number];
  casServerUrl: string | undefined;
  /** TRUST_PROXY: Fastify's `trustProxy`, from which `request.ip` is derived for every consumer. */
  trustProxy: TrustProxy;
  /** Login attempts per minute per address (all users together). */
  loginRateLimit: number;
  logLevel: string;
  /** Built console served at `/`; absent in API-only tests. */
  webDist: string | undefined;
  /** Browser tests only: every code sent by SMS (INSECURE_FIXED_OTP). */
  fixedOtp?: string | undefined;
  /** Zero bits the captcha's proof of work needs (CAPTCHA_DIFFICULTY). */
  captchaDifficulty: number;
  /** Login and operation log rows older than this are deleted (a daily job). */
  logRetentionDays: number;
  /** Ended sessions (expired or revoked) older than this are deleted (a daily job). */
  sessionRetentionDays: number;
  /** ISO 4217 code of the one currency every balance and ledger amount is in. */
  currency: string;
  payments: PaymentsConfig;
  /**
   * The key sealing API and callback secrets (SECRETS_KEY, validated). Unset: a key generated
   * once and kept in the database's settings (the demo; the start-up lines say so).
   */
  secretsKey: string | undefined;
  /**
   * Whether callbacks may go to loopback, private or link-local addresses (CALLBACK_ALLOW_PRIVATE).
   * Unset: decided at start (buildCore), yes only in demo mode (SEED_DEMO, or the database holds
   * the demo), whatever the database.
   */
  callbackAllowPrivate: boolean | undefined;
  /** The SMS engine's timings and batch sizes (see the SMS_* variables). */
  sms: SmsConfig;
  /** The customer HTTP API: requests per minute per API key. */
  smsApiRateLimit: number;
  /** The customer SMPP server: null when off. */
  smpp: {
    port: number;
    host: string | undefined;
    receiptPollMs: number;
    bindTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
  } | null;
  /**
   * The demo's simulated upstream SMSCs: `enabled` undefined means on for the embedded database
   * when its demo gateways exist (npm start), off otherwise; `ports` where they listen.
   */
  smscSim: { enabled: boolean | undefined; ports: [number, number]; outcomes: string | undefined };
  /**
   * Who may read `GET /metrics`: a request with `Authorization: Bearer <token>`, or from an
   * address in `allow`. Neither configured: nobody (it is closed by default).
   */
  metrics: { token: string | undefined; allow: string[] };
  /**
   * Waits out the slow-down of a failed login (login-guard's failureDelayMs). Not from the
   * environment: unset means a real timer; tests pass one that records the delay asked for.
   */
  loginFailureWait?: (ms: number) => Promise<void>;
}

export interface SmsConfig {
  validityMs: number;
  submitTimeoutMs: number;
  claimLeaseMs: number;
  pollMs: number;
  sweepMs: number;
  dispatchBatch: number;
  dispatchInFlight: number;
  callbackRetryMs: number;
  callbackWindowMs: number;
}

/** Payment providers (the payments module). */
export interface PaymentsConfig {
  /** Default: live when any provider key is set, else the simulators. */
  mode: 'simulator' | 'live';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  nowPaymentsApiKey: string | undefined;
  nowPaymentsIpnSecret: string | undefined;
  nowPaymentsApiUrl: string;
  publicUrl: string | undefined;
  simStepMs: number;
  cardExpiryMinutes: number;
  cryptoExpiryMinutes: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: EnvInput = process.env as EnvInput): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.INSECURE_FIXED_OTP && e.SEED_DEMO !== true) {
    throw new ConfigError(
      'Invalid configuration:\n  INSECURE_FIXED_OTP: only with SEED_DEMO=1 (browser tests)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    demoBalance: parseMoney(e.DEMO_BALANCE) ?? 0n,
    adminPassword: e.ADMIN_PASSWORD,
    loginCaptcha: e.LOGIN_CAPTCHA,
    casServerUrl: e.CAS_SERVER_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    fixedOtp: e.INSECURE_FIXED_OTP,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    sessionRetentionDays: e.SESSION_RETENTION_DAYS,
    currency: e.PLATFORM_CURRENCY,
    payments: {
      mode: e.PAYMENTS_MODE ?? (e.STRIPE_SECRET_KEY || e.NOWPAYMENTS_API_KEY ? 'live' : 'simulator'),
      stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      nowPaymentsApiKey: e.NOWPAYMENTS_API_KEY || undefined,
      nowPaymentsIpnSecret: e.NOWPAYMENTS_IPN_SECRET || undefined,
      nowPaymentsApiUrl: e.NOWPAYMENTS_API_URL.replace(/\/+$/, ''),
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      simStepMs: e.PAYMENTS_SIM_STEP_MS,
      cardExpiryMinutes: e.TOP_UP_CARD_EXPIRY_MINUTES,
      cryptoExpiryMinutes: e.TOP_UP_CRYPTO_EXPIRY_MINUTES,
    },
    secretsKey: e.SECRETS_KEY,
    callbackAllowPrivate: e.CALLBACK_ALLOW_PRIVATE,
    smsApiRateLimit: e.SMS_API_RATE_LIMIT,
    smpp:
      e.SMPP_PORT === 'off'
        ? null
        : {
            port: e.SMPP_PORT,
            host: e.SMPP_HOST || undefined,
            receiptPollMs: e.SMPP_RECEIPT_POLL_MS,
            bindTimeoutMs: e.SMPP_BIND_TIMEOUT_MS,
            idleTimeoutMs: e.SMPP_IDLE_TIMEOUT_MS,
            maxConnections: e.SMPP_MAX_CONNECTIONS,
          },
    sms: {
      validityMs: e.SMS_VALIDITY_S * 1000,
      submitTimeoutMs: e.SMS_SUBMIT_TIMEOUT_S * 1000,
      claimLeaseMs: e.SMS_CLAIM_LEASE_S * 1000,
      pollMs: e.SMS_POLL_MS,
      sweepMs: e.SMS_SWEEP_MS,
      dispatchBatch: e.SMS_DISPATCH_BATCH,
      dispatchInFlight: e.SMS_DISPATCH_IN_FLIGHT,
      callbackRetryMs: e.SMS_CALLBACK_RETRY_MS,
      callbackWindowMs: e.SMS_CALLBACK_WINDOW_S * 1000,
    },
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    smscSim: {
      enabled: e.SMSC_SIM,
      ports: e.SMSC_SIM_PORTS.split(',').map((p) => Number(p.trim())) as [number, number],
      outcomes: e.SMSC_SIM_OUTCOMES,
    },
  };
}

import path from 'node:path';
import { type LOGIN_CAPTCHA_MODES, parseMoney } from '@switchboard/contracts';
import type { z } from 'zod';
import { envSchema, type TrustProxy } from './config-env';

export { DEFAULT_DEMO_PASSWORD, envSchema, type TrustProxy } from './config-env';

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
  /** scrypt's cost (log2 N) for new password hashes (PASSWORD_HASH_COST). */
  passwordHashCost: number;
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
    /** Receipts written to one bind and not yet answered, at most. */
    receiptWindow: number;
    bindTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
  } | null;
  /**
   * The demo's simulated upstream SMSCs: `enabled` undefined means on for the embedded database
   * when its demo gateways exist (npm start), off otherwise; `ports` where they listen.
   */
  smscSim: { enabled: boolean | undefined; ports: [number, number]; outcomes: string | undefined };
  /** The voice carrier simulator's SIP port (the demo trunk points to 127.0.0.1 there). */
  voiceSim: { port: number };
  /** Each worker process's SIP stack and RTP ports (calls and trunk checks). */
  voice: {
    sipHost: string;
    publicAddress: string | undefined;
    sipPort: number;
    rtpPorts: { min: number; max: number };
    /** The SIP over TLS listener (a certificate and key file, a port); undefined: connections out only. */
    tls: { certFile: string; keyFile: string; port: number } | undefined;
  };
  /** Where the seats' SIP registrar listens (a worker process's; port 0 picks a free one). */
  seatSip: { host: string; port: number };
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
  if (Boolean(e.VOICE_SIP_TLS_CERT) !== Boolean(e.VOICE_SIP_TLS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VOICE_SIP_TLS_CERT, VOICE_SIP_TLS_KEY: both or neither (a certificate and its key)',
    );
  }
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
    passwordHashCost: e.PASSWORD_HASH_COST,
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
            receiptWindow: e.SMPP_RECEIPT_WINDOW,
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
    voiceSim: { port: e.VOICE_SIM_PORT },
    voice: {
      sipHost: e.VOICE_SIP_HOST,
      publicAddress: e.VOICE_SIP_PUBLIC_ADDRESS || undefined,
      sipPort: e.VOICE_SIP_PORT,
      rtpPorts: rtpRange(e.VOICE_RTP_PORTS),
      tls:
        e.VOICE_SIP_TLS_CERT && e.VOICE_SIP_TLS_KEY
          ? {
              certFile: path.resolve(e.VOICE_SIP_TLS_CERT),
              keyFile: path.resolve(e.VOICE_SIP_TLS_KEY),
              port: e.VOICE_SIP_TLS_PORT,
            }
          : undefined,
    },
    seatSip: { host: e.SEAT_SIP_HOST, port: e.SEAT_SIP_PORT },
  };
}

/** `20000-30000` → its bounds, lower first. */
function rtpRange(text: string): { min: number; max: number } {
  const [a, b] = text.split('-').map((p) => Number(p.trim())) as [number, number];
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

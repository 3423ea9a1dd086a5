import { CAPTCHA_DEFAULT_DIFFICULTY, DEFAULT_CURRENCY, LOGIN_CAPTCHA_MODES } from '@switchboard/contracts';
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

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080).describe('HTTP port.'),
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .describe(
      'Listen address. Unset: `127.0.0.1` while any demo user (admin included) can still sign in with the default password `Switchboard1`, checked against the stored password hashes at every start, so a restarted demo stays local too (the start-up lines name those users); `0.0.0.0` once their passwords are changed.',
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Where the embedded database (PGlite) keeps its data.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('`postgres://…`: use PostgreSQL 15+ instead of the embedded PGlite.'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(5_000)
    .describe(
      'PostgreSQL: opening a connection gives up after this long (ms; a database that is down or silent).',
    ),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(30_000)
    .describe(
      'PostgreSQL: a statement not answered within this long (ms) drops its connection and fails (a silent network never says it is gone); lock waits are exempt.',
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe(
      '`redis://…`: shared store for rate limits and pub/sub (the cache bus, realtime events) when running several processes.',
    ),
  SEED_DEMO: flag.describe(
    '`1`: add demo data; `0`: never; unset: demo data only when the database is empty.',
  ),
  DEMO_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .default(DEFAULT_DEMO_PASSWORD)
    .describe('Password of the demo accounts.'),
  DEMO_BALANCE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as 100 or 100.00')
    .default('0')
    .describe(
      'Opening balance of each demo company (`npm start` sets `100`), written once as a top-up (`demo-opening-balance`) when the demo data is seeded, so the demo sends out of the box; the browser tests set `0`.',
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .describe(
      'Outside demo mode, the first `admin` gets this password; if unset a random one is generated and printed once. There is no default production password.',
    ),
  LOGIN_CAPTCHA: z
    .enum(LOGIN_CAPTCHA_MODES)
    .default('after-failures')
    .describe('`always`, `after-failures` (after 3 failed attempts for a username or an address) or `off`.'),
  CAS_SERVER_URL: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('CAS server base URL for single sign-on (`POST /api/cas/client/validateLogin`).'),
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
    })
    .describe(
      "The proxies in front of the server: `1` (or `true`) one, a number of hops (`2`), or the proxies' addresses and CIDR ranges (`10.0.0.0/8,loopback`; also `linklocal`, `uniquelocal`). The client address is the one those proxies added to `X-Forwarded-For` (read from the right), never an entry the client wrote itself; it is what the IP whitelists, rate limits, `/metrics` and the logs see. With a hop count every request must come through the proxies.",
    ),
  LOGIN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(30)
    .describe(
      'Requests per minute per address to sign-in, SMS-code sign-in, password reset, CAS validation and sign-up.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level; `debug` (or `trace`) also logs every request.'),
  WEB_DIST: z
    .string()
    .optional()
    .describe(
      'Folder of the built console served at `/`. Unset: `apps/web/dist` when it exists; empty, or a folder without `index.html`: no console, the API only.',
    ),
  CAPTCHA_DIFFICULTY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(CAPTCHA_DEFAULT_DIFFICULTY)
    .describe(
      "Zero bits of the captcha's proof of work (2^n SHA-256 on average: about a second in a browser). The tests use low values (the server warns below 12).",
    ),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10)
    .max(20)
    .default(14)
    .describe(
      "scrypt's cost for new password hashes, as log2 of N (14: N = 16384, 16 MiB and tens of milliseconds per hash). Each stored hash keeps the cost it was made with, so a change never locks anyone out. The tests use 10 (the server warns below 14).",
    ),
  INSECURE_FIXED_OTP: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe(
      'Browser tests only: every code sent by SMS (sign-in, password reset) is these 6 digits. Accepted only with `SEED_DEMO=1`; never in production.',
    ),
  LOG_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(180)
    .describe('Login and operation log rows older than this are deleted (daily job).'),
  SESSION_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe('Ended sessions (expired or revoked) older than this are deleted (daily job).'),
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || parseSecretsKey(v) !== undefined, {
      message: 'must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    })
    .describe(
      "32 random bytes (64 hex digits or base64, e.g. `openssl rand -base64 32`): the AES-256-GCM key that seals API secrets, callback signing secrets and SMPP passwords in the database. Unset: a key is generated once and kept in the database's settings (fine for the demo, the start-up lines say so; set it in production and keep it apart from database backups). Changing it makes existing secrets unreadable: those keys must be rotated.",
    ),
  CALLBACK_ALLOW_PRIVATE: flag.describe(
    '`1`: delivery-report callbacks (and their "send test") may go to loopback, private and link-local addresses; `0`: refused. Unset: allowed only in demo mode (`SEED_DEMO=1`, or the database holds the demo users, also after a restart), refused on every other install whatever its database.',
  ),
  SMSC_SIM: flag.describe(
    "`1`: start the two demo SMSC simulators and the voice carrier simulator (`VOICE_SIM_PORT`) in worker processes; `0`: never. Unset: each started on the embedded database when its demo gateways (or demo trunk) exist (`npm start`), never with `DATABASE_URL`. The browser tests set `1` with ports of their own; the API tests' servers run no worker at all.",
  ),
  SMSC_SIM_OUTCOMES: z
    .string()
    .max(200)
    .optional()
    .describe(
      "The simulators' outcome weights, e.g. `delivered=90,undeliverable=4,expired=2,rejected=2,none=2` (the demo's mix, used when unset); numbers ending `0000` are always undeliverable. The browser tests set `delivered=100`.",
    ),
  SMSC_SIM_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}\s*,\s*\d{1,5}\s*$/, 'must be two ports, e.g. 2776,2777')
    .default('2776,2777')
    .describe("The two simulators' ports (the demo gateways are seeded pointing to these)."),
  VOICE_SIM_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .default(5070)
    .describe(
      "The voice carrier simulator's SIP port on 127.0.0.1 (the demo trunk `demo-sip` is seeded pointing to it).",
    ),
  VOICE_SIP_HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe(
      "The address each worker process's SIP stack (and its RTP sockets) binds to for calls and trunk checks. The default suits the demo; a server facing carriers sets its own address (or 0.0.0.0 with `VOICE_SIP_PUBLIC_ADDRESS`).",
    ),
  VOICE_SIP_PUBLIC_ADDRESS: z
    .string()
    .trim()
    .optional()
    .describe(
      'The address put in Via, Contact and SDP when `VOICE_SIP_HOST` is a wildcard or behind NAT (unset: `VOICE_SIP_HOST`).',
    ),
  VOICE_SIP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(0)
    .describe(
      "The SIP port (UDP and TCP) of each worker process's stack; 0 picks a free one (each process has its own stack, so several workers on one host need 0 or different ports).",
    ),
  VOICE_SIP_TLS_CERT: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "A PEM certificate file (its chain after it) each worker process's SIP stack listens on TLS with (`VOICE_SIP_TLS_PORT`, with `VOICE_SIP_TLS_KEY`), so that a carrier on a TLS trunk can open connections to us (its in-dialog requests to our Contact). Unset: TLS trunks are reached over the connections we open only.",
    ),
  VOICE_SIP_TLS_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('The private key file (PEM) of `VOICE_SIP_TLS_CERT`; both or neither.'),
  VOICE_SIP_TLS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(0)
    .describe(
      "The SIP over TLS port each worker process's stack listens on with `VOICE_SIP_TLS_CERT`; 0 picks a free one (as `VOICE_SIP_PORT`, several workers on one host need 0 or different ports).",
    ),
  SEAT_SIP_HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe(
      "The address the seats' SIP registrar (in a worker process) listens on: the call centre's seats (SIP phones, baresip) register there with their SIP username and password. A server with seats on other machines sets its own address (or 0.0.0.0).",
    ),
  SEAT_SIP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(5080)
    .describe(
      "The registrar's SIP port (UDP and TCP); 0 picks a free one. One process per host takes it: another worker on the same host finds it taken and leaves registrations to that one (every process reads seats' registrations from the database).",
    ),
  VOICE_RTP_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}\s*-\s*\d{1,5}\s*$/, 'must be a range, e.g. 20000-30000')
    .default('20000-30000')
    .describe('The UDP port range RTP sessions take their (even) ports from, one per call.'),
  PLATFORM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default(DEFAULT_CURRENCY)
    .describe(
      'ISO 4217 code of the one currency of every balance and ledger amount. The first change of a balance records it (setting `ledger.currency`); a server configured with another one refuses to move money, since stored amounts carry no currency.',
    ),
  PAYMENTS_MODE: z
    .enum(['simulator', 'live'])
    .optional()
    .describe(
      '`simulator` (the built-in payment simulators: no real money) or `live` (Stripe and NOWPayments). Unset: `live` when `STRIPE_SECRET_KEY` or `NOWPAYMENTS_API_KEY` is set, else `simulator`.',
    ),
  STRIPE_SECRET_KEY: z.string().optional().describe('Card top-ups (live): the Stripe API key.'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe("Card top-ups (live): the Stripe webhook endpoint's signing secret (`whsec_…`)."),
  NOWPAYMENTS_API_KEY: z.string().optional().describe('Crypto top-ups (live): the NOWPayments API key.'),
  NOWPAYMENTS_IPN_SECRET: z
    .string()
    .optional()
    .describe('Crypto top-ups (live): the NOWPayments IPN secret.'),
  NOWPAYMENTS_API_URL: z
    .url()
    .default('https://api.nowpayments.io/v1')
    .describe('NOWPayments API base (their sandbox: `https://api-sandbox.nowpayments.io/v1`).'),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe(
      'The address the public reaches the console at (`https://console.example.com`): providers send payers back to `PUBLIC_URL/SysCustomerPay` and notifications to `PUBLIC_URL/api/payments/webhook/stripe` and `…/nowpayments`. Required in live mode.',
    ),
  PAYMENTS_SIM_STEP_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(600_000)
    .default(2000)
    .describe("One step of the payment simulators' clock (ms)."),
  TOP_UP_CARD_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(30)
    .max(1440)
    .default(60)
    .describe('An unpaid card top-up order is timed out after this.'),
  TOP_UP_CRYPTO_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(10_080)
    .default(120)
    .describe('An unpaid crypto top-up order is timed out after this.'),
  SMS_VALIDITY_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(604_800)
    .default(172_800)
    .describe(
      'How long an SMS may wait for a gateway and then for its receipt (48 h): a message no gateway took by then fails (refunded), a sent one without a receipt becomes `timeout`.',
    ),
  SMS_SUBMIT_TIMEOUT_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(600)
    .describe(
      'A message marked as being written to a gateway whose answer was never stored (its process died mid-submit) becomes `sent` on that gateway with `SUBMIT_UNCONFIRMED` (charged) after this: never submitted again, finalised by its receipt if one comes, else `timeout` at validity.',
    ),
  SMS_CLAIM_LEASE_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(60)
    .describe(
      'A message a dispatcher claimed and never wrote to a gateway (it died, or waited that long for window room) goes back to the queue after this and is sent by the next dispatcher.',
    ),
  SMS_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(200)
    .describe('How often idle dispatchers and callback senders look for work (ms).'),
  SMS_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(2_000)
    .describe('How often the timeout sweeps (timeouts, late receipts) run (ms).'),
  SMS_DISPATCH_BATCH: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(500)
    .describe('Messages a dispatcher claims at once.'),
  SMS_DISPATCH_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(20_000)
    .default(1_000)
    .describe(
      'The most messages a dispatcher keeps in hand (never more than twice what its bound gateway windows hold).',
    ),
  SMS_CALLBACK_RETRY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(10_000)
    .describe(
      'A failed delivery-report callback is retried after this (ms), doubling each time, at most an hour apart.',
    ),
  SMS_CALLBACK_WINDOW_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(604_800)
    .default(86_400)
    .describe('How long a failed delivery-report callback keeps being retried.'),
  SMS_API_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(6_000)
    .describe(
      'Customer HTTP API (`/api/openapi/v1`): requests per minute per API key (429 `TOO_MANY_REQUESTS` above it).',
    ),
  SMPP_PORT: z
    .union([
      z.literal('off'),
      z.literal('').transform(() => 'off' as const),
      z.coerce.number().int().min(0).max(65_535),
    ])
    .default(2775)
    .describe(
      "The customer SMPP server's port, in processes that answer HTTP (`--role api` or `all`); `off` (or empty) runs none, `0` picks a free port (tests; the browser tests use it). A port already taken is logged and the server runs without SMPP.",
    ),
  SMPP_HOST: z.string().optional().describe('The address the SMPP server listens on (unset: all addresses).'),
  SMPP_RECEIPT_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(600_000)
    .default(2_000)
    .describe(
      'How often an SMPP server looks for receipts due to its binds that another process stored (ms).',
    ),
  SMPP_RECEIPT_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(100)
    .describe(
      'Receipts (deliver_sm) the SMPP server writes to one bind before the client has answered them; the rest wait until half the window is answered. Lower it for clients with small windows.',
    ),
  SMPP_BIND_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .describe(
      'A connection to the SMPP server that has not bound within this long (ms) is closed; a connection is also closed at its third refused bind.',
    ),
  SMPP_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(300_000)
    .describe(
      'A bind that sends nothing at all (clients send `enquire_link` to stay) for this long (ms) is unbound.',
    ),
  SMPP_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1_000)
    .describe(
      "Connections one process's SMPP server holds at once, bound or not; one more is closed at once.",
    ),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)), {
      message: 'must be at least 16 visible ASCII characters (e.g. `openssl rand -hex 24`)',
    })
    .describe(
      '`GET /metrics` answers a request with `Authorization: Bearer <this>` (at least 16 visible characters, e.g. `openssl rand -hex 24`).',
    ),
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
    })
    .describe(
      '`GET /metrics` also answers these addresses or CIDR ranges without the token (comma separated, e.g. `10.0.0.0/8,127.0.0.1`; the client address as `TRUST_PROXY` decides it). With neither this nor `METRICS_TOKEN` set, `/metrics` answers nobody (403).',
    ),
});

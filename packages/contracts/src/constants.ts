/** Business constants and limits (spec section 9). Every limit lives here once. */
export const API_PREFIX = '/api';
export const TOKEN_HEADER = 'X-Access-Token';
export const LOCALE_HEADER = 'X-Locale';
/** Login token, username and user info are kept for 7 days. */
export const TOKEN_TTL_MS = 604_800_000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const WS_HEARTBEAT_IDLE_MS = 20_000;
export const WS_RECONNECT_MS = 5_000;
export const LOGOUT_RELOAD_DELAY_MS = 1_500;
export const ERROR_MESSAGE_DURATION_S = 4;

export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const PRIMARY_COLOR = '#24936E';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const ELLIPSIS_LENGTH = 25;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const USERNAME_MAX_LENGTH = 64;
/** Free-text filters of lists (the user list's username, real name and keyword). */
export const SEARCH_TEXT_MAX_LENGTH = 64;
/** Failed logins (per username, per address, or per both) before a captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * Failed logins of one account from one address that pause that pair for LOGIN_LOCK_MS; each
 * further failure after a pause pauses it again for twice as long (at most LOGIN_LOCK_MAX_MS).
 * Nobody can lock an account for others: only their own address's attempts.
 */
export const LOGIN_LOCK_AFTER_FAILURES = 10;
/** Failed logins from one address (any usernames) that pause that address (password spraying). */
export const LOGIN_ADDRESS_LOCK_AFTER_FAILURES = 30;
/** Counters left alone this long start again (unless paused). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const LOGIN_LOCK_MAX_MS = 24 * 60 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/**
 * Zero bits the captcha's proof of work needs (CAPTCHA_DIFFICULTY): 2^17 SHA-256 on average,
 * about a second in a browser.
 */
export const CAPTCHA_DEFAULT_DIFFICULTY = 17;
export const TOTP_DIGITS = 6;

export const TOP_UP_MIN = 50;
export const TOP_UP_MAX = 50_000;
export const TTL_MIN_S = 60;
export const TTL_MAX_S = 600;
export const HANGUP_SMS_MAX = 320;
export const TTS_TEXT_MAX = 800;
export const TIME_PERIODS_MAX = 5;
export const TIME_PERIOD_MIN_MINUTES = 5;
export const TEMPLATE_VALIDITY_DAYS = 30;
export const SORT_MIN = 0;
export const SORT_MAX = 100;

export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const ROLE_CODES = ['admin', 'sales', 'distributor', 'agent', 'customer'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** Platform staff: their data scope is every company. */
export const PLATFORM_ROLE_CODES: readonly RoleCode[] = ['admin', 'sales'];
/** Resellers: their data scope is their company and every company below it. */
export const RESELLER_ROLE_CODES: readonly RoleCode[] = ['distributor', 'agent'];
const holdsAny = (roles: readonly string[], codes: readonly RoleCode[]): boolean =>
  roles.some((role) => (codes as readonly string[]).includes(role));
/** Whether roles give a data scope of every company (the server decides; the console adapts). */
export const hasPlatformScope = (roles: readonly string[]): boolean => holdsAny(roles, PLATFORM_ROLE_CODES);
/** Whether roles give a data scope of the user's company and every company below it. */
export const hasResellerScope = (roles: readonly string[]): boolean => holdsAny(roles, RESELLER_ROLE_CODES);

export const COMPANY_TYPES = ['direct', 'two-way', 'agent'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const LOGIN_CAPTCHA_MODES = ['always', 'after-failures', 'off'] as const;
export type LoginCaptchaMode = (typeof LOGIN_CAPTCHA_MODES)[number];

/** Permission strategies of spec section 6: 1 hides the control, 2 disables it. */
export const PERMS_TYPE_HIDE = '1';
export const PERMS_TYPE_DISABLE = '2';

import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, type ErrorCode } from '@switchboard/contracts';
import { TtlCache } from '../../platform/cache';
import type { CacheBus } from '../../platform/cache-bus';
import { AppError } from '../../platform/envelope';
import { ipAllowed } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import { headerCredential } from '../../platform/validation';
import type { ApiCompanyScope } from './company-scope';
import type { ApiAccessRepo, ApiKeyRow } from './repo';
import { type ApiSecrets, keyAad } from './secrets';

/** Who a request to the customer API is from, or why it is refused (an AppError with its status and code). */
export type VerifyOutcome =
  | {
      ok: true;
      companyId: string;
      keyId: string;
      apiKey: string;
      /** The secret before the last rotation, still within its grace period. */
      previousSecret: boolean;
    }
  | { ok: false; error: AppError };

/** How long verification may use a key's row and a company's API IP whitelist read before. */
const VERIFY_CACHE_TTL_MS = 5_000;
const VERIFY_CACHE_MAX_ENTRIES = 10_000;
/** A key's last use is recorded at most this often by one process (the column's own rule too). */
const TOUCH_EVERY_MS = 60_000;
/** The cache-bus name of this module's verification caches. */
const CACHE_NAME = 'apiAccess.verify';

/**
 * The customer API's one authentication scheme: HTTP Basic with an API key and its secret, from
 * an address in the company's API IP whitelist.
 */
export class ApiCredentials {
  /**
   * What verification reads on every call, kept briefly: a key's row (its company, state and
   * sealed secrets; unknown keys are not kept) and a company's API IP whitelist. Every change of
   * keys or rules empties both at once in this process and, through the cache bus, in the others
   * (the TTL only bounds a lost event).
   */
  private readonly keyCache = new TtlCache<ApiKeyRow | undefined>(
    VERIFY_CACHE_TTL_MS,
    VERIFY_CACHE_MAX_ENTRIES,
  );
  private readonly ruleCache = new TtlCache<string[]>(VERIFY_CACHE_TTL_MS, VERIFY_CACHE_MAX_ENTRIES);
  /** When this process last recorded each key's use, by key id. */
  private readonly touched = new Map<string, number>();
  /** Database reads of keys and rules made for verification (tests watch the cache work). */
  readonly verifyReads = { keys: 0, rules: 0 };

  constructor(
    private readonly repo: ApiAccessRepo,
    private readonly secrets: ApiSecrets,
    private readonly companies: Pick<ApiCompanyScope, 'active'>,
    private readonly log: Logger,
    private readonly caches?: CacheBus,
  ) {
    caches?.register(CACHE_NAME, () => this.dropCached());
  }

  private dropCached() {
    this.keyCache.clear();
    this.ruleCache.clear();
  }

  /**
   * After a change of keys or rules (written, committed): verification reads them afresh, here at
   * once and in every other process as soon as the event reaches it.
   */
  async changed(): Promise<void> {
    if (this.caches) await this.caches.changed(CACHE_NAME);
    else this.dropCached();
  }

  private cachedKey(apiKey: string): Promise<ApiKeyRow | undefined> {
    return this.keyCache.getOrLoad(
      apiKey,
      () => {
        this.verifyReads.keys++;
        return this.repo.findKey(apiKey);
      },
      (row) => row !== undefined,
    );
  }

  private cachedRules(companyId: string): Promise<string[]> {
    return this.ruleCache.getOrLoad(companyId, () => {
      this.verifyReads.rules++;
      return this.repo.rulesOf(companyId);
    });
  }

  /**
   * Checks HTTP Basic credentials of the customer HTTP API (`Authorization: Basic
   * base64(apiKey:apiSecret)`): the key known, not revoked nor disabled, the secret right (the
   * current one, or the previous one within its grace period; compared in constant time), the
   * company active and the caller's address in the company's API IP whitelist.
   */
  async verifyBasic(request: {
    authorization: string | undefined;
    ip: string;
    now?: number;
  }): Promise<VerifyOutcome> {
    const refuse = (code: ErrorCode, status: number, params: Record<string, string | number> = {}) =>
      ({ ok: false, error: new AppError(code, status, params) }) as const;
    const credentials = parseBasic(request.authorization);
    if (!credentials) return refuse('API_BASIC_AUTH_REQUIRED', 401);
    // Unknown, revoked (its secret is erased, so nothing can match) and a wrong secret are one
    // answer: a caller without the secret learns nothing about a key's state.
    if (!API_KEY_PATTERN.test(credentials.user)) return refuse('API_CREDENTIALS_INVALID', 401);
    const key = await this.cachedKey(credentials.user);
    if (!key || key.state === 'revoked') return refuse('API_CREDENTIALS_INVALID', 401);
    const box = await this.secrets.secretBox();
    const secret = this.secrets.open(box, key.secretSealed, keyAad(key.apiKey));
    if (secret === null) return refuse('API_SECRET_UNREADABLE', 401);
    let previousSecret = false;
    if (!sameText(secret, credentials.password)) {
      const now = new Date(request.now ?? Date.now());
      const previous =
        key.previousValidUntil && key.previousValidUntil > now
          ? this.secrets.open(box, key.previousSecretSealed, keyAad(key.apiKey))
          : null;
      if (previous === null || !sameText(previous, credentials.password)) {
        return refuse('API_CREDENTIALS_INVALID', 401);
      }
      previousSecret = true;
    }
    if (key.state === 'disabled') return refuse('API_KEY_DISABLED', 401);
    if (!(await this.companies.active(key.companyId))) return refuse('API_COMPANY_NOT_ACTIVE', 403);
    if (!(await this.ipAllowedFor(key.companyId, request.ip))) {
      return refuse('API_IP_NOT_ALLOWED', 403, { ip: request.ip.slice(0, 64) });
    }
    await this.touch(key, request.ip);
    return { ok: true, companyId: key.companyId, keyId: key.id, apiKey: key.apiKey, previousSecret };
  }

  /** Whether `ip` may use the API for the company (an empty whitelist allows any). */
  private async ipAllowedFor(companyId: string, ip: string): Promise<boolean> {
    return ipAllowed(ip, await this.cachedRules(companyId));
  }

  /** Records a key's last use, at most once a minute per key and process (people read it). */
  private async touch(key: ApiKeyRow, ip: string) {
    const now = Date.now();
    if (now - (this.touched.get(key.id) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touched.size >= VERIFY_CACHE_MAX_ENTRIES) this.touched.clear();
    this.touched.set(key.id, now);
    try {
      await this.repo.touchKey(key.id, ip);
    } catch (error) {
      this.log.warn({ err: error, apiKey: key.apiKey }, 'could not record the API key’s last use');
    }
  }
}

/** The user name and password of an `Authorization: Basic …` header (undefined: none or malformed). */
export function parseBasic(header: string | undefined): { user: string; password: string } | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(header);
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  // Decoded text is the caller's: control characters and overlong values make no credentials.
  const user = headerCredential(text.slice(0, colon), 64);
  const password = headerCredential(text.slice(colon + 1), 256);
  return user && password ? { user, password } : undefined;
}

/** Constant-time comparison of two secrets (by their SHA-256, so lengths do not leak). */
function sameText(expected: string, given: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(expected).digest(),
    createHash('sha256').update(given).digest(),
  );
}

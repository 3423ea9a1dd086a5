import { createHash, timingSafeEqual } from 'node:crypto';
import {
  API_IP_RULES_MAX,
  API_KEY_PATTERN,
  API_KEYS_PER_COMPANY_MAX,
  API_SIGNATURE_WINDOW_S,
  type apiIpRuleAddSchema,
  type apiIpRuleListQuerySchema,
  type apiKeyEditSchema,
  type apiKeyGenerateSchema,
  type apiKeyListQuerySchema,
  type apiKeyRotateSchema,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TEST_TIMEOUT_MS,
  CALLBACK_TIMESTAMP_HEADER,
  type callbackConfigEditSchema,
  type callbackTestSchema,
  type DeliveryReport,
  type ErrorCode,
  hasPlatformScope,
  type Locale,
  type Page,
  translateError,
} from '@switchboard/contracts';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import type { CacheBus } from '../../platform/cache-bus';
import type { Config } from '../../platform/config';
import { type Db, inTransaction, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { ipAllowed, isValidIpRule } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { DataScope } from '../../platform/scope';
import { newSecretsKey, parseSecretsKey, SecretBox } from '../../platform/secret-box';
import { headerCredential } from '../../platform/validation';
import { type CallbackPostResult, postCallback, privateLiteral } from './callback-post';
import { ApiAccessRepo, type ApiCallbackRow, type ApiIpRuleRow, type ApiKeyRow } from './repo';
import {
  callbackSignature,
  type Headers,
  hmacHex,
  newApiKey,
  newApiSecret,
  newCallbackSecret,
  readSignedHeaders,
  requestSignature,
  sameSignature,
  sha256Hex,
} from './signing';

/** Where the generated secrets key is kept when SECRETS_KEY is not set (settings). */
export const SECRETS_KEY_SETTING = 'apiAccess.secretsKey';

/** A request to the customer API, as the SMS engine (or the ping route) hands it over. */
export interface SignedRequest {
  method: string;
  /** The request target as received: path and query (`request.url` in Fastify). */
  path: string;
  headers: Headers;
  /** The raw body bytes as received ('' or undefined for none). */
  body?: string | Uint8Array;
  /** The caller's address (`request.ip`, which honours TRUST_PROXY). */
  ip: string;
  /** Clock for tests (ms). */
  now?: number;
}

/** Who signed a request, or why it is refused (an AppError with its status and code). */
export type VerifyOutcome =
  | {
      ok: true;
      companyId: string;
      keyId: string;
      apiKey: string;
      /** Signed with the secret before the last rotation, still within its grace period. */
      previousSecret: boolean;
    }
  | { ok: false; error: AppError };

export type ApiKeyView = Omit<
  ApiKeyRow,
  'secretSealed' | 'previousSecretSealed' | 'updatedAt' | 'revokedAt' | 'previousValidUntil'
> & {
  companyName: string;
  previousSecretValidUntil: Date | null;
};
export type ApiIpRuleView = ApiIpRuleRow & { companyName: string };

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

type Mode = 'read' | 'write';

/** How long verification may use a key's row and a company's API IP whitelist read before. */
const VERIFY_CACHE_TTL_MS = 5_000;
const VERIFY_CACHE_MAX_ENTRIES = 10_000;
/** A key's last use is recorded at most this often by one process (the column's own rule too). */
const TOUCH_EVERY_MS = 60_000;
/** The cache-bus name of this module's verification caches. */
const CACHE_NAME = 'apiAccess.verify';

const keyAad = (apiKey: string) => `api-key:${apiKey}`;
const callbackAad = (companyId: string) => `callback:${companyId}`;

/** Whether a company may use the API. The company module's freeze and disable join here when they exist. */
/** An approved company that is neither frozen nor disabled (read fresh on every call: a freeze stops its API at once). */
function companyMayUseApi(company: { approvalStatus: string; frozen: boolean; enabled: boolean }): boolean {
  return company.approvalStatus === 'approved' && !company.frozen && company.enabled;
}

/**
 * API access of companies: keys and their secrets (sealed at rest), request verification for the
 * customer API, the API IP whitelist, and the delivery-report callback with its signing secret.
 *
 * Who may do what: a customer manages its own company's; a reseller (distributor, agent)
 * manages its own and reads its customers'; platform staff manage any company in their scope.
 */
export class ApiAccessService {
  private readonly repo: ApiAccessRepo;
  private box: SecretBox | undefined;
  private warnedUnreadable = false;
  /**
   * What verifyRequest reads on every signed call, kept briefly: a key's row (its company, state
   * and sealed secrets; unknown keys are not kept) and a company's API IP whitelist. Every change
   * of keys or rules empties both at once in this process and, through the cache bus, in
   * the others (the TTL only bounds a lost event).
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
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'settings'>,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new ApiAccessRepo(db);
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
  private async changed() {
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

  // ---- the key that seals secrets

  /**
   * SECRETS_KEY, or else a key generated once and kept in the settings (two processes starting
   * together agree on the first one written). Resolved outside transactions: a generated key
   * written inside one that then rolled back must not be remembered. Other modules seal their
   * secrets with it too (gateway and SMPP account passwords).
   */
  async secretBox(): Promise<SecretBox> {
    if (this.box) return this.box;
    let key: Buffer | undefined;
    if (this.config.secretsKey) key = parseSecretsKey(this.config.secretsKey);
    else
      key = parseSecretsKey(await this.services.settings.setIfMissing(SECRETS_KEY_SETTING, newSecretsKey()));
    if (!key) throw new Error(`the setting ${SECRETS_KEY_SETTING} does not hold a 32-byte key`);
    const box = new SecretBox(key);
    if (!inTransaction()) this.box = box;
    return box;
  }

  private open(box: SecretBox, sealed: string | null, aad: string): string | null {
    if (sealed === null) return null;
    const plain = box.open(sealed, aad);
    if (plain === null && !this.warnedUnreadable) {
      this.warnedUnreadable = true;
      this.log.error(
        { keyId: box.keyId, sealedWith: sealed.split('.')[1] },
        'a sealed API secret does not open with the current secrets key (SECRETS_KEY changed?); such keys must be rotated',
      );
    }
    return plain;
  }

  // ---- scope

  /**
   * The company a call is about: the one named, else the caller's own. Reading: any company in
   * the caller's scope. Changing: one's own company, or for platform staff any in scope.
   */
  private async companyFor(auth: AuthContext, companyId: string | undefined, mode: Mode): Promise<string> {
    const own = auth.user.companyId;
    const id = companyId ?? own;
    if (!id) throw new AppError('FIELD_REQUIRED', 400, { field: 'companyId' });
    await this.checkCompany(auth, id, mode);
    return id;
  }

  private async checkCompany(auth: AuthContext, companyId: string, mode: Mode): Promise<void> {
    if (mode === 'write' && !hasPlatformScope(auth.roles) && companyId !== auth.user.companyId) {
      throw new AppError('NO_OPERATION_PERMISSION', 403);
    }
    await this.services.companies.assertInScope(auth, [companyId]);
    if (!(await this.services.companies.find(companyId))) throw new AppError('NOT_FOUND', 404);
  }

  /** What a list covers: one named company (checked), the caller's own, or staff's whole scope. */
  private async listScope(
    auth: AuthContext,
    companyId: string | undefined,
  ): Promise<{ scope: DataScope; companyId: string | undefined }> {
    const scope = await this.services.companies.assertInScope(auth, companyId ? [companyId] : []);
    if (companyId) return { scope, companyId };
    return { scope, companyId: auth.user.companyId ?? undefined };
  }

  /** A key the caller may see (404 otherwise) and, to change it, manage (403). */
  private async keyFor(auth: AuthContext, apiKey: string, mode: Mode): Promise<ApiKeyRow> {
    const row = await this.services.companies.objectInScope(auth, await this.repo.findKey(apiKey));
    if (mode === 'write') await this.checkCompany(auth, row.companyId, 'write');
    return row;
  }

  private async namesOf(companyIds: string[]): Promise<Map<string, string>> {
    return this.services.companies.namesOf([...new Set(companyIds)]);
  }

  private viewKey(row: ApiKeyRow, names: Map<string, string>): ApiKeyView {
    const {
      secretSealed: _s,
      previousSecretSealed,
      previousValidUntil,
      updatedAt: _u,
      revokedAt: _r,
      ...rest
    } = row;
    const graceOn =
      previousSecretSealed !== null && previousValidUntil !== null && previousValidUntil > new Date();
    return {
      ...rest,
      companyName: names.get(row.companyId) ?? '',
      previousSecretValidUntil: graceOn ? previousValidUntil : null,
    };
  }

  private async presentKey(row: ApiKeyRow): Promise<ApiKeyView> {
    return this.viewKey(row, await this.namesOf([row.companyId]));
  }

  // ---- keys

  async listKeys(
    auth: AuthContext,
    query: z.output<typeof apiKeyListQuerySchema>,
  ): Promise<Page<ApiKeyView>> {
    const { scope, companyId } = await this.listScope(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countKeys(scope, companyId, query.state),
      (limit, offset) => this.repo.listKeys(scope, companyId, query.state, limit, offset),
    );
    const names = await this.namesOf(page.records.map((r) => r.companyId));
    return { ...page, records: page.records.map((r) => this.viewKey(r, names)) };
  }

  /** A new key and its secret: the only time the secret is answered (besides a rotation). */
  async generate(
    auth: AuthContext,
    input: z.output<typeof apiKeyGenerateSchema>,
  ): Promise<{ key: ApiKeyView; apiKey: string; apiSecret: string }> {
    const companyId = await this.companyFor(auth, input.companyId, 'write');
    const box = await this.secretBox();
    const apiKey = newApiKey();
    const apiSecret = newApiSecret();
    const row = await withTransaction(this.db, async () => {
      await this.repo.lockCompany('keys', companyId);
      if ((await this.repo.countLiveKeys(companyId)) >= API_KEYS_PER_COMPANY_MAX) {
        throw new AppError('API_KEY_LIMIT', 409, { max: API_KEYS_PER_COMPANY_MAX });
      }
      return this.repo.insertKey({
        companyId,
        apiKey,
        label: input.label ?? null,
        state: 'active',
        secretSealed: box.seal(apiSecret, keyAad(apiKey)),
        createdBy: auth.user.username,
      });
    });
    await this.changed();
    this.log.info({ companyId, apiKey, by: auth.user.username }, 'API key generated');
    return { key: await this.presentKey(row), apiKey, apiSecret };
  }

  /**
   * A new secret for a key. The old one keeps signing for `graceMinutes` (0: refused at once), so
   * that clients can switch without an outage; a rotation within the grace period ends the grace
   * of the secret before (only the last two secrets are ever valid).
   */
  async rotate(
    auth: AuthContext,
    input: z.output<typeof apiKeyRotateSchema>,
  ): Promise<{ key: ApiKeyView; apiKey: string; apiSecret: string }> {
    const found = await this.keyFor(auth, input.apiKey, 'write');
    if (found.state === 'revoked') throw new AppError('API_KEY_REVOKED', 409);
    const box = await this.secretBox();
    const apiSecret = newApiSecret();
    const now = new Date();
    const grace = input.graceMinutes > 0;
    const row = await this.repo.updateKey(found.id, {
      secretSealed: box.seal(apiSecret, keyAad(found.apiKey)),
      previousSecretSealed: grace ? found.secretSealed : null,
      previousValidUntil: grace ? new Date(now.getTime() + input.graceMinutes * 60_000) : null,
      rotatedAt: now,
    });
    await this.changed();
    this.log.info(
      {
        companyId: row.companyId,
        apiKey: row.apiKey,
        graceMinutes: input.graceMinutes,
        by: auth.user.username,
      },
      'API key rotated',
    );
    return { key: await this.presentKey(row), apiKey: row.apiKey, apiSecret };
  }

  /** Disables (requests refused until enabled again) or enables a key. */
  async setEnabled(auth: AuthContext, apiKey: string, enabled: boolean): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, apiKey, 'write');
    if (found.state === 'revoked') throw new AppError('API_KEY_REVOKED', 409);
    const row = await this.repo.updateKey(found.id, { state: enabled ? 'active' : 'disabled' });
    await this.changed();
    return this.presentKey(row);
  }

  /** Revokes a key for good: its secrets are erased; the row stays for the record. */
  async revoke(auth: AuthContext, apiKey: string): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, apiKey, 'write');
    if (found.state === 'revoked') return this.presentKey(found);
    const row = await this.repo.updateKey(found.id, {
      state: 'revoked',
      secretSealed: null,
      previousSecretSealed: null,
      previousValidUntil: null,
      revokedAt: new Date(),
    });
    await this.changed();
    this.log.info(
      { companyId: row.companyId, apiKey: row.apiKey, by: auth.user.username },
      'API key revoked',
    );
    return this.presentKey(row);
  }

  async editLabel(auth: AuthContext, input: z.output<typeof apiKeyEditSchema>): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, input.apiKey, 'write');
    return this.presentKey(await this.repo.updateKey(found.id, { label: input.label }));
  }

  // ---- verification (the SMS engine's customer API calls this)

  /**
   * Checks a signed request: headers present and well formed, timestamp within 5 minutes, the
   * key known and not revoked with the signature (current secret, or the previous one in its grace
   * period), the key enabled, the company active, the caller's address in the API IP whitelist,
   * and the nonce new (recorded only once everything else passed, so refused requests cannot use
   * up nonces). Answers who signed, or the first reason to refuse.
   */
  async verifyRequest(request: SignedRequest): Promise<VerifyOutcome> {
    const refuse = (code: ErrorCode, status: number, params: Record<string, string | number> = {}) =>
      ({ ok: false, error: new AppError(code, status, params) }) as const;
    const headers = readSignedHeaders(request.headers, request.now ?? Date.now());
    if ('code' in headers) return refuse(headers.code, 401, headers.params);
    const key = await this.cachedKey(headers.apiKey);
    // Unknown, revoked (its secret is erased, so nothing can match) and wrongly signed are one
    // answer: a caller without the secret learns nothing about a key's state.
    if (!key || key.state === 'revoked') return refuse('API_SIGNATURE_INVALID', 401);
    const box = await this.secretBox();
    const secret = this.open(box, key.secretSealed, keyAad(key.apiKey));
    if (secret === null) return refuse('API_SECRET_UNREADABLE', 401);
    const parts = {
      apiKey: headers.apiKey,
      timestamp: headers.timestamp,
      nonce: headers.nonce,
      method: request.method,
      path: request.path,
      bodySha256: sha256Hex(request.body ?? ''),
    };
    let previousSecret = false;
    if (!sameSignature(requestSignature(secret, parts), headers.signature)) {
      const now = new Date(request.now ?? Date.now());
      const previous =
        key.previousValidUntil && key.previousValidUntil > now
          ? this.open(box, key.previousSecretSealed, keyAad(key.apiKey))
          : null;
      if (previous === null || !sameSignature(requestSignature(previous, parts), headers.signature)) {
        return refuse('API_SIGNATURE_INVALID', 401);
      }
      previousSecret = true;
    }
    if (key.state === 'disabled') return refuse('API_KEY_DISABLED', 401);
    const company = await this.services.companies.findCached(key.companyId);
    if (!company || !companyMayUseApi(company)) return refuse('API_COMPANY_NOT_ACTIVE', 403);
    if (!ipAllowed(request.ip, await this.cachedRules(key.companyId))) {
      return refuse('API_IP_NOT_ALLOWED', 403, { ip: request.ip.slice(0, 64) });
    }
    if (!(await this.repo.useNonce(key.id, headers.nonce))) return refuse('API_NONCE_REPLAYED', 401);
    await this.touch(key, request.ip);
    return { ok: true, companyId: key.companyId, keyId: key.id, apiKey: key.apiKey, previousSecret };
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
    // Unknown, revoked (secret erased) and a wrong secret are one answer (see verifyRequest).
    if (!API_KEY_PATTERN.test(credentials.user)) return refuse('API_CREDENTIALS_INVALID', 401);
    const key = await this.cachedKey(credentials.user);
    if (!key || key.state === 'revoked') return refuse('API_CREDENTIALS_INVALID', 401);
    const box = await this.secretBox();
    const secret = this.open(box, key.secretSealed, keyAad(key.apiKey));
    if (secret === null) return refuse('API_SECRET_UNREADABLE', 401);
    let previousSecret = false;
    if (!sameText(secret, credentials.password)) {
      const now = new Date(request.now ?? Date.now());
      const previous =
        key.previousValidUntil && key.previousValidUntil > now
          ? this.open(box, key.previousSecretSealed, keyAad(key.apiKey))
          : null;
      if (previous === null || !sameText(previous, credentials.password)) {
        return refuse('API_CREDENTIALS_INVALID', 401);
      }
      previousSecret = true;
    }
    if (key.state === 'disabled') return refuse('API_KEY_DISABLED', 401);
    const company = await this.services.companies.findCached(key.companyId);
    if (!company || !companyMayUseApi(company)) return refuse('API_COMPANY_NOT_ACTIVE', 403);
    if (!ipAllowed(request.ip, await this.cachedRules(key.companyId))) {
      return refuse('API_IP_NOT_ALLOWED', 403, { ip: request.ip.slice(0, 64) });
    }
    await this.touch(key, request.ip);
    return { ok: true, companyId: key.companyId, keyId: key.id, apiKey: key.apiKey, previousSecret };
  }

  /** Whether a company may use the API and SMPP now (approved, neither frozen nor disabled). */
  async companyActive(companyId: string): Promise<boolean> {
    const company = await this.services.companies.findCached(companyId);
    return Boolean(company && companyMayUseApi(company));
  }

  /** Whether `ip` may use the API for the company (for SMPP binds, which do not sign requests). */
  async ipAllowedFor(companyId: string, ip: string): Promise<boolean> {
    return ipAllowed(ip, await this.cachedRules(companyId));
  }

  /** Forgets nonces older than twice the window and erases previous secrets whose grace ended. */
  async purge(now = new Date()): Promise<{ nonces: number }> {
    const nonces = await this.repo.purgeNonces(new Date(now.getTime() - 2 * API_SIGNATURE_WINDOW_S * 1000));
    await this.repo.dropEndedGrace(now);
    return { nonces };
  }

  // ---- API IP whitelist

  async listIpRules(
    auth: AuthContext,
    query: z.output<typeof apiIpRuleListQuerySchema>,
  ): Promise<Page<ApiIpRuleView>> {
    const { scope, companyId } = await this.listScope(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countRules(scope, companyId),
      (limit, offset) => this.repo.listRules(scope, companyId, limit, offset),
    );
    const names = await this.namesOf(page.records.map((r) => r.companyId));
    return {
      ...page,
      records: page.records.map((r) => ({ ...r, companyName: names.get(r.companyId) ?? '' })),
    };
  }

  async addIpRule(auth: AuthContext, input: z.output<typeof apiIpRuleAddSchema>): Promise<ApiIpRuleView> {
    const companyId = await this.companyFor(auth, input.companyId, 'write');
    if (!isValidIpRule(input.rule))
      throw new AppError('IP_RULE_INVALID', 400, { value: input.rule.slice(0, 64) });
    const rule = normaliseRule(input.rule);
    const row = await withTransaction(this.db, async () => {
      await this.repo.lockCompany('ipRules', companyId);
      if ((await this.repo.countRules({ kind: 'all' }, companyId)) >= API_IP_RULES_MAX) {
        throw new AppError('API_IP_RULES_LIMIT', 409, { max: API_IP_RULES_MAX });
      }
      const inserted = await this.repo.insertRule({
        companyId,
        rule,
        note: input.note ?? null,
        createdBy: auth.user.username,
      });
      if (!inserted) throw new AppError('API_IP_RULE_EXISTS', 409);
      return inserted;
    });
    await this.changed();
    const names = await this.namesOf([companyId]);
    return { ...row, companyName: names.get(companyId) ?? '' };
  }

  async deleteIpRule(auth: AuthContext, id: string): Promise<void> {
    const row = await this.services.companies.objectInScope(auth, await this.repo.findRule(id));
    await this.checkCompany(auth, row.companyId, 'write');
    await this.repo.deleteRule(id);
    await this.changed();
  }

  // ---- callback

  private viewCallback(
    companyId: string,
    row: ApiCallbackRow | undefined,
    locale: Locale,
  ): CallbackConfigView {
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

  async callbackConfig(auth: AuthContext, companyId: string | undefined, locale: Locale) {
    const id = await this.companyFor(auth, companyId, 'read');
    return this.viewCallback(id, await this.repo.findCallback(id), locale);
  }

  private checkDestination(url: string): void {
    if (this.config.callbackAllowPrivate === true) return;
    const address = privateLiteral(new URL(url));
    if (address !== undefined) throw new AppError('CALLBACK_URL_PRIVATE', 400, { address });
  }

  /** The company's signing secret, created when it has none yet. */
  private async signingSecret(companyId: string): Promise<string> {
    const box = await this.secretBox();
    let row = await this.repo.findCallback(companyId);
    if (!row?.signingSecretSealed) {
      row = await this.repo.setSigningSecretIfMissing(
        companyId,
        box.seal(newCallbackSecret(), callbackAad(companyId)),
      );
    }
    const secret = this.open(box, row.signingSecretSealed, callbackAad(companyId));
    if (secret === null) throw new AppError('API_SECRET_UNREADABLE', 409);
    return secret;
  }

  /** Sets (or with null, removes) the callback URL; a signing secret is made with the first URL. */
  async editCallback(auth: AuthContext, input: z.output<typeof callbackConfigEditSchema>, locale: Locale) {
    const companyId = await this.companyFor(auth, input.companyId, 'write');
    if (input.url !== null) {
      this.checkDestination(input.url);
      await this.signingSecret(companyId);
    }
    const row = await this.repo.saveCallback(companyId, { url: input.url });
    return this.viewCallback(companyId, row, locale);
  }

  /**
   * The callback signing secret, for the customer to check what is posted to it. Unlike an API
   * secret it can be shown again: it only proves the platform's posts to the customer, and a user
   * who may manage the callback could point it elsewhere anyway. Each showing is a POST, so the
   * operation log records who looked.
   */
  async revealCallbackSecret(
    auth: AuthContext,
    companyId: string | undefined,
  ): Promise<{ signingSecret: string }> {
    const id = await this.companyFor(auth, companyId, 'write');
    return { signingSecret: await this.signingSecret(id) };
  }

  /** Replaces the callback signing secret (the old one stops at once). */
  async regenerateCallbackSecret(
    auth: AuthContext,
    companyId: string | undefined,
  ): Promise<{ signingSecret: string }> {
    const id = await this.companyFor(auth, companyId, 'write');
    const box = await this.secretBox();
    const signingSecret = newCallbackSecret();
    await this.repo.saveCallback(id, {
      signingSecretSealed: box.seal(signingSecret, callbackAad(id)),
      signingSecretCreatedAt: new Date(),
    });
    return { signingSecret };
  }

  /** Posts a signed sample delivery report to the saved URL (or one given) and says how it went. */
  async testCallback(
    auth: AuthContext,
    input: z.output<typeof callbackTestSchema>,
    locale: Locale,
  ): Promise<CallbackTestView> {
    const companyId = await this.companyFor(auth, input.companyId, 'write');
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

  private async post(companyId: string, url: string, body: string, timeoutMs: number) {
    const secret = await this.signingSecret(companyId);
    const timestamp = Math.floor(Date.now() / 1000);
    return postCallback({
      url,
      body,
      timeoutMs,
      allowPrivate: this.config.callbackAllowPrivate === true,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Switchboard-Callback/1',
        [CALLBACK_TIMESTAMP_HEADER]: String(timestamp),
        [CALLBACK_SIGNATURE_HEADER]: callbackSignature(secret, timestamp, body),
        // The SMS delivery reports' names of the same signature (issue 12): X-Timestamp and
        // X-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}">, same key.
        'X-Timestamp': String(timestamp),
        'X-Signature': `sha256=${hmacHex(secret, `${timestamp}.${body}`)}`,
      },
    });
  }

  /** For the SMS engine: whether the company has a callback URL (delivery reports are owed to it). */
  async hasCallback(companyId: string): Promise<boolean> {
    return Boolean((await this.repo.findCallback(companyId))?.url);
  }

  /**
   * For the SMS engine: posts a delivery report (JSON text) to the company's callback URL, signed,
   * once; retrying with backoff is the caller's. null when the company has no callback URL.
   */
  async deliverCallback(
    companyId: string,
    body: string,
    timeoutMs = CALLBACK_TEST_TIMEOUT_MS,
  ): Promise<CallbackPostResult | null> {
    const url = (await this.repo.findCallback(companyId))?.url;
    if (!url) return null;
    return this.post(companyId, url, body, timeoutMs);
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

/**
 * One spelling per address or range, so that a rule is not added twice: IPv6 compressed and in
 * lower case, a range by its network address (`10.1.2.3/8` is `10.0.0.0/8`).
 */
export function normaliseRule(rule: string): string {
  if (rule.includes('/')) {
    const [range, bits] = ipaddr.parseCIDR(rule);
    const network =
      range.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(rule)
        : ipaddr.IPv6.networkAddressFromCIDR(rule);
    return `${network.toString()}/${bits}`;
  }
  const ip = ipaddr.parse(rule);
  // ::ffff:1.2.3.4 is the IPv4 address 1.2.3.4 (as the whitelist check reads it).
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (ip as ipaddr.IPv6).toIPv4Address().toString();
  }
  return ip.toString();
}

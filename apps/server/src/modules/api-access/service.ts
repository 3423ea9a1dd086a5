import type { CacheBus } from '../../platform/cache-bus';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { SecretBox } from '../../platform/secret-box';
import type { CallbackPostResult } from './callback-post';
import { ApiCallbacks } from './callbacks';
import { ApiCompanyScope } from './company-scope';
import { ApiCredentials, type VerifyOutcome } from './credentials';
import { ApiIpRules } from './ip-rules';
import { ApiKeys } from './keys';
import { ApiAccessRepo } from './repo';
import { ApiSecrets } from './secrets';

/**
 * API access of companies, one concern per part: `keys` (API keys and their sealed secrets),
 * `ipRules` (the API IP whitelist), `callbacks` (the delivery-report callback and its signing
 * secret), `credentials` (the customer API's HTTP Basic check) and `secrets` (the key that seals
 * secrets at rest). The module's routes use the parts; other modules use the few methods below.
 */
export class ApiAccessService {
  readonly secrets: ApiSecrets;
  readonly credentials: ApiCredentials;
  readonly keys: ApiKeys;
  readonly ipRules: ApiIpRules;
  readonly callbacks: ApiCallbacks;
  private readonly repo: ApiAccessRepo;
  private readonly scope: ApiCompanyScope;

  constructor(
    db: Db,
    services: Pick<Services, 'settings' | 'companies'>,
    config: Pick<Config, 'secretsKey' | 'callbackAllowPrivate'>,
    log: Logger,
    caches?: CacheBus,
  ) {
    this.repo = new ApiAccessRepo(db);
    this.scope = new ApiCompanyScope(services);
    this.secrets = new ApiSecrets(services, config, log);
    this.credentials = new ApiCredentials(this.repo, this.secrets, this.scope, log, caches);
    const changed = () => this.credentials.changed();
    this.keys = new ApiKeys(db, this.repo, this.scope, this.secrets, changed, log);
    this.ipRules = new ApiIpRules(db, this.repo, this.scope, changed);
    this.callbacks = new ApiCallbacks(this.repo, this.scope, this.secrets, config);
  }

  /** Database reads of keys and rules made for verification (tests watch the cache work). */
  get verifyReads(): { keys: number; rules: number } {
    return this.credentials.verifyReads;
  }

  /** The box that seals secrets at rest (gateway and SMPP account passwords use it too). */
  secretBox(): Promise<SecretBox> {
    return this.secrets.secretBox();
  }

  /** For the customer API: who an `Authorization: Basic …` header is, or why it is refused. */
  verifyBasic(request: {
    authorization: string | undefined;
    ip: string;
    now?: number;
  }): Promise<VerifyOutcome> {
    return this.credentials.verifyBasic(request);
  }

  /** Whether a company may use the API and SMPP now (approved, neither frozen nor disabled). */
  companyActive(companyId: string): Promise<boolean> {
    return this.scope.active(companyId);
  }

  /** For the SMS engine: whether the company has a callback URL (delivery reports are owed to it). */
  hasCallback(companyId: string): Promise<boolean> {
    return this.callbacks.has(companyId);
  }

  /** For the SMS engine: posts a delivery report to the company's callback URL, signed, once. */
  deliverCallback(companyId: string, body: string, timeoutMs?: number): Promise<CallbackPostResult | null> {
    return this.callbacks.deliver(companyId, body, timeoutMs);
  }

  /** Erases previous secrets whose grace ended (the job; verification already ignores them). */
  async purge(now = new Date()): Promise<{ endedGrace: number }> {
    return { endedGrace: await this.repo.dropEndedGrace(now) };
  }
}

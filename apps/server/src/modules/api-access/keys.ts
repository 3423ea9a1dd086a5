import {
  API_KEYS_PER_COMPANY_MAX,
  type apiKeyEditSchema,
  type apiKeyGenerateSchema,
  type apiKeyListQuerySchema,
  type apiKeyRotateSchema,
  type Page,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import { paginate } from '../../platform/paging';
import type { ApiCompanyScope, Mode } from './company-scope';
import type { ApiAccessRepo, ApiKeyRow } from './repo';
import { type ApiSecrets, keyAad } from './secrets';
import { newApiKey, newApiSecret } from './signing';

export type ApiKeyView = Omit<
  ApiKeyRow,
  'secretSealed' | 'previousSecretSealed' | 'updatedAt' | 'revokedAt' | 'previousValidUntil'
> & {
  companyName: string;
  previousSecretValidUntil: Date | null;
};

/** An issued key with its secret: the only answers that hold a secret. */
export interface IssuedKey {
  key: ApiKeyView;
  apiKey: string;
  apiSecret: string;
}

/** Companies' API keys and their secrets (sealed at rest): generate, rotate, disable, revoke. */
export class ApiKeys {
  constructor(
    private readonly db: Db,
    private readonly repo: ApiAccessRepo,
    private readonly scope: ApiCompanyScope,
    private readonly secrets: Pick<ApiSecrets, 'secretBox'>,
    /** Called after every change: verification reads keys afresh. */
    private readonly changed: () => Promise<void>,
    private readonly log: Logger,
  ) {}

  /** A key the caller may see (404 otherwise) and, to change it, manage (403). */
  private async keyFor(auth: AuthContext, apiKey: string, mode: Mode): Promise<ApiKeyRow> {
    const row = await this.scope.objectInScope(auth, await this.repo.findKey(apiKey));
    if (mode === 'write') await this.scope.checkCompany(auth, row.companyId, 'write');
    return row;
  }

  private view(row: ApiKeyRow, names: Map<string, string>): ApiKeyView {
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

  private async present(row: ApiKeyRow): Promise<ApiKeyView> {
    return this.view(row, await this.scope.namesOf([row.companyId]));
  }

  async list(auth: AuthContext, query: z.output<typeof apiKeyListQuerySchema>): Promise<Page<ApiKeyView>> {
    const { scope, companyId } = await this.scope.listScope(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countKeys(scope, companyId, query.state),
      (limit, offset) => this.repo.listKeys(scope, companyId, query.state, limit, offset),
    );
    const names = await this.scope.namesOf(page.records.map((r) => r.companyId));
    return { ...page, records: page.records.map((r) => this.view(r, names)) };
  }

  /** A new key and its secret: the only time the secret is answered (besides a rotation). */
  async generate(auth: AuthContext, input: z.output<typeof apiKeyGenerateSchema>): Promise<IssuedKey> {
    const companyId = await this.scope.companyFor(auth, input.companyId, 'write');
    const box = await this.secrets.secretBox();
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
    return { key: await this.present(row), apiKey, apiSecret };
  }

  /**
   * A new secret for a key. The old one stays valid for `graceMinutes` (0: refused at once), so
   * that clients can switch without an outage; a rotation within the grace period ends the grace
   * of the secret before (only the last two secrets are ever valid).
   */
  async rotate(auth: AuthContext, input: z.output<typeof apiKeyRotateSchema>): Promise<IssuedKey> {
    const found = await this.keyFor(auth, input.apiKey, 'write');
    if (found.state === 'revoked') throw new AppError('API_KEY_REVOKED', 409);
    const box = await this.secrets.secretBox();
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
    return { key: await this.present(row), apiKey: row.apiKey, apiSecret };
  }

  /** Disables (requests refused until enabled again) or enables a key. */
  async setEnabled(auth: AuthContext, apiKey: string, enabled: boolean): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, apiKey, 'write');
    if (found.state === 'revoked') throw new AppError('API_KEY_REVOKED', 409);
    const row = await this.repo.updateKey(found.id, { state: enabled ? 'active' : 'disabled' });
    await this.changed();
    return this.present(row);
  }

  /** Revokes a key for good: its secrets are erased; the row stays for the record. */
  async revoke(auth: AuthContext, apiKey: string): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, apiKey, 'write');
    if (found.state === 'revoked') return this.present(found);
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
    return this.present(row);
  }

  async editLabel(auth: AuthContext, input: z.output<typeof apiKeyEditSchema>): Promise<ApiKeyView> {
    const found = await this.keyFor(auth, input.apiKey, 'write');
    return this.present(await this.repo.updateKey(found.id, { label: input.label }));
  }
}

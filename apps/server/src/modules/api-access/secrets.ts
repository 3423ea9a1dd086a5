import type { Config } from '../../platform/config';
import { inTransaction } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { newSecretsKey, parseSecretsKey, SecretBox } from '../../platform/secret-box';

/** Where the generated secrets key is kept when SECRETS_KEY is not set (settings). */
export const SECRETS_KEY_SETTING = 'apiAccess.secretsKey';

/** What sealed secrets are bound to: a key's secret to its key, a callback secret to its company. */
export const keyAad = (apiKey: string) => `api-key:${apiKey}`;
export const callbackAad = (companyId: string) => `callback:${companyId}`;

/**
 * The key that seals secrets at rest: SECRETS_KEY, or else a key generated once and kept in the
 * settings. API secrets and callback signing secrets are sealed with it, and other modules seal
 * theirs with it too (gateway and SMPP account passwords).
 */
export class ApiSecrets {
  private box: SecretBox | undefined;
  private warnedUnreadable = false;

  constructor(
    private readonly services: Pick<Services, 'settings'>,
    private readonly config: Pick<Config, 'secretsKey'>,
    private readonly log: Logger,
  ) {}

  /**
   * Two processes starting together agree on the first key written. Resolved outside
   * transactions: a generated key written inside one that then rolled back must not be remembered.
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

  /** A sealed secret in clear (null: none, or it does not open with the current key: logged once). */
  open(box: SecretBox, sealed: string | null, aad: string): string | null {
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
}

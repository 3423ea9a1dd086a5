import type {
  PageQuery,
  sipAccountEditSchema,
  sipAccountInputSchema,
  sipAccountSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import type { SecretBox } from '../../platform/secret-box';
import type { SipAccountFilters, SipAccountRow, TrunkRepo } from './repo';
import type { TrunkWrite } from './writes';

type SipAccountInput = z.output<typeof sipAccountInputSchema>;
type SipAccountEditInput = z.output<typeof sipAccountEditSchema>;
export type SipAccountView = z.output<typeof sipAccountSchema>;

/** A SIP account's digest credentials, its password opened. */
export interface SipCredentials {
  username: string;
  password: string;
  realm: string | null;
  expiresS: number;
}

/** The additional data sealing a SIP account's password: the sealed text opens for that row only. */
const passwordAad = (id: string) => `voice_sip_accounts.password:${id}`;

/**
 * The SIP accounts trunks register with (`/sys/fsAccount`): the password sealed in the secret
 * box and never answered; opened only for the trunks' targets (`credentialsOf`).
 */
export class SipAccounts {
  constructor(
    private readonly repo: TrunkRepo,
    private readonly write: TrunkWrite,
    private readonly box: () => Promise<SecretBox>,
  ) {}

  /** The credentials of these accounts by id; an account whose password does not open has none. */
  async credentialsOf(ids: readonly string[]): Promise<Map<string, SipCredentials>> {
    const accounts = await this.repo.sipAccountsByIds([...new Set(ids)]);
    const box = accounts.length > 0 ? await this.box() : undefined;
    const credentials = new Map<string, SipCredentials>();
    for (const account of accounts) {
      const password = box ? box.open(account.password, passwordAad(account.id)) : null;
      if (password === null) continue;
      credentials.set(account.id, {
        username: account.username,
        password,
        realm: account.realm,
        expiresS: account.expiresS,
      });
    }
    return credentials;
  }

  private async views(rows: SipAccountRow[]): Promise<SipAccountView[]> {
    const used = await this.repo.trunksOfSipAccounts(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      realm: r.realm,
      expiresS: r.expiresS,
      remark: r.remark,
      trunks: used.filter((u) => u.sipAccountId === r.id).length,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  list(query: PageQuery & SipAccountFilters) {
    return paginate(
      query,
      () => this.repo.countSipAccounts(query),
      async (limit, offset) => this.views(await this.repo.listSipAccounts(query, limit, offset)),
    );
  }

  async get(id: string): Promise<SipAccountView> {
    const row = await this.repo.sipAccount(id);
    if (!row) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
    return (await this.views([row]))[0]!;
  }

  async add(input: SipAccountInput): Promise<SipAccountView> {
    const box = await this.box();
    const row = await this.write(async () => {
      const id = crypto.randomUUID();
      return this.repo.insertSipAccount({
        id,
        username: input.username,
        password: box.seal(input.password, passwordAad(id)),
        realm: input.realm || null,
        expiresS: input.expiresS,
        remark: input.remark ?? null,
      });
    });
    return (await this.views([row]))[0]!;
  }

  async edit(input: SipAccountEditInput): Promise<SipAccountView> {
    const box = await this.box();
    const row = await this.write(async () => {
      const updated = await this.repo.updateSipAccount(input.id, {
        username: input.username,
        realm: input.realm || null,
        expiresS: input.expiresS,
        remark: input.remark ?? null,
        ...(input.password ? { password: box.seal(input.password, passwordAad(input.id)) } : {}),
      });
      if (!updated) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
      return updated;
    });
    return (await this.views([row]))[0]!;
  }

  /** Deletes every one of `ids` or none: refused, naming it, while a trunk uses one. */
  remove(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.sipAccountsByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
      const used = await this.repo.trunksOfSipAccounts(ids);
      const first = used[0];
      if (first) {
        const account = rows.find((r) => r.id === first.sipAccountId)!;
        throw new AppError('SIP_ACCOUNT_IN_USE', 409, { name: account.username, usage: first.name });
      }
      return this.repo.deleteSipAccounts(ids);
    });
  }
}

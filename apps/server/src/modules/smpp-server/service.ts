import { createHash, timingSafeEqual } from 'node:crypto';
import {
  generateSmppPassword,
  type Page,
  SMPP_SYSTEM_ID_MAX,
  type SmsStatus,
  type smppAccountEditSchema,
  type smppAccountInputSchema,
  type smppAccountListQuerySchema,
} from '@switchboard/contracts';
import { COMMAND_STATUS } from '@switchboard/smpp';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { afterCommit, type Db, isUniqueViolation } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { GroupCommit, WRITE_RETRY_MS } from '../../platform/group-commit';
import { ipAllowed, isValidIpRule } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { COMPANIES_CACHE } from '../company';
import type { FinalMessage } from '../sms';
import { BIND_GUARD, guardKeys } from './bind-guard';
import { wantsReceipt } from './receipt';
import { type SmppAccountRow, type SmppMessageRow, type SmppMessageValues, SmppRepo } from './repo';

export interface SmppAccountView {
  id: string;
  systemId: string;
  companyId: string;
  companyName: string;
  kind: SmppAccountRow['kind'];
  allowedAddresses: string[];
  tpsLimit: number;
  maxBinds: number;
  enabled: boolean;
  remark: string | null;
  boundNow: number;
  createdAt: Date;
  updatedAt: Date;
  /** Only when an add generated the password: answered once. */
  password?: string;
}

/** Why a bind was refused, or the account it is for. */
export type BindOutcome =
  | { ok: true; account: SmppAccountRow }
  | { ok: false; status: number; reason: string };

/** Whether an open bind may go on: with the account as it is now, or why it ends. */
export type BindStanding = { ok: true; account: SmppAccountRow } | { ok: false; reason: string };

/** What the service asks of the SMPP listener of this process (SmppServer, started as a worker). */
export interface SmppListener {
  readonly port: number;
  /** Binds open now in this process. */
  readonly bindCount: number;
  bindsOf(accountId: string): number;
  /** An account or a company changed: every open bind is checked again. */
  recheck(): void;
  /** A receipt became due: written now when its account has a receiving bind here. */
  offer(row: SmppMessageRow): void;
}

/**
 * The cache-bus name under which SMPP account changes are announced (edit, delete): every
 * process's SMPP server re-checks its open binds at once.
 */
const SMPP_ACCOUNTS_CACHE = 'smppAccounts';
/** How long an account read for a submit's check is kept (a lost bus message delays no longer). */
const ACCOUNT_TTL_MS = 5_000;

type Filters = z.output<typeof smppAccountListQuerySchema>;

const passwordAad = (id: string) => `smpp-account:${id}`;

/** A receipt written but never answered is written again after this long. */
const RECEIPT_RESEND_MS = 60_000;
/** SMPP messages (and their receipts) are kept this long. */
const KEEP_DAYS = 14;

function samePassword(expected: string, given: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(expected).digest(),
    createHash('sha256').update(given).digest(),
  );
}

/**
 * The customer SMPP server's accounts (staff manage them: `/sys/smppAccount`), the checks of a
 * bind, the record of what was submitted over SMPP, and the receipts owed to customers (stored,
 * written to a receiver or transceiver bind when there is one). The listener itself
 * (`SmppServer`) runs in API processes only, as the module's worker (`listenWith`).
 */
export class SmppServerService {
  readonly repo: SmppRepo;
  private server: SmppListener | undefined;
  private readonly claims: GroupCommit<string, boolean>;
  private readonly acks: GroupCommit<string>;
  /** Accounts as each submit checks them (cleared by any account change, in every process). */
  private readonly accounts = new TtlCache<SmppAccountRow | undefined>(ACCOUNT_TTL_MS, 10_000);

  constructor(
    readonly db: Db,
    private readonly services: Pick<Services, 'announcements' | 'apiAccess' | 'companies' | 'sms' | 'users'>,
    private readonly log: Logger,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new SmppRepo(db);
    // A change of an account or of a company reaches the open binds at once, in every process:
    // they are checked again (and unbound when they may no longer send).
    caches?.register(SMPP_ACCOUNTS_CACHE, () => this.accountsChanged());
    caches?.register(COMPANIES_CACHE, () => this.server?.recheck());
    // In the transaction that makes messages final: a receipt owed is never lost between the
    // final status and its row, whatever process dies when.
    services.sms.onFinalInTransaction((finals) => this.final(finals));
    this.claims = new GroupCommit(
      async (ids) => {
        const now = Date.now();
        const taken = await this.repo.claimReceipts(ids, new Date(now), new Date(now - RECEIPT_RESEND_MS));
        // The same id twice in one write is taken once.
        return ids.map((id) => taken.delete(id));
      },
      // One statement each: a failed one is written again (else the receipt goes out again later).
      { max: 1_000, retryAfterMs: WRITE_RETRY_MS },
    );
    this.acks = new GroupCommit((ids) => this.repo.markAcked(ids, new Date()), {
      max: 1_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
  }

  // ---- the listener

  /** The SMPP listener of this process from now on (undefined: none, it stopped). */
  listenWith(listener: SmppListener | undefined): void {
    this.server = listener;
  }

  /** Binds open in this process's SMPP server (null: none runs here). */
  get openBinds(): number | null {
    return this.server ? this.server.bindCount : null;
  }

  /** Receipts stored for customers' binds and not written to one yet (every process). */
  receiptsDue(): Promise<number> {
    return this.repo.receiptsDue();
  }

  /** The SMPP server's port (null: not running in this process). */
  get port(): number | null {
    return this.server?.port ?? null;
  }

  // ---- binds

  /**
   * Checks a bind. Each attempt is counted first (bind-guard.ts), atomically, before anything is
   * looked at: a system id from an address, or an address, over its limit is refused
   * (ESME_RBINDFAIL) however many attempts come at once. Then, in this order: the account
   * (ESME_RINVSYSID); the address allowed (ESME_RBINDFAIL: before the password, so an
   * address-restricted account tells nobody else whether a password is right); the password
   * (ESME_RINVPASWD); enabled and its company active (ESME_RBINDFAIL). A right password gives the
   * attempt back.
   */
  async authenticate(systemId: string, password: string, ip: string): Promise<BindOutcome> {
    const now = new Date();
    const account =
      systemId && systemId.length <= SMPP_SYSTEM_ID_MAX ? await this.repo.bySystemId(systemId) : undefined;
    const keys = guardKeys(systemId, ip, account !== undefined);
    const { locked, took } = await this.repo.countBindAttempt(keys, now);
    if (took.length > 0) {
      this.log.warn({ systemId: keys[0]!.key, ip, locks: took }, 'SMPP binds locked after failed binds');
      if (account) {
        const lock = took[0]!;
        const failures = lock.scope === 'pair' ? BIND_GUARD.pairFailures : BIND_GUARD.addressFailures;
        await this.noticeLock(account, ip, now, lock.lockedUntil, failures).catch((error: unknown) =>
          this.log.error({ err: error }, 'SMPP bind lock notice not published'),
        );
      }
    }
    if (locked.length > 0) {
      const until = new Date(Math.max(...locked.map((l) => l.lockedUntil.getTime())));
      return {
        ok: false,
        status: COMMAND_STATUS.ESME_RBINDFAIL,
        reason: `locked (${locked.map((l) => l.scope).join(', ')}) until ${until.toISOString()}`,
      };
    }
    if (!account) return { ok: false, status: COMMAND_STATUS.ESME_RINVSYSID, reason: 'unknown system id' };
    if (!ipAllowed(ip, account.allowedAddresses)) {
      return { ok: false, status: COMMAND_STATUS.ESME_RBINDFAIL, reason: 'address not allowed' };
    }
    const box = await this.services.apiAccess.secretBox();
    const plain = box.open(account.passwordSealed, passwordAad(account.id));
    if (plain === null || !samePassword(plain, password)) {
      return { ok: false, status: COMMAND_STATUS.ESME_RINVPASWD, reason: 'wrong password' };
    }
    await this.repo.refundBindAttempt(keys);
    if (!account.enabled)
      return { ok: false, status: COMMAND_STATUS.ESME_RBINDFAIL, reason: 'account disabled' };
    if (!(await this.services.apiAccess.companyActive(account.companyId))) {
      return { ok: false, status: COMMAND_STATUS.ESME_RBINDFAIL, reason: 'company not active' };
    }
    return { ok: true, account };
  }

  /**
   * Tells staff (administrators) and the account's company that its binds from an address are
   * locked, in both languages; at most once an hour per account.
   */
  private async noticeLock(account: SmppAccountRow, ip: string, now: Date, until: Date, failures: number) {
    if (!(await this.repo.claimBindNotice(guardKeys(account.systemId, ip, true)[2]!.key, now))) return;
    const [names, userIds] = await Promise.all([
      this.services.companies.namesOf([account.companyId]),
      this.services.users.idsOfCompanies([account.companyId]),
    ]);
    const values = {
      systemId: account.systemId,
      company: names.get(account.companyId) ?? '',
      failures: String(failures),
      windowMinutes: String(BIND_GUARD.windowMs / 60_000),
      address: ip,
      minutes: String(Math.max(1, Math.round((until.getTime() - now.getTime()) / 60_000))),
    };
    // A security matter: urgent (pops up), in each reader's language.
    const notice = {
      title: 'SMPP_BINDS_LOCKED_NOTICE_TITLE',
      text: 'SMPP_BINDS_LOCKED_NOTICE',
      params: values,
      urgent: true,
    } as const;
    const notices = this.services.announcements;
    await notices.publishNotice(null, { roleCodes: ['admin'] }, notice);
    await notices.publishNotice(null, { userIds }, notice);
  }

  // ---- open binds

  /**
   * Whether a bind opened for `bound` from `ip` may go on now: the account as it is (cached a few
   * seconds; any change clears it everywhere), still enabled, with the same system id, password and
   * company, the address still allowed and the company active. Checked at every submit and, for
   * every open bind, whenever an account or a company changes.
   */
  async standing(bound: SmppAccountRow, ip: string): Promise<BindStanding> {
    const account = await this.accounts.getOrLoad(bound.id, () => this.repo.byId(bound.id));
    if (!account) return { ok: false, reason: 'account deleted' };
    if (!account.enabled) return { ok: false, reason: 'account disabled' };
    if (
      account.systemId !== bound.systemId ||
      account.passwordSealed !== bound.passwordSealed ||
      account.companyId !== bound.companyId
    ) {
      return { ok: false, reason: 'account credentials or company changed' };
    }
    if (!ipAllowed(ip, account.allowedAddresses)) return { ok: false, reason: 'address no longer allowed' };
    if (!(await this.services.apiAccess.companyActive(account.companyId))) {
      return { ok: false, reason: 'company not active' };
    }
    return { ok: true, account };
  }

  private accountsChanged() {
    this.accounts.clear();
    this.server?.recheck();
  }

  /** The account as it is now (a bind re-reads it to see a disable or a new TPS limit). */
  account(id: string): Promise<SmppAccountRow | undefined> {
    return this.repo.byId(id);
  }

  // ---- messages and receipts

  recordSubmits(rows: SmppMessageValues[]): Promise<void> {
    return this.repo.insertMessages(rows);
  }

  /**
   * Final statuses of messages (in their transaction): those submitted over SMPP recorded, their
   * receipts made due and, once committed, offered to the binds.
   */
  private async final(finals: FinalMessage[]): Promise<void> {
    const own = finals.filter((f) => f.source === 'smpp');
    if (own.length === 0) return;
    const rows = await this.repo.finish(
      own.map((f) => ({ messageId: f.id, status: f.status, errorCode: f.errorCode, doneAt: f.doneAt })),
      (r) => wantsReceipt(r.registeredDelivery, r.status as SmsStatus),
    );
    const due = rows.filter((r) => r.receiptState === 'due');
    if (due.length > 0) {
      await afterCommit(() => {
        for (const row of due) this.server?.offer(row);
      });
    }
  }

  /** Receipts due to these accounts (and ones written a minute ago but never answered). */
  due(accountIds: string[], limit = 500): Promise<SmppMessageRow[]> {
    return this.repo.due(accountIds, new Date(Date.now() - RECEIPT_RESEND_MS), limit);
  }

  /**
   * Takes a due receipt for writing (true), unless another writer took it or it was answered.
   * Claims made at the same time share one statement.
   */
  claimReceipt(smppId: string): Promise<boolean> {
    return this.claims.push(smppId);
  }

  /** A receipt the client answered (answers made at the same time share one statement). */
  markAcked(smppId: string): Promise<void> {
    return this.acks.push(smppId);
  }

  markDue(smppIds: string[]) {
    return this.repo.markDue(smppIds);
  }

  async purge(now = new Date()): Promise<{ messages: number; bindFailures: number }> {
    return {
      messages: await this.repo.purge(new Date(now.getTime() - KEEP_DAYS * 86_400_000)),
      bindFailures: await this.repo.purgeBindFailures(
        new Date(now.getTime() - BIND_GUARD.forgetAfterMs),
        now,
      ),
    };
  }

  // ---- accounts (staff)

  private async view(rows: SmppAccountRow[]): Promise<SmppAccountView[]> {
    const names = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return rows.map((r) => ({
      id: r.id,
      systemId: r.systemId,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      kind: r.kind,
      allowedAddresses: r.allowedAddresses,
      tpsLimit: r.tpsLimit,
      maxBinds: r.maxBinds,
      enabled: r.enabled,
      remark: r.remark,
      boundNow: this.server?.bindsOf(r.id) ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  async list(auth: AuthContext, query: Filters): Promise<Page<SmppAccountView>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.count(scope, query),
      (limit, offset) => this.repo.list(scope, query, limit, offset),
    );
    return { ...page, records: await this.view(page.records) };
  }

  async exportRows(auth: AuthContext, query: Filters, limit: number): Promise<SmppAccountView[]> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    return this.view(await this.repo.list(scope, query, limit, 0));
  }

  private async found(auth: AuthContext, id: string): Promise<SmppAccountRow> {
    return this.services.companies.objectInScope(auth, await this.repo.byId(id));
  }

  async byId(auth: AuthContext, id: string): Promise<SmppAccountView> {
    const [view] = await this.view([await this.found(auth, id)]);
    return view!;
  }

  private checkAddresses(addresses: string[] | undefined): string[] | undefined {
    if (!addresses) return undefined;
    const bad = addresses.find((a) => !isValidIpRule(a));
    if (bad !== undefined) throw new AppError('SMPP_ADDRESS_INVALID', 400, { value: bad.slice(0, 64) });
    return [...new Set(addresses)];
  }

  private taken(systemId: string) {
    return new AppError('SMPP_SYSTEM_ID_TAKEN', 409, { systemId });
  }

  async add(auth: AuthContext, input: z.output<typeof smppAccountInputSchema>): Promise<SmppAccountView> {
    await this.services.companies.assertActsFor(auth, input.companyId);
    const allowedAddresses = this.checkAddresses(input.allowedAddresses) ?? [];
    if (await this.repo.bySystemId(input.systemId)) throw this.taken(input.systemId);
    const box = await this.services.apiAccess.secretBox();
    const id = crypto.randomUUID();
    // None given: a strong one, answered this once.
    const generated = input.password === undefined ? generateSmppPassword() : undefined;
    try {
      const row = await this.repo.insert({
        id,
        systemId: input.systemId,
        passwordSealed: box.seal(input.password ?? generated!, passwordAad(id)),
        companyId: input.companyId,
        kind: input.kind,
        allowedAddresses,
        tpsLimit: input.tpsLimit,
        maxBinds: input.maxBinds,
        enabled: input.enabled,
        remark: input.remark ?? null,
        createdBy: auth.user.username,
      });
      this.log.info({ systemId: row.systemId, by: auth.user.username }, 'SMPP account added');
      const view = (await this.view([row]))[0]!;
      return generated === undefined ? view : { ...view, password: generated };
    } catch (error) {
      if (isUniqueViolation(error)) throw this.taken(input.systemId);
      throw error;
    }
  }

  async edit(auth: AuthContext, input: z.output<typeof smppAccountEditSchema>): Promise<SmppAccountView> {
    const current = await this.found(auth, input.id);
    if (input.companyId && input.companyId !== current.companyId)
      await this.services.companies.assertActsFor(auth, input.companyId);
    if (input.systemId && input.systemId !== current.systemId) {
      const other = await this.repo.bySystemId(input.systemId);
      if (other && other.id !== current.id) throw this.taken(input.systemId);
    }
    const box = input.password === undefined ? undefined : await this.services.apiAccess.secretBox();
    try {
      const row = await this.repo.update(current.id, {
        systemId: input.systemId,
        passwordSealed: box && input.password ? box.seal(input.password, passwordAad(current.id)) : undefined,
        companyId: input.companyId,
        kind: input.kind,
        allowedAddresses: this.checkAddresses(input.allowedAddresses),
        tpsLimit: input.tpsLimit,
        maxBinds: input.maxBinds,
        enabled: input.enabled,
        remark: input.remark === undefined ? undefined : input.remark,
      });
      if (!row) throw new AppError('NOT_FOUND', 404);
      // A disabled account, a new password, company or addresses, new limits: the binds open
      // now (in every process) are checked again at once.
      await this.announceAccountChange();
      return (await this.view([row]))[0]!;
    } catch (error) {
      if (isUniqueViolation(error)) throw this.taken(input.systemId ?? current.systemId);
      throw error;
    }
  }

  async remove(auth: AuthContext, ids: string[]): Promise<number> {
    for (const id of ids) await this.found(auth, id);
    const n = await this.repo.remove(ids);
    await this.announceAccountChange();
    return n;
  }

  private announceAccountChange() {
    return clearOnCommit(this.caches, SMPP_ACCOUNTS_CACHE, () => this.accountsChanged());
  }
}

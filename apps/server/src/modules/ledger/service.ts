import {
  CREDIT_KINDS,
  DEBIT_KINDS,
  type KeysetPage,
  LEDGER_NOTE_MAX_LENGTH,
  LEDGER_REFERENCE_MAX_LENGTH,
  type LedgerAccount,
  type LedgerKind,
  MONEY_LIMIT,
} from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { type Db, inTransaction, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { keysetPageOf } from '../../platform/paging';
import {
  type Actor,
  accountOf,
  type BatchCharge,
  ChargeQueue,
  type CompanyBalance,
  CURRENCY_SETTING,
  checkKey,
  type Posting,
  type PostingNote,
  type PostingOutcome,
  type ReconcileReport,
  type Slot,
  sameChange,
  settled,
  sumKeyOf,
} from './postings';
import {
  type BalanceRow,
  type BalanceUpdate,
  keyOf,
  type LedgerEntryRow,
  type LedgerFilters,
  type LedgerListQuery,
  LedgerRepo,
  type NewEntry,
} from './repo';

export {
  type Actor,
  type BatchCharge,
  ChargeQueue,
  type CompanyBalance,
  CURRENCY_SETTING,
  type Posting,
  type PostingNote,
  type PostingOutcome,
  type PostingSum,
  type ReconcileReport,
  type RefusalReason,
} from './postings';
export type { LedgerEntryRow, ReconcileFinding } from './repo';

/**
 * The one way balances change. Every change is an append-only ledger entry written in the same
 * transaction as the balance it explains, under a row lock on each company's balance row (taken
 * in company id order, so transfers between two companies never deadlock). Idempotency keys make
 * retries, duplicate webhooks and replays count once. Other modules call this service; nothing
 * else writes balances.
 */
export class LedgerService {
  private readonly repo: LedgerRepo;
  private currencyChecked: Promise<void> | undefined;
  /** Single charges made at the same time go to the database together (see ChargeQueue). */
  private readonly charges = new ChargeQueue((postings) => this.post(postings, 'each'));

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'settings'>,
    private readonly currency: string,
    private readonly log?: Logger,
  ) {
    this.repo = new LedgerRepo(db);
  }

  /**
   * Applies postings in one transaction (joining the caller's, if any).
   * - `all` (default): every posting is written or none; a debit not covered throws
   *   BALANCE_INSUFFICIENT; a replay must replay every posting (a transfer's two sides).
   * - `each`: postings are decided one by one in order (a batch of charges): those not covered,
   *   with a key used before for another change or for an unknown company are refused, the
   *   others written. One posting's problem never fails the others.
   * In `all` mode a key already used for a different change throws IDEMPOTENCY_KEY_REUSED.
   * `freshKeys`: the caller made every key just now (new message ids), so there is no earlier
   * entry to replay and the look-up under the lock is skipped; a key seen before would still be
   * refused by the unique index (the transaction fails), never posted twice.
   */
  async post(
    postings: Posting[],
    mode: 'all' | 'each' = 'all',
    options: { freshKeys?: boolean } = {},
  ): Promise<PostingOutcome[]> {
    if (postings.length === 0) return [];
    await this.checkCurrency();
    const normalised = postings.map((p) => this.validate(p));
    const seen = new Set<string>();
    for (const p of normalised) {
      const key = keyOf(p);
      if (seen.has(key)) throw new Error(`idempotency key ${p.idempotencyKey} twice in one call`);
      seen.add(key);
    }
    // A sum names one entry: one account and kind, and a key no plain posting of the call uses.
    const sums = new Map<string, Posting>();
    for (const p of normalised) {
      if (!p.sum) continue;
      const key = sumKeyOf(p, p.sum);
      const first = sums.get(key);
      if (seen.has(key) || (first && (first.account !== p.account || first.kind !== p.kind))) {
        throw new Error(`sum ${p.sum.idempotencyKey} names two different entries`);
      }
      sums.set(key, p);
    }
    return withTransaction(
      this.db,
      async () => {
        const companyIds = [...new Set(normalised.map((p) => p.companyId))].sort();
        const rows = await this.lock(companyIds, mode === 'each');
        const lookedUp = options.freshKeys ? [] : normalised.filter((p) => !p.sum);
        const existing = new Map(
          (lookedUp.length > 0 ? await this.repo.findByKeys(lookedUp) : []).map((e) => [keyOf(e), e]),
        );
        const state = new Map(rows.map((r) => [r.companyId, { ...r }]));
        // null: to be written (its entry comes back from the write).
        const outcomes: (PostingOutcome | null)[] = [];
        // What to write, in the order first decided (a sum where its first posting came).
        const slots: Slot[] = [];
        const sumSlots = new Map<string, Slot>();
        // Per company account, the slot its last written posting went to.
        const lastSlots = new Map<string, Slot>();
        for (const p of normalised) {
          const first = existing.get(keyOf(p));
          if (first) {
            // A posting that goes with one written now cannot have been written before.
            if (p.requires !== undefined && outcomes[p.requires] === null) {
              throw new Error('a posting that goes with another was written before it');
            }
            if (sameChange(first, p)) outcomes.push({ status: 'replayed', entry: first });
            else if (mode === 'all') throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
            else outcomes.push({ status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' });
            continue;
          }
          if (p.requires !== undefined) {
            if (!(p.requires >= 0 && p.requires < outcomes.length)) {
              throw new Error(`posting requires ${p.requires}, which does not come before it`);
            }
            const leader = outcomes[p.requires];
            if (leader?.status === 'refused') {
              outcomes.push({ status: 'refused', reason: leader.reason });
              continue;
            }
            // The leader was replayed but this one is new: the first call wrote another change.
            if (leader?.status === 'replayed') {
              if (mode === 'all') throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
              outcomes.push({ status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' });
              continue;
            }
          }
          const row = state.get(p.companyId);
          if (!row) {
            if (p.requires !== undefined) throw new Error('a posting that goes with another has no company');
            outcomes.push({ status: 'refused', reason: 'NOT_FOUND' });
            continue;
          }
          const onCommission = p.account === 'commission';
          const current = onCommission ? row.commission : row.balance;
          const next = current + p.amount;
          // The credit limit is on the spending balance; commission never goes below zero.
          const floor = onCommission ? 0n : -row.creditLimit;
          if (p.amount < 0n && next < floor && !p.allowOverdraft) {
            if (mode === 'all') throw new AppError('BALANCE_INSUFFICIENT', 400);
            if (p.requires !== undefined) throw new Error('a posting that goes with another was refused');
            outcomes.push({ status: 'refused', reason: 'BALANCE_INSUFFICIENT' });
            continue;
          }
          if (next >= MONEY_LIMIT || next <= -MONEY_LIMIT) throw new AppError('BALANCE_OUT_OF_RANGE', 409);
          if (onCommission) row.commission = next;
          else row.balance = next;
          // A sum's postings must follow one another on their account (others' accounts may
          // come between): its one entry then shows a balance the decisions went through.
          const accountKey = `${p.companyId}\u0000${p.account}`;
          let slot = p.sum ? sumSlots.get(sumKeyOf(p, p.sum)) : undefined;
          if (slot) {
            if (lastSlots.get(accountKey) !== slot) {
              throw new Error(
                `postings of sum ${p.sum!.idempotencyKey} do not follow one another on their account`,
              );
            }
            slot.amount += p.amount;
            slot.count++;
            slot.after = next;
          } else {
            // A new entry: the next in its account's chain.
            const seq = (onCommission ? row.commissionSeq : row.balanceSeq) + 1;
            if (onCommission) row.commissionSeq = seq;
            else row.balanceSeq = seq;
            slot = { posting: p, amount: p.amount, count: 1, seq, after: next };
            if (p.sum) sumSlots.set(sumKeyOf(p, p.sum), slot);
            slots.push(slot);
            lastSlots.set(accountKey, slot);
          }
          outcomes.push(null);
        }
        if (mode === 'all') {
          const replayed = outcomes.filter((o) => o?.status === 'replayed').length;
          if (replayed > 0 && replayed < outcomes.length) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
        }
        if (slots.length === 0) return outcomes as PostingOutcome[];
        // A sum's postings follow one another on their account, so each slot's seq and balance
        // after, decided above, make an unbroken chain.
        const entries = slots.map((slot): NewEntry => {
          const p = slot.posting;
          const given =
            typeof p.sum?.note === 'function' ? p.sum.note(slot.count) : p.sum ? p.sum.note : p.note;
          const note = typeof given === 'string' ? given : null;
          const coded = given && typeof given === 'object' ? given : null;
          if ((note?.length ?? 0) > LEDGER_NOTE_MAX_LENGTH) throw new Error('ledger note too long');
          return {
            companyId: p.companyId,
            account: p.account,
            seq: slot.seq,
            kind: p.kind,
            amount: slot.amount,
            balanceAfter: slot.after,
            reference: (p.sum ? p.sum.reference : p.reference) ?? null,
            note,
            noteCode: coded?.code ?? null,
            noteParams: coded ? (coded.params ?? {}) : null,
            actorUserId: p.actor?.userId ?? null,
            actorUsername: p.actor?.username ?? null,
            idempotencyKey: p.sum?.idempotencyKey ?? p.idempotencyKey,
          };
        });
        const updates: BalanceUpdate[] = [];
        for (const before of rows) {
          const after = state.get(before.companyId)!;
          if (after.balanceSeq === before.balanceSeq && after.commissionSeq === before.commissionSeq)
            continue;
          updates.push({
            companyId: after.companyId,
            balance: after.balance,
            balanceSeq: after.balanceSeq,
            commission: after.commission,
            commissionSeq: after.commissionSeq,
            lockedBalanceSeq: before.balanceSeq,
            lockedCommissionSeq: before.commissionSeq,
          });
        }
        const written = await this.repo.write(entries, updates);
        if (written.updated !== updates.length || written.entries.length !== entries.length) {
          // Only possible if something changed a balance without this service's lock.
          throw new Error('ledger write raced: balance rows changed under the lock');
        }
        const byKey = new Map(written.entries.map((e) => [keyOf(e), e]));
        return normalised.map((p, i) => {
          const outcome = outcomes[i];
          return outcome ?? { status: 'posted', entry: byKey.get(p.sum ? sumKeyOf(p, p.sum) : keyOf(p))! };
        });
      },
      this.log,
    );
  }

  /**
   * Amounts are stored without a currency: the first change of any balance records the platform
   * currency, and a process configured with another one refuses to move money (its amounts would
   * silently mean something else). Checked once per process.
   */
  private checkCurrency(): Promise<void> {
    this.currencyChecked ??= (async () => {
      const stored = await this.services.settings.get(CURRENCY_SETTING);
      if (stored === undefined) await this.services.settings.set(CURRENCY_SETTING, this.currency);
      else if (stored !== this.currency) {
        throw new Error(
          `PLATFORM_CURRENCY is ${this.currency} but the ledger is kept in ${stored}: set it back to ${stored}`,
        );
      }
    })();
    return this.currencyChecked;
  }

  /**
   * Locks the companies' balance rows in company id order. Every company gets its row when it is
   * inserted (trigger `companies_open_balance`, migration 0010), so the opening below is only a
   * safety net for rows removed by hand; a row opened here is locked after those already held.
   */
  private async lock(companyIds: string[], allowMissing = false): Promise<BalanceRow[]> {
    let rows = await this.repo.lockBalances(companyIds);
    if (rows.length < companyIds.length) {
      // First change of a company: its balance row is created here, then every row locked again.
      await this.repo.openBalances(companyIds.filter((id) => !rows.some((r) => r.companyId === id)));
      rows = await this.repo.lockBalances(companyIds);
      if (rows.length < companyIds.length && !allowMissing) throw new AppError('NOT_FOUND', 404);
    }
    return rows;
  }

  private validate(p: Posting): Posting & { account: LedgerAccount } {
    const account = p.account ?? accountOf(p.kind);
    const wrongAccount = p.kind !== 'adjustment' && account !== accountOf(p.kind);
    const wrongSign =
      p.amount === 0n ||
      (CREDIT_KINDS.includes(p.kind) && p.amount < 0n) ||
      (DEBIT_KINDS.includes(p.kind) && p.amount > 0n);
    if (wrongAccount || wrongSign) {
      throw new Error(`invalid posting: ${p.kind} of ${p.amount} on ${account}`);
    }
    // Callers are code, not people: a key or text the columns cannot hold is a bug, said at once.
    checkKey(p.idempotencyKey);
    if (
      (p.reference?.length ?? 0) > LEDGER_REFERENCE_MAX_LENGTH ||
      (typeof p.note === 'string' && p.note.length > LEDGER_NOTE_MAX_LENGTH)
    ) {
      throw new Error('ledger reference or note too long');
    }
    if (p.sum) {
      // A sum of amounts of either sign could be zero, which no entry may be.
      if (p.kind === 'adjustment') throw new Error('adjustments are not summed');
      checkKey(p.sum.idempotencyKey);
      if ((p.sum.reference?.length ?? 0) > LEDGER_REFERENCE_MAX_LENGTH)
        throw new Error('ledger reference too long');
    }
    return { ...p, account };
  }

  /** One posting that must be written (or replayed): its entry; refusals throw. */
  private async one(posting: Posting): Promise<{ entry: LedgerEntryRow; replayed: boolean }> {
    const [outcome] = await this.post([posting]);
    return settled(outcome!);
  }

  /** Takes `amount` (positive micro-units) from a company's balance, within its credit limit. */
  async charge(
    companyId: string,
    amount: bigint,
    idempotencyKey: string,
    details: { reference?: string; note?: string; actor?: Actor } = {},
  ): Promise<{ entry: LedgerEntryRow; replayed: boolean }> {
    const posting: Posting = { companyId, kind: 'charge', amount: -amount, idempotencyKey, ...details };
    const [outcome] = await this.postEach([posting]);
    return settled(outcome!);
  }

  /**
   * `post(postings, 'each')` for a caller outside a transaction that does not need one of its
   * own (a charge with its commissions): it may share a transaction with other callers' postings
   * made at the same time (see ChargeQueue). Inside a caller's transaction it is part of that one.
   */
  async postEach(postings: Posting[], options: { freshKeys?: boolean } = {}): Promise<PostingOutcome[]> {
    if (inTransaction()) return this.post(postings, 'each', options);
    // A bad posting is its caller's bug: said to that caller, never failing a shared batch.
    for (const p of postings) this.validate(p);
    const keys = new Set(postings.map((p) => keyOf(p)));
    if (keys.size < postings.length) throw new Error('an idempotency key twice in one call');
    for (const [i, p] of postings.entries()) {
      if (p.requires !== undefined && !(p.requires >= 0 && p.requires < i)) {
        throw new Error(`posting requires ${p.requires}, which does not come before it`);
      }
    }
    return this.charges.submit(postings);
  }

  /**
   * Many charges of one company in one transaction and three statements (a dispatcher's batch of
   * messages): decided in order, each posted, replayed (key seen before) or refused (not covered).
   */
  async chargeBatch(
    companyId: string,
    charges: BatchCharge[],
    actor: Actor = null,
  ): Promise<PostingOutcome[]> {
    return this.post(
      charges.map((c) => ({
        companyId,
        kind: 'charge' as const,
        amount: -c.amount,
        idempotencyKey: c.idempotencyKey,
        reference: c.reference ?? null,
        note: c.note ?? null,
        actor,
      })),
      'each',
    );
  }

  /** Adds money to a company's balance (top-up or refund). */
  credit(
    companyId: string,
    kind: 'topup' | 'refund',
    amount: bigint,
    idempotencyKey: string,
    details: { reference?: string; note?: PostingNote; actor?: Actor } = {},
  ) {
    return this.one({ companyId, kind, amount, idempotencyKey, ...details });
  }

  /**
   * Moves `amount` from one company's balance to another's: both entries or neither, under one
   * key (unique per company, so it names the transfer on both sides).
   */
  async transfer(
    fromCompanyId: string,
    toCompanyId: string,
    amount: bigint,
    idempotencyKey: string,
    details: { note?: PostingNote; actor?: Actor } = {},
  ): Promise<{ out: LedgerEntryRow; in: LedgerEntryRow; replayed: boolean }> {
    if (fromCompanyId === toCompanyId) throw new AppError('TRANSFER_TO_SELF', 400);
    const [out, into] = await this.post([
      {
        companyId: fromCompanyId,
        kind: 'transfer_out',
        amount: -amount,
        idempotencyKey,
        reference: `company:${toCompanyId}`,
        ...details,
      },
      {
        companyId: toCompanyId,
        kind: 'transfer_in',
        amount,
        idempotencyKey,
        reference: `company:${fromCompanyId}`,
        ...details,
      },
    ]);
    const sent = settled(out!);
    return { out: sent.entry, in: settled(into!).entry, replayed: sent.replayed };
  }

  /** The entries already written under these keys of one company (to answer replays first). */
  entriesByKeys(companyId: string, idempotencyKeys: string[]): Promise<LedgerEntryRow[]> {
    return this.repo.findByKeys(idempotencyKeys.map((idempotencyKey) => ({ companyId, idempotencyKey })));
  }

  /** A company's balances (zero for a company that never had an entry). */
  async balanceOf(companyId: string): Promise<CompanyBalance> {
    const row = await this.repo.balance(companyId);
    if (!row && !(await this.services.companies.find(companyId))) throw new AppError('NOT_FOUND', 404);
    return {
      companyId,
      balance: row?.balance ?? 0n,
      creditLimit: row?.creditLimit ?? 0n,
      commission: row?.commission ?? 0n,
      currency: this.currency,
    };
  }

  /**
   * Opens zero balance rows for companies (in the caller's transaction). Inserting a company
   * already does it (trigger `companies_open_balance`); this stays for callers that want it said.
   */
  async openAccounts(companyIds: string[]): Promise<void> {
    if (companyIds.length > 0) await this.repo.openBalances(companyIds);
  }

  /** Balances of many companies at once (zero for those that never had an entry). */
  async balancesOf(companyIds: string[]): Promise<Map<string, { balance: bigint; creditLimit: bigint }>> {
    const rows = await this.repo.balancesOf(companyIds);
    const found = new Map(rows.map((r) => [r.companyId, { balance: r.balance, creditLimit: r.creditLimit }]));
    return new Map(companyIds.map((id) => [id, found.get(id) ?? { balance: 0n, creditLimit: 0n }]));
  }

  /** Per company: money received and money charged on its balance, summed from the ledger. */
  async flowsOf(companyIds: string[]): Promise<Map<string, { totalIn: bigint; totalCharged: bigint }>> {
    const rows = await this.repo.flowsOf(companyIds);
    const found = new Map(rows.map((r) => [r.companyId, r]));
    return new Map(companyIds.map((id) => [id, found.get(id) ?? { totalIn: 0n, totalCharged: 0n }]));
  }

  /** Sets how far below zero a company's balance may go (not a change of balance: no entry). */
  async setCreditLimit(companyId: string, creditLimit: bigint): Promise<void> {
    if (creditLimit < 0n || creditLimit >= MONEY_LIMIT) throw new AppError('VALIDATION_FAILED', 400);
    await withTransaction(this.db, async () => {
      await this.lock([companyId]);
      await this.repo.setCreditLimit(companyId, creditLimit);
    });
  }

  // --- for routes: the caller's data scope applies ---

  /** The balance of the caller's company, or of a company in the caller's scope. */
  async balanceFor(auth: AuthContext, companyId: string | undefined): Promise<CompanyBalance> {
    const target = companyId ?? auth.user.companyId;
    if (!target) throw new AppError('FIELD_REQUIRED', 400, { field: 'companyId' });
    await this.services.companies.assertInScope(auth, [target]);
    return this.balanceOf(target);
  }

  /** Ledger entries in the caller's scope, newest first, paged by key. */
  async list(auth: AuthContext, query: LedgerListQuery): Promise<KeysetPage<LedgerEntryRow>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    return keysetPageOf(await this.withNoteNames(await this.repo.list(scope, query)), query, (row) => row.id);
  }

  /**
   * A note's `companyId` parameter comes with the company's name as `company` (looked up now: a
   * note names the company as it is called when read).
   */
  private async withNoteNames<T extends LedgerEntryRow>(rows: T[]): Promise<T[]> {
    const ids = new Set<string>();
    for (const row of rows) {
      const id = row.noteParams?.companyId;
      if (typeof id === 'string') ids.add(id);
    }
    if (ids.size === 0) return rows;
    const names = await this.services.companies.namesOf([...ids]);
    return rows.map((row) => {
      const id = row.noteParams?.companyId;
      if (typeof id !== 'string') return row;
      return { ...row, noteParams: { ...row.noteParams, company: names.get(id) ?? id } };
    });
  }

  /**
   * Entries for an export: the list's filters in the caller's scope, newest first, at most
   * `limit`, each with its company's name.
   */
  async exportRows(
    auth: AuthContext,
    query: LedgerFilters,
    limit: number,
  ): Promise<(LedgerEntryRow & { companyName: string })[]> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const rows = await this.withNoteNames(await this.repo.exportRows(scope, query, limit));
    const names = await this.services.companies.namesOf([...new Set(rows.map((row) => row.companyId))]);
    return rows.map((row) => ({ ...row, companyName: names.get(row.companyId) ?? row.companyId }));
  }

  /** A manual recharge or deduction by staff, with its reason, through the ledger. */
  async adjust(
    auth: AuthContext,
    change: {
      companyId: string;
      /** Default: the spending balance. */
      account?: LedgerAccount;
      direction: 'credit' | 'debit';
      amount: bigint;
      reason: string;
      idempotencyKey: string;
    },
  ): Promise<{ entry: LedgerEntryRow; replayed: boolean }> {
    await this.services.companies.assertInScope(auth, [change.companyId]);
    return this.one({
      companyId: change.companyId,
      account: change.account ?? 'balance',
      kind: 'adjustment',
      amount: change.direction === 'credit' ? change.amount : -change.amount,
      idempotencyKey: change.idempotencyKey,
      note: change.reason,
      actor: { userId: auth.user.id, username: auth.user.username },
    });
  }

  // --- proofs ---

  /**
   * Proves every balance equals the sum of its ledger and every entry's balance_after follows
   * from the one before; reports each account where not (and logs it).
   */
  async reconcile(): Promise<ReconcileReport> {
    const started = performance.now();
    const [differences, totals] = await Promise.all([this.repo.reconcile(), this.repo.totals()]);
    const report = { ...totals, differences, durationMs: Math.round(performance.now() - started) };
    if (differences.length > 0) {
      this.log?.error(
        { differences: differences.slice(0, 50), count: differences.length },
        'ledger reconciliation found differences',
      );
    }
    return report;
  }

  /** The sum of one kind's entries per reference starting with `prefix` (other modules' reconciliations). */
  totalsByReference(kind: LedgerKind, prefix: string): Promise<Map<string, bigint>> {
    return this.repo.totalsByReference(kind, prefix);
  }

  /** Writes every company account's closing balance of a day (UTC, `YYYY-MM-DD`); idempotent. */
  closeDay(day: string): Promise<number> {
    return this.repo.closeDay(day);
  }

  dailyBalances(companyId: string) {
    return this.repo.dailyBalances(companyId);
  }

  /** A reseller's commission earned from `since` on (net of reversals and corrections; payouts left out). */
  commissionEarnedSince(companyId: string, since: Date): Promise<bigint> {
    return this.repo.earnedSince(companyId, 'commission', since);
  }
}

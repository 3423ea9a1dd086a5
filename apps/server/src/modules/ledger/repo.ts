import type {
  LedgerAccount,
  LedgerKind,
  LedgerNoteCode,
  LedgerNoteParams,
  ledgerListQuerySchema,
} from '@switchboard/contracts';
import { formatMoney, parseMoney } from '@switchboard/contracts';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, executor, rowsOf } from '../../platform/db';
import { keyset } from '../../platform/paging';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, pgArray } from '../../platform/sql';
import { companyBalances, ledgerDailyBalances, ledgerEntries } from './schema';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type BalanceRow = typeof companyBalances.$inferSelect;
export type LedgerListQuery = z.output<typeof ledgerListQuerySchema>;
export type LedgerFilters = Omit<LedgerListQuery, 'cursor' | 'pageSize'>;

/** The list's and the export's filters, within the caller's scope. */
function ledgerFilters(scope: DataScope, query: LedgerFilters): SQL | undefined {
  return and(
    scopeCondition(scope, ledgerEntries.companyId),
    query.companyId ? eq(ledgerEntries.companyId, query.companyId) : undefined,
    query.kind ? eq(ledgerEntries.kind, query.kind) : undefined,
    query.account ? eq(ledgerEntries.account, query.account) : undefined,
    query.from ? gte(ledgerEntries.createdAt, query.from) : undefined,
    // `to`: the first instant after the period (as the contracts give it).
    query.to ? lt(ledgerEntries.createdAt, query.to) : undefined,
  ) as SQL | undefined;
}

/** An entry the service decided to write (its seq and balance after computed under the lock). */
export interface NewEntry {
  companyId: string;
  account: LedgerAccount;
  seq: number;
  kind: LedgerKind;
  amount: bigint;
  balanceAfter: bigint;
  reference: string | null;
  note: string | null;
  noteCode: LedgerNoteCode | null;
  noteParams: LedgerNoteParams | null;
  actorUserId: string | null;
  actorUsername: string | null;
  idempotencyKey: string;
}

/** A balance row's new state (and the seqs it had when locked, checked again when written). */
export interface BalanceUpdate {
  companyId: string;
  balance: bigint;
  balanceSeq: number;
  commission: bigint;
  commissionSeq: number;
  lockedBalanceSeq: number;
  lockedCommissionSeq: number;
}

/** One account's difference found by reconciliation. */
export interface ReconcileFinding {
  companyId: string;
  account: LedgerAccount;
  /** What the balance row says. */
  balance: string;
  /** The sum of the account's entries. */
  ledgerSum: string;
  /** The last entry's balance_after (null: no entries). */
  lastBalanceAfter: string | null;
  /** The balance row's entry count, and the entries' count and highest seq. */
  seq: number;
  entries: number;
  maxSeq: number;
  /** Entries whose balance_after is not the one before plus their amount. */
  brokenLinks: number;
}

interface EntrySqlRow {
  id: string | number;
  company_id: string;
  account: LedgerAccount;
  seq: string | number;
  kind: LedgerKind;
  amount: string;
  balance_after: string;
  reference: string | null;
  note: string | null;
  note_code: LedgerNoteCode | null;
  note_params: LedgerNoteParams | string | null;
  actor_user_id: string | null;
  actor_username: string | null;
  idempotency_key: string;
  created_at: string | Date;
}

const entryColumns = sql.raw(
  'id, company_id, account, seq, kind, amount, balance_after, reference, note, note_code, note_params, actor_user_id, actor_username, idempotency_key, created_at',
);

function money(text: string): bigint {
  const micros = parseMoney(String(text));
  if (micros === undefined) throw new Error(`not a money value: ${text}`);
  return micros;
}

function entryOf(row: EntrySqlRow): LedgerEntryRow {
  return {
    id: Number(row.id),
    companyId: row.company_id,
    account: row.account,
    seq: Number(row.seq),
    kind: row.kind,
    amount: money(row.amount),
    balanceAfter: money(row.balance_after),
    reference: row.reference,
    note: row.note,
    noteCode: row.note_code,
    noteParams: typeof row.note_params === 'string' ? JSON.parse(row.note_params) : row.note_params,
    actorUserId: row.actor_user_id,
    actorUsername: row.actor_username,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

/**
 * SQL of the balances and the ledger. The write path is three statements whatever the number of
 * entries (lock, look up keys, write), each with one shape, so a batch of a thousand charges
 * costs what one does in round trips.
 */
/** An idempotency key is unique per company: the two together name a posting. */
export const keyOf = (p: { companyId: string; idempotencyKey: string }): string =>
  `${p.companyId}\u0000${p.idempotencyKey}`;

export class LedgerRepo {
  constructor(private readonly db: Db) {}

  /**
   * Locks the balance rows of these companies (FOR UPDATE), in company id order so that two
   * transactions locking overlapping sets never wait on each other in a circle. Rows that do not
   * exist yet are not returned.
   */
  async lockBalances(companyIds: string[]): Promise<BalanceRow[]> {
    const result = await executor(this.db).execute(sql`
      select company_id, balance, balance_seq, credit_limit, commission, commission_seq, updated_at
      from ${companyBalances}
      where company_id = any(${`{${companyIds.join(',')}}`}::uuid[])
      order by company_id
      for update`);
    return rowsOf<{
      company_id: string;
      balance: string;
      balance_seq: string | number;
      credit_limit: string;
      commission: string;
      commission_seq: string | number;
      updated_at: string | Date;
    }>(result).map((r) => ({
      companyId: r.company_id,
      balance: money(r.balance),
      balanceSeq: Number(r.balance_seq),
      creditLimit: money(r.credit_limit),
      commission: money(r.commission),
      commissionSeq: Number(r.commission_seq),
      updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
    }));
  }

  /** Opens zero balances for companies that have none yet (unknown companies are skipped). */
  async openBalances(companyIds: string[]): Promise<void> {
    await executor(this.db).execute(sql`
      insert into ${companyBalances} (company_id)
      select id from companies where id = any(${`{${companyIds.join(',')}}`}::uuid[])
      order by id
      on conflict do nothing`);
  }

  /**
   * Entries already written under these (company, idempotency key) pairs. Two `= any` arrays let
   * the planner probe the unique index; the few cross pairs it may also return are dropped here.
   */
  async findByKeys(keys: { companyId: string; idempotencyKey: string }[]): Promise<LedgerEntryRow[]> {
    if (keys.length === 0) return [];
    const companyIds = [...new Set(keys.map((k) => k.companyId))];
    const idempotencyKeys = [...new Set(keys.map((k) => k.idempotencyKey))];
    const result = await executor(this.db).execute(sql`
      select ${entryColumns} from ${ledgerEntries}
      where company_id = any(${`{${companyIds.join(',')}}`}::uuid[])
        and idempotency_key = any(${pgArray(idempotencyKeys)}::text[])`);
    const wanted = new Set(keys.map(keyOf));
    return rowsOf<EntrySqlRow>(result)
      .map(entryOf)
      .filter((e) => wanted.has(keyOf(e)));
  }

  /** The sum of one kind's entries per reference starting with `prefix` (e.g. `order:`). */
  async totalsByReference(kind: LedgerKind, prefix: string): Promise<Map<string, bigint>> {
    const result = await executor(this.db).execute(sql`
      select reference, sum(amount)::text as total from ${ledgerEntries}
      where kind = ${kind} and starts_with(reference, ${prefix})
      group by reference`);
    return new Map(
      rowsOf<{ reference: string; total: string }>(result).map((r) => [
        r.reference,
        parseMoney(r.total) ?? 0n,
      ]),
    );
  }

  /**
   * Writes the entries and the balances they lead to in one statement. The balance rows are
   * updated only where their seqs are still those seen when locked: a count below the number of
   * rows means something wrote without the lock, and the caller rolls back.
   */
  async write(
    entries: NewEntry[],
    balances: BalanceUpdate[],
  ): Promise<{ entries: LedgerEntryRow[]; updated: number }> {
    const entryJson = JSON.stringify(
      entries.map((e, ord) => ({
        company_id: e.companyId,
        account: e.account,
        seq: e.seq,
        kind: e.kind,
        amount: formatMoney(e.amount),
        balance_after: formatMoney(e.balanceAfter),
        reference: e.reference,
        note: e.note,
        note_code: e.noteCode,
        note_params: e.noteParams,
        actor_user_id: e.actorUserId,
        actor_username: e.actorUsername,
        idempotency_key: e.idempotencyKey,
        ord,
      })),
    );
    const balanceJson = JSON.stringify(
      balances.map((b) => ({
        company_id: b.companyId,
        balance: formatMoney(b.balance),
        balance_seq: b.balanceSeq,
        commission: formatMoney(b.commission),
        commission_seq: b.commissionSeq,
        locked_balance_seq: b.lockedBalanceSeq,
        locked_commission_seq: b.lockedCommissionSeq,
      })),
    );
    const result = await executor(this.db).execute(sql`
      with inserted as (
        insert into ${ledgerEntries}
          (company_id, account, seq, kind, amount, balance_after, reference, note, note_code,
           note_params, actor_user_id, actor_username, idempotency_key, created_at)
        select e.company_id, e.account, e.seq, e.kind, e.amount, e.balance_after, e.reference, e.note,
          e.note_code, e.note_params, e.actor_user_id, e.actor_username, e.idempotency_key, clock_timestamp()
        from jsonb_to_recordset(${entryJson}::jsonb) as e(
          company_id uuid, account text, seq bigint, kind text, amount numeric, balance_after numeric,
          reference text, note text, note_code text, note_params jsonb, actor_user_id uuid,
          actor_username text, idempotency_key text, ord int)
        order by e.ord
        returning ${entryColumns}
      ),
      updated as (
        update ${companyBalances} b
        set balance = v.balance, balance_seq = v.balance_seq, commission = v.commission,
          commission_seq = v.commission_seq, updated_at = now()
        from jsonb_to_recordset(${balanceJson}::jsonb) as v(
          company_id uuid, balance numeric, balance_seq bigint, commission numeric, commission_seq bigint,
          locked_balance_seq bigint, locked_commission_seq bigint)
        where b.company_id = v.company_id and b.balance_seq = v.locked_balance_seq
          and b.commission_seq = v.locked_commission_seq
        returning b.company_id
      )
      select i.*, (select count(*) from updated)::int as updated_count from inserted i order by i.id`);
    const rows = rowsOf<EntrySqlRow & { updated_count: number }>(result);
    return { entries: rows.map(entryOf), updated: Number(rows[0]?.updated_count ?? 0) };
  }

  async balance(companyId: string): Promise<BalanceRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(companyBalances)
      .where(eq(companyBalances.companyId, companyId))
      .limit(1);
    return row;
  }

  /** Balance rows of these companies (companies that never had an entry have none). */
  async balancesOf(companyIds: string[]): Promise<BalanceRow[]> {
    if (companyIds.length === 0) return [];
    return executor(this.db)
      .select()
      .from(companyBalances)
      .where(inUuids(companyBalances.companyId, companyIds));
  }

  /** Per company: the sum of credits and the sum of charges of its balance account. */
  async flowsOf(
    companyIds: string[],
  ): Promise<{ companyId: string; totalIn: bigint; totalCharged: bigint }[]> {
    if (companyIds.length === 0) return [];
    const result = await executor(this.db).execute(sql`
      select company_id,
        coalesce(sum(amount) filter (where amount > 0), 0)::text as total_in,
        coalesce(-sum(amount) filter (where kind = 'charge'), 0)::text as total_charged
      from ${ledgerEntries}
      where account = 'balance' and company_id = any(${pgArray(companyIds)}::uuid[])
      group by company_id`);
    return rowsOf<{ company_id: string; total_in: string; total_charged: string }>(result).map((r) => ({
      companyId: r.company_id,
      totalIn: money(r.total_in),
      totalCharged: money(r.total_charged),
    }));
  }

  async setCreditLimit(companyId: string, creditLimit: bigint): Promise<void> {
    await executor(this.db)
      .update(companyBalances)
      .set({ creditLimit, updatedAt: new Date() })
      .where(eq(companyBalances.companyId, companyId));
  }

  list(scope: DataScope, query: LedgerListQuery) {
    const page = keyset(ledgerEntries.id, query, ledgerFilters(scope, query));
    return executor(this.db)
      .select()
      .from(ledgerEntries)
      .where(page.where)
      .orderBy(page.orderBy)
      .limit(page.limit);
  }

  /** At most `limit` entries matching the filters, newest first (an export). */
  exportRows(scope: DataScope, query: LedgerFilters, limit: number) {
    return executor(this.db)
      .select()
      .from(ledgerEntries)
      .where(ledgerFilters(scope, query))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /**
   * Every account whose balance row disagrees with its ledger: the balance is not the sum of the
   * entries or not the last entry's balance_after, the entry count is not the row's seq, or an
   * entry's balance_after is not the previous one plus its amount. Accounts with entries but no
   * balance row are reported too. One pass over the ledger.
   */
  async reconcile(): Promise<ReconcileFinding[]> {
    const result = await executor(this.db).execute(sql`
      with chain as (
        select company_id, account, seq, amount, balance_after,
          coalesce(lag(balance_after) over w, 0) + amount <> balance_after as broken,
          row_number() over (partition by company_id, account order by seq desc) as from_last
        from ${ledgerEntries}
        window w as (partition by company_id, account order by seq)
      ),
      sums as (
        select company_id, account, sum(amount) as ledger_sum, count(*) as entries, max(seq) as max_seq,
          max(balance_after) filter (where from_last = 1) as last_balance_after,
          count(*) filter (where broken) as broken_links
        from chain group by company_id, account
      ),
      accounts as (
        select company_id, 'balance' as account, balance as amount, balance_seq as seq from ${companyBalances}
        union all
        select company_id, 'commission', commission, commission_seq from ${companyBalances}
      )
      select coalesce(a.company_id, s.company_id) as company_id, coalesce(a.account, s.account) as account,
        coalesce(a.amount, 0) as balance, coalesce(s.ledger_sum, 0) as ledger_sum,
        s.last_balance_after, coalesce(a.seq, 0) as seq, coalesce(s.entries, 0) as entries,
        coalesce(s.max_seq, 0) as max_seq, coalesce(s.broken_links, 0) as broken_links
      from accounts a
      full join sums s on s.company_id = a.company_id and s.account = a.account
      where coalesce(a.amount, 0) <> coalesce(s.ledger_sum, 0)
        or coalesce(a.amount, 0) <> coalesce(s.last_balance_after, 0)
        or coalesce(a.seq, 0) <> coalesce(s.entries, 0)
        or coalesce(s.max_seq, 0) <> coalesce(s.entries, 0)
        or coalesce(s.broken_links, 0) > 0
      order by 1, 2`);
    return rowsOf<{
      company_id: string;
      account: LedgerAccount;
      balance: string;
      ledger_sum: string;
      last_balance_after: string | null;
      seq: string | number;
      entries: string | number;
      max_seq: string | number;
      broken_links: string | number;
    }>(result).map((r) => ({
      companyId: r.company_id,
      account: r.account,
      balance: formatMoney(money(r.balance)),
      ledgerSum: formatMoney(money(r.ledger_sum)),
      lastBalanceAfter: r.last_balance_after === null ? null : formatMoney(money(r.last_balance_after)),
      seq: Number(r.seq),
      entries: Number(r.entries),
      maxSeq: Number(r.max_seq),
      brokenLinks: Number(r.broken_links),
    }));
  }

  /** How many accounts and entries the ledger holds (for the reconciliation report). */
  async totals(): Promise<{ accounts: number; entries: number }> {
    const result = await executor(this.db).execute(sql`
      select (select count(*) * 2 from ${companyBalances})::int as accounts,
        (select count(*) from ${ledgerEntries})::bigint as entries`);
    const row = rowsOf<{ accounts: number; entries: string | number }>(result)[0];
    return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0) };
  }

  /**
   * Writes each company account's closing balance of `day` (UTC): the balance_after of its last
   * entry made before the day ended. Idempotent: a day already written is left as it is.
   */
  async closeDay(day: string): Promise<number> {
    const result = await executor(this.db).execute(sql`
      insert into ${ledgerDailyBalances} (company_id, account, day, closing_balance, last_seq)
      select b.company_id, a.account, ${day}::date,
        coalesce(last.balance_after, 0), coalesce(last.seq, 0)
      from ${companyBalances} b
      cross join (values ('balance'), ('commission')) as a(account)
      left join lateral (
        select e.balance_after, e.seq from ${ledgerEntries} e
        where e.company_id = b.company_id and e.account = a.account
          and e.created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
        order by e.seq desc limit 1
      ) last on true
      on conflict do nothing`);
    return (
      (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0
    );
  }

  /**
   * What came onto a company's account from `since` on, payouts left out: for the commission
   * account, the commission earned (net of reversals and corrections). Entries are read from the
   * closing of the day two days before `since` (a lower bound of the chain; a transaction taking a
   * day is not expected), or from the start without a closing.
   */
  async earnedSince(companyId: string, account: LedgerAccount, since: Date): Promise<bigint> {
    const result = await executor(this.db).execute(sql`
      select coalesce(sum(e.amount) filter (where e.kind <> 'payout' and e.created_at >= ${since.toISOString()}::timestamptz), 0)::text as earned
      from ${ledgerEntries} e
      where e.company_id = ${companyId} and e.account = ${account}
        and e.seq > coalesce((
          select d.last_seq from ${ledgerDailyBalances} d
          where d.company_id = ${companyId} and d.account = ${account}
            and d.day <= (${since.toISOString()}::timestamptz at time zone 'UTC')::date - 2
          order by d.day desc limit 1), 0)`);
    return money(rowsOf<{ earned: string }>(result)[0]?.earned ?? '0');
  }

  dailyBalances(companyId: string) {
    return executor(this.db)
      .select()
      .from(ledgerDailyBalances)
      .where(eq(ledgerDailyBalances.companyId, companyId))
      .orderBy(ledgerDailyBalances.day);
  }
}

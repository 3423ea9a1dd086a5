import type { SmppAccountListQuery, SmsStatus } from '@switchboard/contracts';
import { and, asc, count, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inTexts, inUuids, likeText, pgArray, unnestRows } from '../../platform/sql';
import { BIND_GUARD, type GuardKey, lockAfter } from './bind-guard';
import { smppAccounts, smppBindFailures, smppMessages } from './schema';

export type SmppAccountRow = typeof smppAccounts.$inferSelect;
export type SmppAccountValues = typeof smppAccounts.$inferInsert;
export type SmppMessageRow = typeof smppMessages.$inferSelect;
export type SmppMessageValues = typeof smppMessages.$inferInsert;

type ListFilters = Pick<SmppAccountListQuery, 'column' | 'order'> & {
  systemId?: string;
  companyId?: string;
  enabled?: boolean;
};

const SORTABLE = {
  systemId: smppAccounts.systemId,
  tpsLimit: smppAccounts.tpsLimit,
  maxBinds: smppAccounts.maxBinds,
  enabled: smppAccounts.enabled,
  createdAt: smppAccounts.createdAt,
};
const DEFAULT_ORDER = [asc(smppAccounts.systemId), asc(smppAccounts.id)];

function where(scope: DataScope, filters: ListFilters): SQL | undefined {
  return and(
    scopeCondition(scope, smppAccounts.companyId),
    filters.systemId ? ilike(smppAccounts.systemId, likeText(filters.systemId)) : undefined,
    filters.companyId ? eq(smppAccounts.companyId, filters.companyId) : undefined,
    filters.enabled === undefined ? undefined : eq(smppAccounts.enabled, filters.enabled),
  );
}

/** The only SQL on the SMPP server's tables. */
export class SmppRepo {
  constructor(private readonly db: Db) {}

  // ---- accounts

  async count(scope: DataScope, filters: ListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(smppAccounts)
      .where(where(scope, filters));
    return Number(row?.n ?? 0);
  }

  list(scope: DataScope, filters: ListFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(smppAccounts)
      .where(where(scope, filters))
      .orderBy(...orderByOf(filters, SORTABLE, DEFAULT_ORDER))
      .limit(limit)
      .offset(offset);
  }

  async byId(id: string): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db).select().from(smppAccounts).where(eq(smppAccounts.id, id));
    return row;
  }

  async bySystemId(systemId: string): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(smppAccounts)
      .where(eq(smppAccounts.systemId, systemId))
      .limit(1);
    return row;
  }

  async insert(values: SmppAccountValues): Promise<SmppAccountRow> {
    const [row] = await executor(this.db).insert(smppAccounts).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<SmppAccountValues>): Promise<SmppAccountRow | undefined> {
    const [row] = await executor(this.db)
      .update(smppAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smppAccounts.id, id))
      .returning();
    return row;
  }

  /** Accounts as they are now (a bind re-reads its own after a change). */
  byIds(ids: string[]): Promise<SmppAccountRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(smppAccounts).where(inUuids(smppAccounts.id, ids));
  }

  async remove(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(smppAccounts)
      .where(inArray(smppAccounts.id, ids))
      .returning({ id: smppAccounts.id });
    return rows.length;
  }

  // ---- messages and receipts

  /** One statement whatever the count: each column one array parameter (unnest). */
  async insertMessages(rows: SmppMessageValues[]): Promise<void> {
    if (rows.length === 0) return;
    await executor(this.db).execute(sql`
      insert into smpp_messages (smpp_id, message_id, account_id, source_addr, dest_addr,
        registered_delivery, excerpt, submitted_at)
      select smpp_id, message_id, account_id, source_addr, dest_addr, registered_delivery, excerpt,
        submitted_at
      from ${unnestRows('t', rows, {
        smpp_id: ['text', (r) => r.smppId],
        message_id: ['uuid', (r) => r.messageId],
        account_id: ['uuid', (r) => r.accountId],
        source_addr: ['text', (r) => r.sourceAddr ?? ''],
        dest_addr: ['text', (r) => r.destAddr],
        registered_delivery: ['smallint', (r) => String(r.registeredDelivery ?? 0)],
        excerpt: ['text', (r) => r.excerpt ?? ''],
        submitted_at: ['timestamptz', (r) => r.submittedAt.toISOString()],
      })}
      on conflict do nothing`);
  }

  /**
   * Messages became final: their statuses recorded and, where the submit asked for a receipt for
   * that outcome (decided by `receiptDue`), the receipt made due. Answers the rows changed (a
   * message that is not an SMPP one of ours, or already final, is left out). Two statements for
   * any number of messages.
   */
  async finish(
    finals: { messageId: string; status: SmsStatus; errorCode: string | null; doneAt: Date }[],
    receiptDue: (row: SmppMessageRow) => boolean,
  ): Promise<SmppMessageRow[]> {
    if (finals.length === 0) return [];
    const byMessage = new Map(finals.map((f) => [f.messageId, f]));
    const open = await executor(this.db)
      .select()
      .from(smppMessages)
      .where(
        and(inUuids(smppMessages.messageId, [...byMessage.keys()]), sql`${smppMessages.status} is null`),
      );
    const changed = open.map((row): SmppMessageRow => {
      const f = byMessage.get(row.messageId)!;
      const next = { ...row, status: f.status, errorCode: f.errorCode, doneAt: f.doneAt };
      return { ...next, receiptState: receiptDue(next) ? 'due' : 'none' };
    });
    if (changed.length === 0) return [];
    const result = await executor(this.db).execute(sql`
      update smpp_messages m set status = r.status, error_code = r.error_code, done_at = r.done_at,
        receipt_state = r.receipt_state
      from unnest(${pgArray(changed.map((r) => r.smppId))}::text[],
                  ${pgArray(changed.map((r) => r.status))}::text[],
                  ${pgArray(changed.map((r) => r.errorCode))}::text[],
                  ${pgArray(changed.map((r) => r.doneAt!.toISOString()))}::timestamptz[],
                  ${pgArray(changed.map((r) => r.receiptState))}::text[])
        as r(smpp_id, status, error_code, done_at, receipt_state)
      where m.smpp_id = r.smpp_id and m.status is null
      returning m.smpp_id`);
    const done = new Set(rowsOf<{ smpp_id: string }>(result).map((r) => r.smpp_id));
    return changed.filter((r) => done.has(r.smppId));
  }

  /** Receipts waiting for a receiving bind (monitoring; the partial index smpp_messages_due_idx). */
  async receiptsDue(): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: count() })
      .from(smppMessages)
      .where(eq(smppMessages.receiptState, 'due'));
    return row?.n ?? 0;
  }

  /** Receipts to write to an account's binds: due ones, and ones written long ago but never answered. */
  due(accountIds: string[], staleBefore: Date, limit: number): Promise<SmppMessageRow[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(smppMessages)
      .where(
        and(
          inUuids(smppMessages.accountId, accountIds),
          or(
            eq(smppMessages.receiptState, 'due'),
            and(eq(smppMessages.receiptState, 'sent'), lt(smppMessages.lastSentAt, staleBefore)),
          ),
        ),
      )
      .orderBy(asc(smppMessages.doneAt))
      .limit(limit);
  }

  /**
   * Takes receipts for writing: marks each sent when it is still due (or sent before
   * `staleBefore` and never answered). Answers the ones taken; any other was taken first by
   * another writer (a poll of this process or of another one), or answered meanwhile.
   */
  async claimReceipts(smppIds: string[], at: Date, staleBefore: Date): Promise<Set<string>> {
    if (smppIds.length === 0) return new Set();
    const rows = await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'sent', lastSentAt: at, attempts: sql`${smppMessages.attempts} + 1` })
      .where(
        and(
          inTexts(smppMessages.smppId, smppIds),
          or(
            eq(smppMessages.receiptState, 'due'),
            and(eq(smppMessages.receiptState, 'sent'), lt(smppMessages.lastSentAt, staleBefore)),
          ),
        ),
      )
      .returning({ smppId: smppMessages.smppId });
    return new Set(rows.map((r) => r.smppId));
  }

  async markAcked(smppIds: string[], at: Date): Promise<void> {
    if (smppIds.length === 0) return;
    await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'acked', ackedAt: at })
      .where(inTexts(smppMessages.smppId, smppIds));
  }

  /** A receipt written to a bind that closed before answering: due again. */
  async markDue(smppIds: string[]): Promise<void> {
    if (smppIds.length === 0) return;
    await executor(this.db)
      .update(smppMessages)
      .set({ receiptState: 'due' })
      .where(and(inTexts(smppMessages.smppId, smppIds), eq(smppMessages.receiptState, 'sent')));
  }

  async findBySmppId(smppId: string): Promise<SmppMessageRow | undefined> {
    const [row] = await executor(this.db).select().from(smppMessages).where(eq(smppMessages.smppId, smppId));
    return row;
  }

  // ---- refused binds (see bind-guard.ts)

  /**
   * Counts a bind attempt in each row before its password is looked at (atomically: of any number
   * of attempts at once, in any process, only those within the limit are checked), then locks the
   * rows it took over their limit (the count starts again; the lock lasts longer each time; one
   * caller takes each lock). A row locked already counts nothing. Answers the rows locked now and
   * the locks this call took.
   */
  async countBindAttempt(
    keys: GuardKey[],
    now: Date,
  ): Promise<{
    locked: { scope: string; lockedUntil: Date }[];
    took: { scope: string; lockedUntil: Date }[];
  }> {
    const at = now.toISOString();
    const windowStart = new Date(now.getTime() - BIND_GUARD.windowMs).toISOString();
    const counted = await executor(this.db).execute(sql`
      insert into smpp_bind_failures as f (scope, key, failures, window_start, updated_at)
      select k.scope, k.key, 1, ${at}::timestamptz, ${at}::timestamptz
      from ${unnestRows('k', keys, { scope: ['text', (k) => k.scope], key: ['text', (k) => k.key] })}
      on conflict (scope, key) do update set
        failures = case when f.locked_until > ${at}::timestamptz then f.failures
          when f.window_start < ${windowStart}::timestamptz then 1 else f.failures + 1 end,
        window_start = case when f.locked_until > ${at}::timestamptz then f.window_start
          when f.window_start < ${windowStart}::timestamptz then ${at}::timestamptz else f.window_start end,
        updated_at = ${at}::timestamptz
      returning f.scope, f.failures, f.locked_until`);
    const rows = rowsOf<{ scope: GuardKey['scope']; failures: number; locked_until: string | Date | null }>(
      counted,
    );
    const locked = rows
      .filter((r) => r.locked_until !== null && new Date(r.locked_until) > now)
      .map((r) => ({ scope: r.scope, lockedUntil: new Date(r.locked_until!) }));
    const over = keys.filter((k) => {
      const limit = lockAfter(k.scope);
      const row = rows.find((r) => r.scope === k.scope);
      return limit !== null && row !== undefined && Number(row.failures) > limit;
    });
    if (over.length === 0 || locked.length > 0) return { locked, took: [] };
    const taken = await executor(this.db).execute(sql`
      update smpp_bind_failures f set
        locked_until = ${at}::timestamptz + least(${BIND_GUARD.firstLockMs}::float8 * power(2, least(f.lockouts, 30)),
          ${BIND_GUARD.maxLockMs}::float8) * interval '1 millisecond',
        lockouts = f.lockouts + 1, failures = 0, window_start = ${at}::timestamptz
      from ${unnestRows('k', over, {
        scope: ['text', (k) => k.scope],
        key: ['text', (k) => k.key],
        lim: ['int', (k) => String(lockAfter(k.scope))],
      })}
      where f.scope = k.scope and f.key = k.key and f.failures > k.lim
        and (f.locked_until is null or f.locked_until <= ${at}::timestamptz)
      returning f.scope, f.locked_until`);
    const took = rowsOf<{ scope: string; locked_until: string | Date }>(taken).map((r) => ({
      scope: r.scope,
      lockedUntil: new Date(r.locked_until),
    }));
    // Over the limit is refused whether this call or a concurrent one took the lock.
    return { locked: over.map((k) => ({ scope: k.scope, lockedUntil: took[0]?.lockedUntil ?? now })), took };
  }

  /**
   * A right password: the attempt is given back. Its pair starts again (count and back-off); the
   * address's and the system id's counts lose this attempt (a customer binding often from one
   * address never locks itself out).
   */
  async refundBindAttempt(keys: GuardKey[]): Promise<void> {
    const [pair, ...rest] = keys;
    if (pair) await this.clearBindFailures(pair);
    if (rest.length === 0) return;
    await executor(this.db).execute(sql`
      update smpp_bind_failures f set failures = greatest(f.failures - 1, 0)
      from ${unnestRows('k', rest, { scope: ['text', (k) => k.scope], key: ['text', (k) => k.key] })}
      where f.scope = k.scope and f.key = k.key`);
  }

  /** A right bind: its pair's count and back-off start again. */
  async clearBindFailures(key: GuardKey): Promise<void> {
    await executor(this.db)
      .delete(smppBindFailures)
      .where(and(eq(smppBindFailures.scope, key.scope), eq(smppBindFailures.key, key.key)));
  }

  /** Takes the account's console notice (true) unless one went out within the last hour. */
  async claimBindNotice(systemKey: string, now: Date): Promise<boolean> {
    const rows = await executor(this.db)
      .update(smppBindFailures)
      .set({ notifiedAt: now })
      .where(
        and(
          eq(smppBindFailures.scope, 'system'),
          eq(smppBindFailures.key, systemKey),
          or(
            sql`${smppBindFailures.notifiedAt} is null`,
            lt(smppBindFailures.notifiedAt, new Date(now.getTime() - BIND_GUARD.noticeEveryMs)),
          ),
        ),
      )
      .returning({ key: smppBindFailures.key });
    return rows.length > 0;
  }

  /** Forgets counts quiet for long and not locked (their back-off with them). */
  async purgeBindFailures(before: Date, now: Date): Promise<number> {
    const rows = await executor(this.db)
      .delete(smppBindFailures)
      .where(
        and(
          lt(smppBindFailures.updatedAt, before),
          or(sql`${smppBindFailures.lockedUntil} is null`, lt(smppBindFailures.lockedUntil, now)),
        ),
      )
      .returning({ key: smppBindFailures.key });
    return rows.length;
  }

  async purge(before: Date): Promise<number> {
    const rows = await executor(this.db)
      .delete(smppMessages)
      .where(lt(smppMessages.createdAt, before))
      .returning({ id: smppMessages.smppId });
    return rows.length;
  }
}

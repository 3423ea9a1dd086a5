import type { NumberStatusResult, StatusCheckState } from '@switchboard/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { cliTests, statusCheckNumbers, statusChecks } from './schema';

export type CheckRow = typeof statusChecks.$inferSelect;
export type CheckValues = typeof statusChecks.$inferInsert;
export type CheckNumberRow = typeof statusCheckNumbers.$inferSelect;
export type CliTestRow = typeof cliTests.$inferSelect;
export type CliTestValues = typeof cliTests.$inferInsert;

export interface CheckFilters {
  name?: string | undefined;
  state?: StatusCheckState | undefined;
  companyId?: string | undefined;
}
export interface CheckNumberFilters {
  status?: NumberStatusResult | undefined;
  number?: string | undefined;
}

/** A number claimed for a check (see claim). */
export interface ClaimedCheckNumber {
  id: string;
  number: string;
  attempts: number;
}

export type CheckCounts = Record<
  'total' | 'pending' | 'checking' | 'done' | 'skipped' | NumberStatusResult,
  number
>;
export const emptyCheckCounts = (): CheckCounts => ({
  total: 0,
  pending: 0,
  checking: 0,
  done: 0,
  skipped: 0,
  reachable: 0,
  busy: 0,
  unavailable: 0,
  vacant: 0,
  failed: 0,
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only SQL on the voice tools' tables. */
export class VoiceToolsRepo {
  constructor(private readonly db: Db) {}

  private get x() {
    return executor(this.db);
  }

  // --- status checks ---

  async insertCheck(values: CheckValues): Promise<CheckRow> {
    const [row] = await this.x.insert(statusChecks).values(values).returning();
    return row!;
  }

  async check(id: string): Promise<CheckRow | undefined> {
    const [row] = await this.x.select().from(statusChecks).where(eq(statusChecks.id, id));
    return row;
  }

  /** Updates a check if it is (still) in one of `from`: the row, or undefined when it was not. */
  async updateCheck(
    id: string,
    values: Partial<CheckValues>,
    from: readonly StatusCheckState[],
  ): Promise<CheckRow | undefined> {
    const [row] = await this.x
      .update(statusChecks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(statusChecks.id, id), inArray(statusChecks.state, [...from])))
      .returning();
    return row;
  }

  private checkWhere(scope: DataScope, f: CheckFilters): SQL | undefined {
    return and(
      scopeCondition(scope, statusChecks.companyId),
      f.companyId ? eq(statusChecks.companyId, f.companyId) : undefined,
      f.state ? eq(statusChecks.state, f.state) : undefined,
      f.name ? ilike(statusChecks.name, like(f.name)) : undefined,
    );
  }

  async countChecks(scope: DataScope, f: CheckFilters): Promise<number> {
    const [row] = await this.x.select({ n: count() }).from(statusChecks).where(this.checkWhere(scope, f));
    return Number(row?.n ?? 0);
  }

  listChecks(scope: DataScope, f: CheckFilters, limit: number, offset: number): Promise<CheckRow[]> {
    return this.x
      .select()
      .from(statusChecks)
      .where(this.checkWhere(scope, f))
      .orderBy(desc(statusChecks.createdAt), desc(statusChecks.id))
      .limit(limit)
      .offset(offset);
  }

  liveChecks(): Promise<CheckRow[]> {
    return this.x.select().from(statusChecks).where(eq(statusChecks.state, 'running'));
  }

  /** Locks a check's row for this transaction (undefined: another process holds it). */
  async lockCheck(id: string): Promise<CheckRow | undefined> {
    const [row] = await this.x
      .select()
      .from(statusChecks)
      .where(eq(statusChecks.id, id))
      .for('update', { skipLocked: true });
    return row;
  }

  async addAmount(checkId: string, amount: bigint): Promise<void> {
    await this.x.execute(
      sql`update voice_status_checks set amount = amount + ${amount.toString()}::numeric / 1000000 where id = ${checkId}`,
    );
  }

  async insertNumbers(checkId: string, companyId: string, numbers: string[]): Promise<void> {
    for (let i = 0; i < numbers.length; i += 1000) {
      await this.x
        .insert(statusCheckNumbers)
        .values(numbers.slice(i, i + 1000).map((number) => ({ checkId, companyId, number })));
    }
  }

  async countsOf(checkIds: string[]): Promise<Map<string, CheckCounts>> {
    const out = new Map<string, CheckCounts>(checkIds.map((id) => [id, emptyCheckCounts()]));
    if (checkIds.length === 0) return out;
    const rows = await this.x
      .select({
        checkId: statusCheckNumbers.checkId,
        state: statusCheckNumbers.state,
        status: statusCheckNumbers.status,
        n: count(),
      })
      .from(statusCheckNumbers)
      .where(inArray(statusCheckNumbers.checkId, checkIds))
      .groupBy(statusCheckNumbers.checkId, statusCheckNumbers.state, statusCheckNumbers.status);
    for (const r of rows) {
      const c = out.get(r.checkId)!;
      const n = Number(r.n);
      c.total += n;
      c[r.state] += n;
      if (r.state === 'done' && r.status) c[r.status] += n;
    }
    return out;
  }

  private numbersWhere(checkId: string, f: CheckNumberFilters) {
    return and(
      eq(statusCheckNumbers.checkId, checkId),
      f.status ? eq(statusCheckNumbers.status, f.status) : undefined,
      f.number ? ilike(statusCheckNumbers.number, like(f.number)) : undefined,
    );
  }

  async countNumbers(checkId: string, f: CheckNumberFilters): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(statusCheckNumbers)
      .where(this.numbersWhere(checkId, f));
    return Number(row?.n ?? 0);
  }

  listNumbers(checkId: string, f: CheckNumberFilters, limit: number, offset: number) {
    return this.x
      .select()
      .from(statusCheckNumbers)
      .where(this.numbersWhere(checkId, f))
      .orderBy(statusCheckNumbers.number)
      .limit(limit)
      .offset(offset);
  }

  /** Numbers of a check being checked now, in every process. */
  async checking(checkId: string): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(statusCheckNumbers)
      .where(and(eq(statusCheckNumbers.checkId, checkId), eq(statusCheckNumbers.state, 'checking')));
    return Number(row?.n ?? 0);
  }

  async pendingOrChecking(checkId: string): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(statusCheckNumbers)
      .where(
        and(
          eq(statusCheckNumbers.checkId, checkId),
          inArray(statusCheckNumbers.state, ['pending', 'checking']),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** Claims up to `limit` pending numbers of a check for `leaseMs` (`FOR UPDATE SKIP LOCKED`). */
  async claim(checkId: string, limit: number, leaseMs: number): Promise<ClaimedCheckNumber[]> {
    if (limit <= 0) return [];
    const result = await this.x.execute(sql`
      with due as (
        select id from voice_status_check_numbers
        where check_id = ${checkId} and state = 'pending'
        order by id limit ${limit}
        for update skip locked
      )
      update voice_status_check_numbers n
        set state = 'checking', attempts = n.attempts + 1,
          lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      from due where n.id = due.id
      returning n.id, n.number, n.attempts`);
    return rowsOf<{ id: string; number: string; attempts: number }>(result).map((r) => ({
      id: String(r.id),
      number: String(r.number),
      attempts: Number(r.attempts),
    }));
  }

  /**
   * Lapsed leases (the process checking them died): back to pending, to be claimed again (their
   * charge, under the same key, replays). The checks they belong to.
   */
  async reclaim(): Promise<string[]> {
    const rows = rowsOf<{ check_id: string }>(
      await this.x.execute(sql`
        update voice_status_check_numbers set state = 'pending', lease_until = null
        where state = 'checking' and lease_until < now()
        returning check_id`),
    );
    return [...new Set(rows.map((r) => String(r.check_id)))];
  }

  /** Writes a number's status, if this claim still holds it (false: it lapsed or the check stopped). */
  async finishNumber(
    n: ClaimedCheckNumber,
    values: {
      status: NumberStatusResult;
      sipCode: number | null;
      ms: number | null;
      error: string | null;
      trunkId: string | null;
      amount: bigint;
    },
  ): Promise<boolean> {
    const rows = await this.x
      .update(statusCheckNumbers)
      .set({ ...values, state: 'done', leaseUntil: null, checkedAt: new Date() })
      .where(
        and(
          eq(statusCheckNumbers.id, n.id),
          eq(statusCheckNumbers.state, 'checking'),
          eq(statusCheckNumbers.attempts, n.attempts),
        ),
      )
      .returning({ id: statusCheckNumbers.id });
    return rows.length === 1;
  }

  /** Puts a claimed number back to pending (its charge was refused: the check stops). */
  async release(n: ClaimedCheckNumber): Promise<void> {
    await this.x
      .update(statusCheckNumbers)
      .set({ state: 'pending', leaseUntil: null })
      .where(
        and(
          eq(statusCheckNumbers.id, n.id),
          eq(statusCheckNumbers.state, 'checking'),
          eq(statusCheckNumbers.attempts, n.attempts),
        ),
      );
  }

  /** A stopped check's numbers not yet checked: skipped. */
  async skipPending(checkId: string): Promise<void> {
    await this.x
      .update(statusCheckNumbers)
      .set({ state: 'skipped', leaseUntil: null })
      .where(and(eq(statusCheckNumbers.checkId, checkId), eq(statusCheckNumbers.state, 'pending')));
  }

  // --- CLI tests ---

  async insertTest(values: CliTestValues): Promise<CliTestRow> {
    const [row] = await this.x.insert(cliTests).values(values).returning();
    return row!;
  }

  async test(id: string): Promise<CliTestRow | undefined> {
    const [row] = await this.x.select().from(cliTests).where(eq(cliTests.id, id));
    return row;
  }

  private testWhere(scope: DataScope, trunkId: string | undefined) {
    return and(
      scope.kind === 'all' ? undefined : scopeCondition(scope, cliTests.companyId),
      trunkId ? eq(cliTests.trunkId, trunkId) : undefined,
    );
  }

  async countTests(scope: DataScope, trunkId?: string): Promise<number> {
    const [row] = await this.x.select({ n: count() }).from(cliTests).where(this.testWhere(scope, trunkId));
    return Number(row?.n ?? 0);
  }

  listTests(scope: DataScope, trunkId: string | undefined, limit: number, offset: number) {
    return this.x
      .select()
      .from(cliTests)
      .where(this.testWhere(scope, trunkId))
      .orderBy(desc(cliTests.createdAt), desc(cliTests.id))
      .limit(limit)
      .offset(offset);
  }

  /**
   * Claims the oldest queued test for `leaseMs` (`FOR UPDATE SKIP LOCKED`): it becomes running.
   * A running test whose lease lapsed (its process died mid-call) is ended first, as lost: a test
   * call is never placed twice.
   */
  async claimTest(leaseMs: number): Promise<CliTestRow | undefined> {
    await this.x.execute(sql`
      update voice_cli_tests set state = 'done', result = 'failed', error = 'LOST', finished_at = now(),
        lease_until = null
      where state = 'running' and lease_until < now()`);
    const result = await this.x.execute(sql`
      with due as (
        select id from voice_cli_tests where state = 'queued'
        order by created_at limit 1
        for update skip locked
      )
      update voice_cli_tests t set state = 'running',
        lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      from due where t.id = due.id
      returning t.id`);
    const [row] = rowsOf<{ id: string }>(result);
    return row ? this.test(String(row.id)) : undefined;
  }

  /** Writes a test's outcome if it is still running (false: it was ended as lost meanwhile). */
  async finishTest(id: string, values: Partial<CliTestValues>): Promise<boolean> {
    const rows = await this.x
      .update(cliTests)
      .set({ ...values, state: 'done', leaseUntil: null, finishedAt: new Date() })
      .where(and(eq(cliTests.id, id), eq(cliTests.state, 'running')))
      .returning({ id: cliTests.id });
    return rows.length === 1;
  }
}

import type { NumberStatusResult, StatusCheckState } from '@switchboard/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BulkJobStore, type ClaimedItem } from '../../platform/bulk-job';
import { type Db, executor, rowsOf } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { cliTests, statusCheckNumbers, statusChecks } from './schema';

export type CheckRow = typeof statusChecks.$inferSelect;
export type CheckValues = typeof statusChecks.$inferInsert;
export type CheckNumberRow = typeof statusCheckNumbers.$inferSelect;
export type CliTestRow = typeof cliTests.$inferSelect;
export type CliTestValues = typeof cliTests.$inferInsert;

/** A number claimed for a check (see BulkJobStore.claim). */
export type ClaimedCheckNumber = ClaimedItem;

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

/** The only SQL on the voice tools' tables. */
export class VoiceToolsRepo {
  /**
   * The status checks as bulk jobs and their numbers as its items: lists, counts, claims
   * (`checking`) and their leases.
   */
  readonly bulk: BulkJobStore<typeof statusChecks>;

  constructor(private readonly db: Db) {
    const n = statusCheckNumbers;
    this.bulk = new BulkJobStore(
      db,
      {
        table: statusChecks,
        id: statusChecks.id,
        companyId: statusChecks.companyId,
        name: statusChecks.name,
        state: statusChecks.state,
        createdAt: statusChecks.createdAt,
        amount: statusChecks.amount,
      },
      {
        table: n,
        id: n.id,
        jobId: n.checkId,
        companyId: n.companyId,
        number: n.number,
        state: n.state,
        outcome: n.status,
        attempts: n.attempts,
        leaseUntil: n.leaseUntil,
      },
      'checking',
    );
  }

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

  liveChecks(): Promise<CheckRow[]> {
    return this.x.select().from(statusChecks).where(eq(statusChecks.state, 'running'));
  }

  countsOf(checkIds: string[]): Promise<Map<string, CheckCounts>> {
    return this.bulk.countsOf(checkIds, emptyCheckCounts);
  }

  /**
   * Lapsed leases (the process checking them died): back to pending, to be claimed again (their
   * charge, under the same key, replays). The checks they belong to.
   */
  async reclaim(): Promise<string[]> {
    return [...new Set((await this.bulk.requeueLapsed()).map((r) => r.jobId))];
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
      .where(this.bulk.heldBy(n))
      .returning({ id: statusCheckNumbers.id });
    return rows.length === 1;
  }

  /** Puts a claimed number back to pending (its charge was refused: the check stops). */
  async release(n: ClaimedCheckNumber): Promise<void> {
    await this.x
      .update(statusCheckNumbers)
      .set({ state: 'pending', leaseUntil: null })
      .where(this.bulk.heldBy(n));
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

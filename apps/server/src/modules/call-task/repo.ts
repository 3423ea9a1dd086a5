import type { CallResult, CallTaskState } from '@switchboard/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { BulkJobStore, type ClaimedItem } from '../../platform/bulk-job';
import { type Db, executor, rowsOf } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { likeText } from '../../platform/sql';
import { callRecords, callTaskNumbers, callTasks } from './schema';
import { CallStatsRepo } from './stats-repo';

export type TaskRow = typeof callTasks.$inferSelect;
export type TaskValues = typeof callTasks.$inferInsert;
export type NumberRow = typeof callTaskNumbers.$inferSelect;
export type RecordRow = typeof callRecords.$inferSelect;
export type RecordValues = typeof callRecords.$inferInsert;

export interface RecordFilters {
  taskId?: string | undefined;
  companyId?: string | undefined;
  to?: string | undefined;
  result?: CallResult | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A number claimed for a call (see BulkJobStore.claim). */
export type ClaimedNumber = ClaimedItem;

/** Counts of a task's numbers by state and result. */
export type NumberCounts = Record<'total' | 'pending' | 'dialling' | 'done' | CallResult, number>;
export const emptyCounts = (): NumberCounts => ({
  total: 0,
  pending: 0,
  dialling: 0,
  done: 0,
  answered: 0,
  busy: 0,
  no_answer: 0,
  rejected: 0,
  invalid_number: 0,
  failed: 0,
});

/** The only SQL on the call task tables. */
export class CallTaskRepo {
  /** The daily call roll-up (its own file: the counting rule and the statistics' reads). */
  readonly stats: CallStatsRepo;
  /**
   * The tasks as bulk jobs and their numbers as its items: lists, counts, claims (`dialling`) and
   * their leases.
   */
  readonly bulk: BulkJobStore<typeof callTasks>;

  constructor(private readonly db: Db) {
    this.stats = new CallStatsRepo(db);
    const n = callTaskNumbers;
    this.bulk = new BulkJobStore(
      db,
      {
        table: callTasks,
        id: callTasks.id,
        companyId: callTasks.companyId,
        name: callTasks.name,
        state: callTasks.state,
        createdAt: callTasks.createdAt,
        amount: callTasks.amount,
      },
      {
        table: n,
        id: n.id,
        jobId: n.taskId,
        companyId: n.companyId,
        number: n.number,
        state: n.state,
        outcome: n.result,
        attempts: n.attempts,
        leaseUntil: n.leaseUntil,
      },
      'dialling',
    );
  }

  private get x() {
    return executor(this.db);
  }

  // --- tasks ---

  async insertTask(values: TaskValues): Promise<TaskRow> {
    const [row] = await this.x.insert(callTasks).values(values).returning();
    return row!;
  }

  async task(id: string): Promise<TaskRow | undefined> {
    const [row] = await this.x.select().from(callTasks).where(eq(callTasks.id, id));
    return row;
  }

  /** Updates a task if it is (still) in one of `from`: the row, or undefined when it was not. */
  async updateTask(
    id: string,
    values: Partial<TaskValues>,
    from?: readonly CallTaskState[],
  ): Promise<TaskRow | undefined> {
    const [row] = await this.x
      .update(callTasks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(callTasks.id, id), from ? inArray(callTasks.state, [...from]) : undefined))
      .returning();
    return row;
  }

  async deleteTask(id: string): Promise<void> {
    await this.x.delete(callTasks).where(eq(callTasks.id, id));
  }

  /** Tasks the engine looks after: live, or paused for lack of balance. */
  liveTasks(): Promise<TaskRow[]> {
    return this.x
      .select()
      .from(callTasks)
      .where(
        sql`${callTasks.state} in ('submitting', 'running', 'calling') or (${callTasks.state} = 'paused' and ${callTasks.pauseReason} = 'BALANCE_INSUFFICIENT')`,
      );
  }

  countsOf(taskIds: string[]): Promise<Map<string, NumberCounts>> {
    return this.bulk.countsOf(taskIds, emptyCounts);
  }

  /**
   * Marks a claimed number as being dialled (committed before the call is placed), its lease
   * renewed (the engine renews it while the call lasts). False: the claim lapsed, do not dial.
   */
  async mark(n: ClaimedNumber, leaseMs: number): Promise<boolean> {
    const result = await this.x.execute(sql`
      update call_task_numbers set dialled_at = now(), called_at = now(),
        lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id = ${n.id} and state = 'dialling' and attempts = ${n.attempts} and dialled_at is null
      returning id`);
    return rowsOf(result).length === 1;
  }

  /**
   * Lapsed leases: a claim never marked goes back to pending; a number marked and never answered
   * (its process died during the call) is done, failed: it is never dialled again, and its call
   * is recorded (failed, from when it was marked; no trunk known). Run it in a transaction: the
   * records answered (`lost`) are added to the statistics in it.
   */
  async reclaim(): Promise<{ requeued: number; lost: { id: string; taskId: string }[] }> {
    const requeued = (await this.bulk.requeueLapsed(sql`dialled_at is null`)).length;
    const lost = rowsOf<{ id: string; task_id: string }>(
      await this.x.execute(sql`
        with lost as (
          update call_task_numbers set state = 'done', result = 'failed', lease_until = null
          where state = 'dialling' and dialled_at is not null and lease_until < now()
          returning id, task_id, company_id, number, dialled_at
        )
        insert into call_records (task_id, number_id, company_id, to_number, result, started_at, ended_at)
        select task_id, id, company_id, number, 'failed', dialled_at, greatest(dialled_at, now()) from lost
        returning id, task_id`),
    ).map((r) => ({ id: String(r.id), taskId: String(r.task_id) }));
    return { requeued, lost };
  }

  /** Writes a number's final result, if this claim still holds it (false: it lapsed). */
  async finishNumber(
    n: ClaimedNumber,
    values: {
      result: CallResult;
      ringMs: number;
      talkMs: number;
      keys: string;
      ivrResult: string;
      smsState: 'due' | null;
    },
  ): Promise<boolean> {
    const result = await this.x.execute(sql`
      update call_task_numbers set state = 'done', result = ${values.result}, ring_ms = ${values.ringMs},
        talk_ms = ${values.talkMs}, keys = ${values.keys}, ivr_result = ${values.ivrResult}, lease_until = null,
        sms_state = case when sms_state = 'sent' then sms_state else ${values.smsState} end
      where ${this.bulk.heldBy(n)}
      returning id`);
    return rowsOf(result).length === 1;
  }

  async addNumberAmount(numberId: string, amount: bigint): Promise<void> {
    await this.x.execute(
      sql`update call_task_numbers set amount = amount + ${amount.toString()}::numeric / 1000000 where id = ${numberId}`,
    );
  }

  /** Re-call: done numbers (all, or not answered only) pending again. How many. */
  async recall(taskId: string, only: 'all' | 'failed'): Promise<number> {
    const result = await this.x.execute(sql`
      update call_task_numbers set state = 'pending', result = null, dialled_at = null, lease_until = null
      where task_id = ${taskId} and state = 'done'
        ${only === 'failed' ? sql`and result <> 'answered'` : sql``}
      returning id`);
    return rowsOf(result).length;
  }

  /** Hang-up SMS due, oldest first. */
  async smsDue(limit: number): Promise<{ id: string; taskId: string; companyId: string; number: string }[]> {
    return this.x
      .select({
        id: callTaskNumbers.id,
        taskId: callTaskNumbers.taskId,
        companyId: callTaskNumbers.companyId,
        number: callTaskNumbers.number,
      })
      .from(callTaskNumbers)
      .where(eq(callTaskNumbers.smsState, 'due'))
      .limit(limit);
  }

  /** Marks hang-up SMS sent; the ids that were still due. */
  async markSmsSent(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.x
      .update(callTaskNumbers)
      .set({ smsState: 'sent' })
      .where(and(inArray(callTaskNumbers.id, ids), eq(callTaskNumbers.smsState, 'due')))
      .returning({ id: callTaskNumbers.id });
    return rows.map((r) => r.id);
  }

  // --- records ---

  async insertRecord(values: RecordValues): Promise<RecordRow> {
    const [row] = await this.x.insert(callRecords).values(values).returning();
    return row!;
  }

  /** Answered calls not yet charged, oldest first. */
  dueCharges(limit: number): Promise<RecordRow[]> {
    return this.x
      .select()
      .from(callRecords)
      .where(eq(callRecords.chargeState, 'due'))
      .orderBy(callRecords.createdAt)
      .limit(limit);
  }

  /** Marks a record charged (once): false when it was already. */
  async markCharged(
    id: string,
    charged: {
      amount: bigint;
      billedS: number;
      cost: bigint | null;
      transferAmount: bigint;
      transferBilledS: number;
    },
  ): Promise<boolean> {
    const rows = await this.x
      .update(callRecords)
      .set({ chargeState: 'charged', ...charged, updatedAt: new Date() })
      .where(and(eq(callRecords.id, id), eq(callRecords.chargeState, 'due')))
      .returning({ id: callRecords.id });
    return rows.length === 1;
  }

  recordWhere(scope: DataScope, f: RecordFilters): SQL | undefined {
    return and(
      scopeCondition(scope, callRecords.companyId),
      f.companyId ? eq(callRecords.companyId, f.companyId) : undefined,
      f.taskId ? eq(callRecords.taskId, f.taskId) : undefined,
      f.result ? eq(callRecords.result, f.result) : undefined,
      f.to ? ilike(callRecords.toNumber, likeText(f.to)) : undefined,
      f.from ? gte(callRecords.startedAt, f.from) : undefined,
      f.until ? lt(callRecords.startedAt, f.until) : undefined,
    );
  }

  async countRecords(scope: DataScope, f: RecordFilters): Promise<number> {
    const [row] = await this.x.select({ n: count() }).from(callRecords).where(this.recordWhere(scope, f));
    return Number(row?.n ?? 0);
  }

  listRecords(scope: DataScope, f: RecordFilters, limit: number, offset: number): Promise<RecordRow[]> {
    return this.x
      .select()
      .from(callRecords)
      .where(this.recordWhere(scope, f))
      .orderBy(desc(callRecords.startedAt), desc(callRecords.id))
      .limit(limit)
      .offset(offset);
  }

  async taskNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.x
      .select({ id: callTasks.id, name: callTasks.name })
      .from(callTasks)
      .where(inArray(callTasks.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}

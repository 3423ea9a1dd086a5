import type { CallResult, CallTaskState } from '@switchboard/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { callRecords, callTaskNumbers, callTasks } from './schema';
import { CallStatsRepo } from './stats-repo';

export type TaskRow = typeof callTasks.$inferSelect;
export type TaskValues = typeof callTasks.$inferInsert;
export type NumberRow = typeof callTaskNumbers.$inferSelect;
export type RecordRow = typeof callRecords.$inferSelect;
export type RecordValues = typeof callRecords.$inferInsert;

export interface TaskFilters {
  name?: string | undefined;
  state?: CallTaskState | undefined;
  companyId?: string | undefined;
}
export interface RecordFilters {
  taskId?: string | undefined;
  companyId?: string | undefined;
  to?: string | undefined;
  result?: CallResult | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A number claimed for a call (see claim). */
export interface ClaimedNumber {
  id: string;
  number: string;
  attempts: number;
}

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

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only SQL on the call task tables. */
export class CallTaskRepo {
  /** The daily call roll-up (its own file: the counting rule and the statistics' reads). */
  readonly stats: CallStatsRepo;

  constructor(private readonly db: Db) {
    this.stats = new CallStatsRepo(db);
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

  private taskWhere(scope: DataScope, f: TaskFilters): SQL | undefined {
    return and(
      scopeCondition(scope, callTasks.companyId),
      f.companyId ? eq(callTasks.companyId, f.companyId) : undefined,
      f.state ? eq(callTasks.state, f.state) : undefined,
      f.name ? ilike(callTasks.name, like(f.name)) : undefined,
    );
  }

  async countTasks(scope: DataScope, f: TaskFilters): Promise<number> {
    const [row] = await this.x.select({ n: count() }).from(callTasks).where(this.taskWhere(scope, f));
    return Number(row?.n ?? 0);
  }

  listTasks(scope: DataScope, f: TaskFilters, limit: number, offset: number): Promise<TaskRow[]> {
    return this.x
      .select()
      .from(callTasks)
      .where(this.taskWhere(scope, f))
      .orderBy(desc(callTasks.createdAt), desc(callTasks.id))
      .limit(limit)
      .offset(offset);
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

  /** Locks a task's row for this transaction (null: another process holds it, or it is gone). */
  async lockTask(id: string): Promise<TaskRow | undefined> {
    const [row] = await this.x
      .select()
      .from(callTasks)
      .where(eq(callTasks.id, id))
      .for('update', { skipLocked: true });
    return row;
  }

  async addAmount(taskId: string, amount: bigint): Promise<void> {
    await this.x.execute(
      sql`update call_tasks set amount = amount + ${amount.toString()}::numeric / 1000000 where id = ${taskId}`,
    );
  }

  // --- numbers ---

  async insertNumbers(taskId: string, companyId: string, numbers: string[]): Promise<void> {
    for (let i = 0; i < numbers.length; i += 1000) {
      await this.x
        .insert(callTaskNumbers)
        .values(numbers.slice(i, i + 1000).map((number) => ({ taskId, companyId, number })));
    }
  }

  async deleteNumbers(taskId: string): Promise<void> {
    await this.x.delete(callTaskNumbers).where(eq(callTaskNumbers.taskId, taskId));
  }

  async countsOf(taskIds: string[]): Promise<Map<string, NumberCounts>> {
    const out = new Map<string, NumberCounts>(taskIds.map((id) => [id, emptyCounts()]));
    if (taskIds.length === 0) return out;
    const rows = await this.x
      .select({
        taskId: callTaskNumbers.taskId,
        state: callTaskNumbers.state,
        result: callTaskNumbers.result,
        n: count(),
      })
      .from(callTaskNumbers)
      .where(inArray(callTaskNumbers.taskId, taskIds))
      .groupBy(callTaskNumbers.taskId, callTaskNumbers.state, callTaskNumbers.result);
    for (const r of rows) {
      const c = out.get(r.taskId)!;
      const n = Number(r.n);
      c.total += n;
      c[r.state] += n;
      if (r.state === 'done' && r.result) c[r.result] += n;
    }
    return out;
  }

  numbersWhere(taskId: string, f: { result?: CallResult | undefined; number?: string | undefined }) {
    return and(
      eq(callTaskNumbers.taskId, taskId),
      f.result ? eq(callTaskNumbers.result, f.result) : undefined,
      f.number ? ilike(callTaskNumbers.number, like(f.number)) : undefined,
    );
  }

  async countNumbers(taskId: string, f: { result?: CallResult; number?: string }): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(callTaskNumbers)
      .where(this.numbersWhere(taskId, f));
    return Number(row?.n ?? 0);
  }

  listNumbers(taskId: string, f: { result?: CallResult; number?: string }, limit: number, offset: number) {
    return this.x
      .select()
      .from(callTaskNumbers)
      .where(this.numbersWhere(taskId, f))
      .orderBy(callTaskNumbers.number)
      .limit(limit)
      .offset(offset);
  }

  /** Calls of a task up now (claimed and not finished), in every process. */
  async dialling(taskId: string): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(callTaskNumbers)
      .where(and(eq(callTaskNumbers.taskId, taskId), eq(callTaskNumbers.state, 'dialling')));
    return Number(row?.n ?? 0);
  }

  async pendingOrDialling(taskId: string): Promise<number> {
    const [row] = await this.x
      .select({ n: count() })
      .from(callTaskNumbers)
      .where(
        and(eq(callTaskNumbers.taskId, taskId), inArray(callTaskNumbers.state, ['pending', 'dialling'])),
      );
    return Number(row?.n ?? 0);
  }

  /**
   * Claims up to `limit` pending numbers of a task for `leaseMs` (`FOR UPDATE SKIP LOCKED`): they
   * become `dialling`, one attempt more, not yet marked (dialled_at null).
   */
  async claim(taskId: string, limit: number, leaseMs: number): Promise<ClaimedNumber[]> {
    if (limit <= 0) return [];
    const result = await this.x.execute(sql`
      with due as (
        select id from call_task_numbers
        where task_id = ${taskId} and state = 'pending'
        order by id limit ${limit}
        for update skip locked
      )
      update call_task_numbers n
        set state = 'dialling', attempts = n.attempts + 1, dialled_at = null,
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

  /** Renews the leases of numbers an engine holds (those still dialling under the same attempt). */
  async renewLeases(held: readonly ClaimedNumber[], leaseMs: number): Promise<void> {
    if (held.length === 0) return;
    const values = sql.join(
      held.map((n) => sql`(${n.id}::uuid, ${n.attempts}::int)`),
      sql`, `,
    );
    await this.x.execute(sql`
      update call_task_numbers n set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      from (values ${values}) as h(id, attempts)
      where n.id = h.id and n.attempts = h.attempts and n.state = 'dialling'`);
  }

  /**
   * Lapsed leases: a claim never marked goes back to pending; a number marked and never answered
   * (its process died during the call) is done, failed: it is never dialled again, and its call
   * is recorded (failed, from when it was marked; no trunk known). Run it in a transaction: the
   * records answered (`lost`) are added to the statistics in it.
   */
  async reclaim(): Promise<{ requeued: number; lost: { id: string; taskId: string }[] }> {
    const requeued = rowsOf(
      await this.x.execute(sql`
        update call_task_numbers set state = 'pending', lease_until = null
        where state = 'dialling' and dialled_at is null and lease_until < now()
        returning id`),
    ).length;
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
      where id = ${n.id} and state = 'dialling' and attempts = ${n.attempts}
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
  async markCharged(id: string, amount: bigint, billedS: number, cost: bigint | null): Promise<boolean> {
    const rows = await this.x
      .update(callRecords)
      .set({ chargeState: 'charged', amount, billedS, cost, updatedAt: new Date() })
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
      f.to ? ilike(callRecords.toNumber, like(f.to)) : undefined,
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

import type { Page, PageQuery } from '@switchboard/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, executor, rowsOf, withTransaction } from '../db';
import { paginate } from '../paging';
import { type DataScope, scopeCondition } from '../scope';
import { likeText, pgArray } from '../sql';

/**
 * Bulk jobs: a job (a group call task, a number-status check) is a row of a company with a name
 * and a state, and a list of items (numbers), each worked once by one worker process at a time.
 * An item is claimed (`FOR UPDATE SKIP LOCKED`) into the job's busy state with one attempt more
 * and a lease (`lease_until`); the claim holds while the item is still busy under the same
 * attempt (`heldBy`), and the worker renews the leases of the items it holds (`LeaseKeeper`); a
 * lapsed lease (its process died) is the owning module's to settle (`requeueLapsed` puts items
 * back to pending). Its result goes to its outcome column, state `done`.
 */

/** An item claimed by this process (see BulkJobStore.claim). */
export interface ClaimedItem {
  id: string;
  number: string;
  attempts: number;
}

/** The job table's columns the store uses. */
export interface BulkJobColumns<J extends PgTable> {
  table: J;
  id: PgColumn;
  companyId: PgColumn;
  name: PgColumn;
  state: PgColumn;
  createdAt: PgColumn;
  /** What the job's items were charged so far (money). */
  amount: PgColumn;
}

/** The item table's columns the store uses (the outcome: a call's result, a number's status). */
export interface BulkItemColumns {
  table: PgTable;
  id: PgColumn;
  jobId: PgColumn;
  companyId: PgColumn;
  number: PgColumn;
  state: PgColumn;
  outcome: PgColumn;
  attempts: PgColumn;
  leaseUntil: PgColumn;
}

/** A job list's filters (the list routes' query). */
export interface JobFilters {
  name?: string | undefined;
  state?: string | undefined;
  companyId?: string | undefined;
}

/** An item list's filters (a job's numbers: by outcome, by number). */
export interface ItemFilters {
  outcome?: string | undefined;
  number?: string | undefined;
}

/** Counts of a job's items: `total`, one per item state and one per outcome of the done ones. */
export type ItemCounts = Record<string, number>;

/** A column's bare name (`set` targets and `update … from` cannot take a table-qualified one). */
const col = (column: PgColumn) => sql.identifier(column.name);
const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/** The SQL of one kind of bulk job, over its two tables: the only SQL on their shared columns. */
export class BulkJobStore<J extends PgTable> {
  constructor(
    private readonly db: Db,
    private readonly jobs: BulkJobColumns<J>,
    private readonly items: BulkItemColumns,
    /** An item's state while claimed (`dialling`, `checking`). */
    private readonly busy: string,
  ) {}

  private get x() {
    return executor(this.db);
  }

  // --- jobs ---

  private jobsWhere(scope: DataScope, f: JobFilters): SQL | undefined {
    const j = this.jobs;
    return and(
      scopeCondition(scope, j.companyId),
      f.companyId ? eq(j.companyId, f.companyId) : undefined,
      f.state ? eq(j.state, f.state) : undefined,
      f.name ? ilike(j.name, likeText(f.name)) : undefined,
    );
  }

  /** A page of jobs in a scope, newest first. */
  pageJobs(scope: DataScope, query: PageQuery & JobFilters): Promise<Page<J['$inferSelect']>> {
    const where = this.jobsWhere(scope, query);
    return paginate(
      query,
      async () => {
        const [row] = await this.x
          .select({ n: count() })
          .from(this.jobs.table as PgTable)
          .where(where);
        return Number(row?.n ?? 0);
      },
      async (limit, offset) =>
        (await this.x
          .select()
          .from(this.jobs.table as PgTable)
          .where(where)
          .orderBy(desc(this.jobs.createdAt), desc(this.jobs.id))
          .limit(limit)
          .offset(offset)) as J['$inferSelect'][],
    );
  }

  /** Locks a job's row for this transaction (undefined: another process holds it, or it is gone). */
  async lockJob(id: string): Promise<J['$inferSelect'] | undefined> {
    const [row] = await this.x
      .select()
      .from(this.jobs.table as PgTable)
      .where(eq(this.jobs.id, id))
      .for('update', { skipLocked: true });
    return row as J['$inferSelect'] | undefined;
  }

  /** Adds to a job's amount (money in micro-units). */
  async addJobAmount(id: string, amount: bigint): Promise<void> {
    await this.x.execute(
      sql`update ${this.jobs.table} set ${col(this.jobs.amount)} = ${col(this.jobs.amount)} + ${amount.toString()}::numeric / 1000000 where ${col(this.jobs.id)} = ${id}`,
    );
  }

  // --- items ---

  /** A job's items, pending (a thousand a statement). */
  async insertItems(jobId: string, companyId: string, numbers: readonly string[]): Promise<void> {
    const i = this.items;
    for (let at = 0; at < numbers.length; at += 1000) {
      await this.x.execute(sql`
        insert into ${i.table} (${col(i.jobId)}, ${col(i.companyId)}, ${col(i.number)})
        select ${jobId}::uuid, ${companyId}::uuid, unnest(${pgArray(numbers.slice(at, at + 1000))}::text[])`);
    }
  }

  async deleteItems(jobId: string): Promise<void> {
    await this.x.delete(this.items.table).where(eq(this.items.jobId, jobId));
  }

  /** Each job's item counts (`empty()` for a job without items), by item state and outcome. */
  async countsOf<C extends ItemCounts>(jobIds: readonly string[], empty: () => C): Promise<Map<string, C>> {
    const out = new Map<string, C>(jobIds.map((id) => [id, empty()]));
    if (jobIds.length === 0) return out;
    const i = this.items;
    const rows = await this.x
      .select({ jobId: i.jobId, state: i.state, outcome: i.outcome, n: count() })
      .from(i.table)
      .where(inArray(i.jobId, [...jobIds]))
      .groupBy(i.jobId, i.state, i.outcome);
    for (const r of rows) {
      const c: ItemCounts = out.get(String(r.jobId))!;
      const n = Number(r.n);
      const state = String(r.state);
      c.total = (c.total ?? 0) + n;
      c[state] = (c[state] ?? 0) + n;
      if (state === 'done' && r.outcome) c[String(r.outcome)] = (c[String(r.outcome)] ?? 0) + n;
    }
    return out;
  }

  private itemsWhere(jobId: string, f: ItemFilters) {
    const i = this.items;
    return and(
      eq(i.jobId, jobId),
      f.outcome ? eq(i.outcome, f.outcome) : undefined,
      f.number ? ilike(i.number, likeText(f.number)) : undefined,
    );
  }

  /** A page of a job's items by number, each as `view` makes it of its row (`R`, the item table's). */
  pageItems<R, V>(jobId: string, query: PageQuery, f: ItemFilters, view: (row: R) => V): Promise<Page<V>> {
    const where = this.itemsWhere(jobId, f);
    return paginate(
      query,
      async () => {
        const [row] = await this.x.select({ n: count() }).from(this.items.table).where(where);
        return Number(row?.n ?? 0);
      },
      async (limit, offset) =>
        (
          (await this.x
            .select()
            .from(this.items.table)
            .where(where)
            .orderBy(this.items.number)
            .limit(limit)
            .offset(offset)) as R[]
        ).map(view),
    );
  }

  /** Items of a job claimed now (busy), in every process. */
  busyCount(jobId: string): Promise<number> {
    return this.countIn(jobId, [this.busy]);
  }

  /** Items of a job not finished yet (pending or busy). */
  unfinished(jobId: string): Promise<number> {
    return this.countIn(jobId, ['pending', this.busy]);
  }

  private async countIn(jobId: string, states: string[]): Promise<number> {
    const i = this.items;
    const [row] = await this.x
      .select({ n: count() })
      .from(i.table)
      .where(and(eq(i.jobId, jobId), inArray(i.state, states)));
    return Number(row?.n ?? 0);
  }

  /**
   * Claims up to `limit` pending items of a job for `leaseMs` (`FOR UPDATE SKIP LOCKED`): they
   * become busy, one attempt more; `also` sets more columns of the claimed rows.
   */
  async claim(jobId: string, limit: number, leaseMs: number, also?: SQL): Promise<ClaimedItem[]> {
    if (limit <= 0) return [];
    const i = this.items;
    const result = await this.x.execute(sql`
      with due as (
        select ${col(i.id)} from ${i.table}
        where ${col(i.jobId)} = ${jobId} and ${col(i.state)} = 'pending'
        order by ${col(i.id)} limit ${limit}
        for update skip locked
      )
      update ${i.table} n
        set ${col(i.state)} = ${this.busy}, ${col(i.attempts)} = n.${col(i.attempts)} + 1,${also ? sql` ${also},` : sql``}
          ${col(i.leaseUntil)} = now() + ${interval(leaseMs)}
      from due where n.${col(i.id)} = due.${col(i.id)}
      returning n.${col(i.id)} as id, n.${col(i.number)} as number, n.${col(i.attempts)} as attempts`);
    return rowsOf<{ id: string; number: string; attempts: number }>(result).map((r) => ({
      id: String(r.id),
      number: String(r.number),
      attempts: Number(r.attempts),
    }));
  }

  /**
   * Claims room in a job, its row locked so that no other process claims at once: as many items
   * as `room` (of the locked row; 0 or undefined: none) less those busy now, in every process.
   */
  claimRoom(
    jobId: string,
    leaseMs: number,
    room: (job: J['$inferSelect']) => number | undefined,
    also?: SQL,
  ): Promise<ClaimedItem[]> {
    return withTransaction(this.db, async () => {
      const locked = await this.lockJob(jobId);
      const limit = locked ? room(locked) : undefined;
      if (!limit) return [];
      const up = await this.busyCount(jobId);
      return this.claim(jobId, limit - up, leaseMs, also);
    });
  }

  /** The condition that a claim still holds its item (busy, under the same attempt). */
  heldBy(n: ClaimedItem): SQL {
    const i = this.items;
    return and(eq(i.id, n.id), eq(i.state, this.busy), eq(i.attempts, n.attempts))!;
  }

  /** Renews the leases of items a process holds (those still busy under the same attempt). */
  async renewLeases(held: readonly ClaimedItem[], leaseMs: number): Promise<void> {
    if (held.length === 0) return;
    const i = this.items;
    const values = sql.join(
      held.map((n) => sql`(${n.id}::uuid, ${n.attempts}::int)`),
      sql`, `,
    );
    await this.x.execute(sql`
      update ${i.table} n set ${col(i.leaseUntil)} = now() + ${interval(leaseMs)}
      from (values ${values}) as h(id, attempts)
      where n.${col(i.id)} = h.id and n.${col(i.attempts)} = h.attempts and n.${col(i.state)} = ${this.busy}`);
  }

  /** Busy items whose lease lapsed (and `also` holds): pending again. Each, with its job. */
  async requeueLapsed(also?: SQL): Promise<{ id: string; jobId: string }[]> {
    const i = this.items;
    const rows = rowsOf<{ id: string; job_id: string }>(
      await this.x.execute(sql`
        update ${i.table} set ${col(i.state)} = 'pending', ${col(i.leaseUntil)} = null
        where ${col(i.state)} = ${this.busy} and ${col(i.leaseUntil)} < now()${also ? sql` and ${also}` : sql``}
        returning ${col(i.id)} as id, ${col(i.jobId)} as job_id`),
    );
    return rows.map((r) => ({ id: String(r.id), jobId: String(r.job_id) }));
  }
}

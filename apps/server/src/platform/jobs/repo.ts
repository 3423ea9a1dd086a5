import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type Db, executor } from '../db';
import { jobRuns, scheduledJobs } from './schema';

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;
export type RunStatus = 'running' | 'ok' | 'failed' | 'skipped';

/** SQL of the job tables. */
export class JobRepo {
  constructor(private readonly db: Db) {}

  /** Registers a job; an existing row keeps its (possibly operator-changed) schedule and pause flag. */
  async register(name: string, description: string, schedule: string): Promise<ScheduledJobRow> {
    const q = executor(this.db);
    await q
      .insert(scheduledJobs)
      .values({ name, description, schedule, defaultSchedule: schedule })
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: { description, defaultSchedule: schedule, updatedAt: new Date() },
      });
    const [row] = await q.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    return row!;
  }

  async find(name: string): Promise<ScheduledJobRow | undefined> {
    const [row] = await executor(this.db).select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    return row;
  }

  async list(): Promise<ScheduledJobRow[]> {
    return executor(this.db).select().from(scheduledJobs).orderBy(scheduledJobs.name);
  }

  async update(name: string, change: Partial<Pick<ScheduledJobRow, 'schedule' | 'paused'>>) {
    await executor(this.db)
      .update(scheduledJobs)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(scheduledJobs.name, name));
  }

  /** Claims a run: the id, or undefined when another process has already claimed this slot. */
  async claim(jobName: string, slot: Date, trigger: 'schedule' | 'manual', node: string) {
    const [row] = await executor(this.db)
      .insert(jobRuns)
      .values({ jobName, slot, trigger, status: 'running', node })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    return row?.id;
  }

  async finish(
    runId: number,
    jobName: string,
    outcome: { status: RunStatus; durationMs: number; result?: unknown; error?: string },
  ) {
    const q = executor(this.db);
    const finishedAt = new Date();
    await q
      .update(jobRuns)
      .set({
        status: outcome.status,
        finishedAt,
        durationMs: outcome.durationMs,
        result: outcome.result ?? null,
        error: outcome.error ?? null,
      })
      .where(eq(jobRuns.id, runId));
    await q
      .update(scheduledJobs)
      .set({
        lastRunAt: finishedAt,
        lastStatus: outcome.status,
        lastDurationMs: outcome.durationMs,
        lastResult: outcome.error ?? (outcome.result === undefined ? null : JSON.stringify(outcome.result)),
      })
      .where(eq(scheduledJobs.name, jobName));
  }

  async runs(jobName: string, limit = 50): Promise<JobRunRow[]> {
    return executor(this.db)
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobName, jobName))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(limit);
  }

  /** Runs going on now, in any process (monitoring; the partial index job_runs_running_idx). */
  async running(): Promise<JobRunRow[]> {
    return executor(this.db)
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.status, 'running'))
      .orderBy(jobRuns.startedAt)
      .limit(50);
  }

  /** Failed runs since `since`: how many, and the latest `limit` (the partial index job_runs_failed_idx). */
  async failuresSince(since: Date, limit: number): Promise<{ count: number; latest: JobRunRow[] }> {
    const q = executor(this.db);
    const failedSince = and(eq(jobRuns.status, 'failed'), gte(jobRuns.startedAt, since));
    const [[counted], latest] = await Promise.all([
      q.select({ n: count() }).from(jobRuns).where(failedSince),
      q.select().from(jobRuns).where(failedSince).orderBy(desc(jobRuns.startedAt)).limit(limit),
    ]);
    return { count: counted?.n ?? 0, latest };
  }

  /** Runs left 'running' by a process that died: marked failed, so the history tells the truth. */
  async failAbandoned(node: string) {
    await executor(this.db)
      .update(jobRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: 'the process running it stopped' })
      .where(and(eq(jobRuns.node, node), eq(jobRuns.status, 'running')));
  }

  /** History older than `days` is dropped (the job runner's own retention). */
  async purgeRuns(days: number): Promise<number> {
    const deleted = await executor(this.db)
      .delete(jobRuns)
      .where(sql`${jobRuns.startedAt} < now() - make_interval(days => ${days})`)
      .returning({ id: jobRuns.id });
    return deleted.length;
  }
}

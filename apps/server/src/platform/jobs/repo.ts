import { and, asc, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../db';
import { orderByOf } from '../resource/sort';
import { likeText, pgArray } from '../sql';
import { jobRuns, scheduledJobs } from './schema';

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;
export type RunStatus = 'running' | 'ok' | 'failed' | 'skipped';

/** Filters and sort of the jobs list (the console's System -> Scheduled jobs). */
export interface JobListFilters {
  /** Only these jobs (those registered in this build). */
  names: readonly string[];
  name?: string;
  paused?: boolean;
  lastStatus?: RunStatus;
  column?: string;
  order?: 'asc' | 'desc';
}

export interface RunListFilters {
  jobName: string;
  status?: RunStatus;
  trigger?: 'schedule' | 'manual';
  column?: string;
  order?: 'asc' | 'desc';
}

const JOB_SORTABLE = {
  name: scheduledJobs.name,
  schedule: scheduledJobs.schedule,
  paused: scheduledJobs.paused,
  lastRunAt: scheduledJobs.lastRunAt,
  lastStatus: scheduledJobs.lastStatus,
  lastDurationMs: scheduledJobs.lastDurationMs,
};
const RUN_SORTABLE = { startedAt: jobRuns.startedAt, durationMs: jobRuns.durationMs };

function jobsWhere(filters: JobListFilters): SQL | undefined {
  return and(
    sql`${scheduledJobs.name} = any(${pgArray(filters.names)}::text[])`,
    filters.name ? ilike(scheduledJobs.name, likeText(filters.name)) : undefined,
    filters.paused === undefined ? undefined : eq(scheduledJobs.paused, filters.paused),
    filters.lastStatus ? eq(scheduledJobs.lastStatus, filters.lastStatus) : undefined,
  );
}

function runsWhere(filters: RunListFilters): SQL | undefined {
  return and(
    eq(jobRuns.jobName, filters.jobName),
    filters.status ? eq(jobRuns.status, filters.status) : undefined,
    filters.trigger ? eq(jobRuns.trigger, filters.trigger) : undefined,
  );
}

/** SQL of the job tables. */
export class JobRepo {
  constructor(private readonly db: Db) {}

  /** Registers a job; an existing row keeps its (possibly operator-changed) schedule and pause flag. */
  /**
   * Records the jobs this code defines (new ones with their default schedule; known ones keep the
   * schedule an operator set) in one statement, and answers their rows. Every process start runs
   * it: one statement for all, not two per job (28 statements were a sixth of a start's SQL).
   */
  async registerAll(
    jobs: { name: string; description: string; schedule: string }[],
  ): Promise<ScheduledJobRow[]> {
    if (jobs.length === 0) return [];
    return executor(this.db)
      .insert(scheduledJobs)
      .values(jobs.map((j) => ({ ...j, defaultSchedule: j.schedule })))
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: {
          description: sql`excluded.description`,
          defaultSchedule: sql`excluded.default_schedule`,
          updatedAt: new Date(),
        },
      })
      .returning();
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

  async countJobs(filters: JobListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledJobs)
      .where(jobsWhere(filters));
    return Number(row?.n ?? 0);
  }

  listJobs(filters: JobListFilters, limit: number, offset: number): Promise<ScheduledJobRow[]> {
    return executor(this.db)
      .select()
      .from(scheduledJobs)
      .where(jobsWhere(filters))
      .orderBy(...orderByOf(filters, JOB_SORTABLE, [asc(scheduledJobs.name)]))
      .limit(limit)
      .offset(offset);
  }

  /** When the run under way of each job started (jobs with none are absent). */
  async runningSince(names: readonly string[]): Promise<Map<string, Date>> {
    const rows = await executor(this.db)
      .select({ jobName: jobRuns.jobName, since: sql<Date | string>`min(${jobRuns.startedAt})` })
      .from(jobRuns)
      .where(and(eq(jobRuns.status, 'running'), sql`${jobRuns.jobName} = any(${pgArray(names)}::text[])`))
      .groupBy(jobRuns.jobName);
    return new Map(rows.map((r) => [r.jobName, new Date(r.since)]));
  }

  /** Jobs with a run marked running that started before `before`. */
  async jobsRunningSince(before: Date): Promise<string[]> {
    const rows = await executor(this.db)
      .selectDistinct({ jobName: jobRuns.jobName })
      .from(jobRuns)
      .where(and(eq(jobRuns.status, 'running'), lt(jobRuns.startedAt, before)));
    return rows.map((r) => r.jobName);
  }

  /** Marks a job's runs still 'running' that started before `before` as failed (their process died). */
  async failRunning(jobName: string, before: Date): Promise<number> {
    const rows = await executor(this.db)
      .update(jobRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: 'the process running it stopped' })
      .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.status, 'running'), lt(jobRuns.startedAt, before)))
      .returning({ id: jobRuns.id });
    return rows.length;
  }

  async countRuns(filters: RunListFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(jobRuns)
      .where(runsWhere(filters));
    return Number(row?.n ?? 0);
  }

  listRuns(filters: RunListFilters, limit: number, offset: number): Promise<JobRunRow[]> {
    return executor(this.db)
      .select()
      .from(jobRuns)
      .where(runsWhere(filters))
      .orderBy(...orderByOf(filters, RUN_SORTABLE, [desc(jobRuns.startedAt), desc(jobRuns.id)]))
      .limit(limit)
      .offset(offset);
  }

  async runById(id: number): Promise<JobRunRow | undefined> {
    const [row] = await executor(this.db).select().from(jobRuns).where(eq(jobRuns.id, id));
    return row;
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

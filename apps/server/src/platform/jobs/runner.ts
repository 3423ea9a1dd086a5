import os from 'node:os';
import { Cron } from 'croner';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { JobRepo, type JobRunRow, type ScheduledJobRow } from './repo';

/** A unit of scheduled work a module registers (see AppModule.jobs). */
export interface JobDefinition {
  /** Stable name, `<module>.<what>` (e.g. `auth.sessions.purge`). */
  name: string;
  /** What it does, for operators (English; the admin screen translates by name). */
  description: string;
  /** Default cron pattern (5 fields, or 6 with seconds), in the server's time zone. */
  schedule: string;
  /** Does the work; what it returns is recorded as the run's result. */
  run(context: { log: Logger }): Promise<Record<string, unknown> | undefined>;
}

export interface JobRunOutcome {
  runId: number | undefined;
  status: 'ok' | 'failed' | 'skipped' | 'claimed-elsewhere';
  result?: unknown;
  error?: string;
}

/** True when `pattern` is a cron pattern the runner accepts. */
export function isValidSchedule(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs each registered job on its schedule, once per scheduled time across every worker process
 * sharing the database:
 * - a scheduled time ("slot") is claimed by inserting (job, slot) into job_runs; the process
 *   whose insert wins runs it, the others skip it;
 * - while a run is under way the job's advisory lock is held, so a slow run and the next slot
 *   never overlap (the next slot is recorded as skipped);
 * - every run records its start, end, duration, status and result; the job's row keeps the last.
 * Schedules live in scheduled_jobs (the code's default until an operator changes it).
 *
 * croner with a PostgreSQL advisory lock rather than pg-boss: jobs are a handful of periodic
 * maintenance tasks defined in code, croner computes their times exactly, and claiming slots in
 * our own table gives run-once across processes without a queue to poll (pg-boss polls, and its
 * tables and workers would be one more moving part for no gain here).
 */
export class JobRunner {
  private readonly repo: JobRepo;
  private readonly timers = new Map<string, Cron>();
  private readonly definitions = new Map<string, JobDefinition>();
  readonly node = `${os.hostname()}:${process.pid}`;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {
    this.repo = new JobRepo(database.db);
  }

  /** Registers the jobs (stored schedules win) without starting their timers. */
  async register(definitions: JobDefinition[]): Promise<ScheduledJobRow[]> {
    const rows: ScheduledJobRow[] = [];
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
      if (!isValidSchedule(definition.schedule)) {
        throw new Error(`job ${definition.name}: invalid schedule ${definition.schedule}`);
      }
      this.definitions.set(definition.name, definition);
      rows.push(await this.repo.register(definition.name, definition.description, definition.schedule));
    }
    return rows;
  }

  /** Starts the timers of every registered job (the worker role). */
  async start(): Promise<void> {
    await this.repo.failAbandoned(this.node);
    for (const row of await this.repo.list()) {
      if (this.definitions.has(row.name)) this.schedule(row.name, row.schedule);
    }
  }

  private schedule(name: string, pattern: string) {
    this.timers.get(name)?.stop();
    const schedule = isValidSchedule(pattern) ? pattern : this.definitions.get(name)!.schedule;
    if (schedule !== pattern) this.log.warn({ job: name, pattern }, 'invalid stored schedule, default used');
    const timer = new Cron(schedule, { protect: true, unref: true }, async (self: Cron) => {
      // The scheduled time this firing stands for, the same in every process (milliseconds dropped).
      const slot = self.previousRuns(1, new Date(Date.now() + 1_000))[0] ?? new Date();
      await this.runSlot(name, slot, 'schedule').catch((error: unknown) => {
        this.log.error({ err: error, job: name }, 'job run could not be recorded');
      });
    });
    this.timers.set(name, timer);
  }

  /** Runs a job now (an operator's "run once"), whatever its schedule or pause flag. */
  runNow(name: string): Promise<JobRunOutcome> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    return this.runSlot(name, new Date(), 'manual');
  }

  private async runSlot(name: string, slot: Date, trigger: 'schedule' | 'manual'): Promise<JobRunOutcome> {
    const definition = this.definitions.get(name)!;
    if (trigger === 'schedule' && (await this.repo.find(name))?.paused) {
      return { runId: undefined, status: 'skipped' };
    }
    const runId = await this.repo.claim(name, slot, trigger, this.node);
    if (runId === undefined) return { runId, status: 'claimed-elsewhere' };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const outcome = await this.database.withLock(`job:${name}`, 'try', async (): Promise<JobRunOutcome> => {
      try {
        const result = await definition.run({ log: this.log.child({ job: name }) });
        await this.repo.finish(runId, name, { status: 'ok', durationMs: elapsed(), result });
        return { runId, status: 'ok', result };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log.error({ err: error, job: name }, 'job failed');
        await this.repo.finish(runId, name, { status: 'failed', durationMs: elapsed(), error: message });
        return { runId, status: 'failed', error: message };
      }
    });
    if (outcome) return outcome;
    const error = 'the previous run is still under way';
    await this.repo.finish(runId, name, { status: 'skipped', durationMs: elapsed(), error });
    return { runId, status: 'skipped', error };
  }

  /** The registered jobs with their stored schedule, pause flag and last run. */
  list(): Promise<ScheduledJobRow[]> {
    return this.repo.list();
  }

  history(name: string, limit?: number): Promise<JobRunRow[]> {
    return this.repo.runs(name, limit);
  }

  /** Pauses or resumes a job, or changes its schedule (timers of this process follow). */
  async update(name: string, change: { schedule?: string; paused?: boolean }) {
    if (change.schedule !== undefined && !isValidSchedule(change.schedule)) {
      throw new Error(`invalid schedule ${change.schedule}`);
    }
    await this.repo.update(name, change);
    if (change.schedule !== undefined && this.timers.has(name)) this.schedule(name, change.schedule);
  }

  /** Job history older than `days` goes (the runner's own retention). */
  purgeHistory(days: number) {
    return this.repo.purgeRuns(days);
  }

  /** When the next scheduled run of a job is due in this process (null when not started). */
  nextRun(name: string): Date | null {
    return this.timers.get(name)?.nextRun() ?? null;
  }

  stop() {
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
  }
}

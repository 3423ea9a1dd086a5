import os from 'node:os';
import { Cron } from 'croner';
import type { CacheBus } from '../cache-bus';
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
 * What is wrong with a schedule an operator typed, or null: `invalid` (croner refuses it),
 * `tooOften` (a seconds field other than one number would run a job several times a minute, and
 * every run is a row of history) or `neverRuns` (a date that does not exist, a year gone by).
 */
export function scheduleProblem(pattern: string): 'invalid' | 'tooOften' | 'neverRuns' | null {
  if (!isValidSchedule(pattern)) return 'invalid';
  const fields = pattern.trim().split(/\s+/);
  if (fields.length >= 6 && !/^\d{1,2}$/.test(fields[0]!)) return 'tooOften';
  return nextRunOf(pattern) ? null : 'neverRuns';
}

/** When `pattern` fires next after `after` (null: never, or not a pattern). */
export function nextRunOf(pattern: string, after: Date = new Date()): Date | null {
  try {
    const cron = new Cron(pattern, { paused: true });
    const next = cron.nextRun(after);
    cron.stop();
    return next ?? null;
  } catch {
    return null;
  }
}

/** The cache-bus name the runner listens to: a schedule changed, timers follow (every process). */
export const JOBS_CHANGED = 'jobs.schedules';

/** A run left 'running' this long whose job lock is free was abandoned by a process that died. */
const ABANDONED_AFTER_MS = 60_000;

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
  readonly repo: JobRepo;
  private readonly timers = new Map<string, Cron>();
  /** The stored schedule each timer was started from (what a resync compares). */
  private readonly patterns = new Map<string, string>();
  private readonly definitions = new Map<string, JobDefinition>();
  /** Runs under way in this process (stop() waits for them). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private resyncTimer: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private listening = false;
  readonly node = `${os.hostname()}:${process.pid}`;

  /**
   * `caches` carries schedule changes to the worker processes at once; every `resyncMs` each one
   * also reads the schedules itself, which bounds a lost message.
   */
  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly options: { caches?: CacheBus; resyncMs?: number } = {},
  ) {
    this.repo = new JobRepo(database.db);
  }

  /** The names of the registered jobs (the ones this build can run). */
  names(): string[] {
    return [...this.definitions.keys()];
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  /** Registers the jobs (stored schedules win) without starting their timers. */
  async register(definitions: JobDefinition[]): Promise<ScheduledJobRow[]> {
    const names = new Set<string>();
    for (const definition of definitions) {
      if (this.definitions.has(definition.name) || names.has(definition.name)) {
        throw new Error(`job ${definition.name} registered twice`);
      }
      if (!isValidSchedule(definition.schedule)) {
        throw new Error(`job ${definition.name}: invalid schedule ${definition.schedule}`);
      }
      names.add(definition.name);
    }
    const rows = await this.repo.registerAll(
      definitions.map(({ name, description, schedule }) => ({ name, description, schedule })),
    );
    for (const definition of definitions) this.definitions.set(definition.name, definition);
    const byName = new Map(rows.map((row) => [row.name, row]));
    return definitions.map((definition) => byName.get(definition.name)!);
  }

  /**
   * Starts the timers of every registered job (the worker role). A schedule changed in another
   * process reaches them through the cache bus (JOBS_CHANGED) and, should that message be lost,
   * through a read of the schedules every `resyncMs` (a minute by default).
   */
  async start(): Promise<void> {
    this.started = true;
    await this.repo.failAbandoned(this.node);
    await this.resync();
    if (this.options.caches && !this.listening) {
      this.listening = true;
      this.options.caches.register(JOBS_CHANGED, () => {
        if (!this.started) return;
        this.resync().catch((error: unknown) => this.log.error({ err: error }, 'job schedules not reloaded'));
      });
    }
    this.resyncTimer = setInterval(() => {
      this.resync().catch((error: unknown) => this.log.error({ err: error }, 'job schedules not reloaded'));
    }, this.options.resyncMs ?? 60_000);
    this.resyncTimer.unref?.();
  }

  /** Starts, restarts or keeps each registered job's timer as its stored schedule says. */
  async resync(): Promise<void> {
    if (!this.started) return;
    for (const row of await this.repo.list()) {
      if (!this.started) return;
      if (this.definitions.has(row.name) && this.patterns.get(row.name) !== row.schedule) {
        this.schedule(row.name, row.schedule);
      }
    }
  }

  private schedule(name: string, pattern: string) {
    this.timers.get(name)?.stop();
    const schedule = isValidSchedule(pattern) ? pattern : this.definitions.get(name)!.schedule;
    if (schedule !== pattern) this.log.warn({ job: name, pattern }, 'invalid stored schedule, default used');
    const timer = new Cron(schedule, { protect: true, unref: true }, async (self: Cron) => {
      // The scheduled time this firing stands for, the same in every process (milliseconds dropped).
      const slot = self.previousRuns(1, new Date(Date.now() + 1_000))[0] ?? new Date();
      await this.runScheduled(name, slot, pattern).catch((error: unknown) => {
        this.log.error({ err: error, job: name }, 'job run could not be recorded');
      });
    });
    this.timers.set(name, timer);
    this.patterns.set(name, pattern);
  }

  /**
   * A timer fired for `slot` of the schedule `pattern`. Paused jobs skip it; so does a timer whose
   * schedule was changed meanwhile in another process (it is restarted on the stored one).
   */
  async runScheduled(name: string, slot: Date, pattern: string): Promise<JobRunOutcome> {
    const row = await this.repo.find(name);
    if (!row || row.paused) return { runId: undefined, status: 'skipped' };
    if (row.schedule !== pattern) {
      if (this.started && this.patterns.get(name) === pattern) this.schedule(name, row.schedule);
      return { runId: undefined, status: 'skipped' };
    }
    const runId = await this.repo.claim(name, slot, 'schedule', this.node);
    if (runId === undefined) return { runId, status: 'claimed-elsewhere' };
    return this.track(this.execute(name, runId));
  }

  /** Runs a job now (an operator's "run once"), whatever its schedule or pause flag. */
  async runNow(name: string): Promise<JobRunOutcome> {
    return (await this.startNow(name)).done;
  }

  /**
   * Starts a manual run in this process: answers once the run is recorded (its row, 'running'),
   * with `done` settling when it ends. It runs exactly once whatever other processes do, and never
   * beside another run of the job (the job's advisory lock: it is recorded as skipped then).
   */
  async startNow(name: string): Promise<{ run: JobRunRow; done: Promise<JobRunOutcome> }> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const runId = (await this.repo.claim(name, new Date(), 'manual', this.node))!;
    const run = (await this.repo.runById(runId))!;
    return { run, done: this.track(this.execute(name, runId)) };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  private async execute(name: string, runId: number): Promise<JobRunOutcome> {
    const definition = this.definitions.get(name)!;
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

  /**
   * Pauses or resumes a job, or changes its schedule. The timers of every worker process follow:
   * this one at once, the others on the cache bus's message (or their next resync). A pause needs
   * no message: each firing reads the flag.
   */
  async update(name: string, change: { schedule?: string; paused?: boolean }) {
    if (change.schedule !== undefined && !isValidSchedule(change.schedule)) {
      throw new Error(`invalid schedule ${change.schedule}`);
    }
    await this.repo.update(name, change);
    if (change.schedule === undefined) return;
    if (this.options.caches) await this.options.caches.changed(JOBS_CHANGED);
    else await this.resync();
  }

  /**
   * Runs still marked 'running' after a minute whose job lock is free were left by a process that
   * died (a manual run's API process, or a worker restarted under another pid): marked failed, so
   * the history tells the truth and the console stops waiting for them.
   */
  async failAbandonedRuns(): Promise<void> {
    const before = new Date(Date.now() - ABANDONED_AFTER_MS);
    for (const name of await this.repo.jobsRunningSince(before)) {
      const failed = await this.database.withLock(`job:${name}`, 'try', () =>
        this.repo.failRunning(name, before),
      );
      if (failed) this.log.warn({ job: name, runs: failed }, 'abandoned job runs marked failed');
    }
  }

  /** Job history older than `days` goes (the runner's own retention). */
  purgeHistory(days: number) {
    return this.repo.purgeRuns(days);
  }

  /** When the next scheduled run of a job is due in this process (null when not started). */
  nextRun(name: string): Date | null {
    return this.timers.get(name)?.nextRun() ?? null;
  }

  /** The schedule this process's timer of a job follows (undefined when not started). */
  timerSchedule(name: string): string | undefined {
    return this.patterns.get(name);
  }

  /**
   * Stops the timers and gives the runs under way in this process up to `graceMs` to end (one
   * still going then is left: its row is marked failed later, see failAbandonedRuns).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.started = false;
    clearInterval(this.resyncTimer);
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
    this.patterns.clear();
    if (this.inFlight.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
  }
}

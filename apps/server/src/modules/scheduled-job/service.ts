import type {
  JobRunStatus,
  JobRunTrigger,
  jobListQuerySchema,
  jobRecordSchema,
  jobRunListQuerySchema,
  jobRunRecordSchema,
  Page,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/envelope';
import {
  type JobRunner,
  type JobRunRow,
  nextRunOf,
  type ScheduledJobRow,
  scheduleProblem,
} from '../../platform/jobs/index';
import type { Logger } from '../../platform/logger';
import { paginate } from '../../platform/paging';

export type JobView = z.output<typeof jobRecordSchema>;
export type JobRunView = z.output<typeof jobRunRecordSchema>;

/** How long `execute` waits for a run to end before answering it as still running. */
const EXECUTE_WAIT_MS = 1_500;

const SCHEDULE_ERRORS = {
  invalid: 'JOB_SCHEDULE_INVALID',
  tooOften: 'JOB_SCHEDULE_TOO_OFTEN',
  neverRuns: 'JOB_SCHEDULE_NEVER_RUNS',
} as const;

/** The time zone schedules are read in: this process's (croner uses local time). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function runView(row: JobRunRow): JobRunView {
  const result = row.result;
  return {
    id: row.id,
    jobName: row.jobName,
    trigger: row.trigger as JobRunTrigger,
    status: row.status as JobRunStatus,
    slot: row.slot,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    durationMs: row.durationMs,
    result:
      result === null || result === undefined
        ? null
        : typeof result === 'object' && !Array.isArray(result)
          ? (result as Record<string, unknown>)
          : { value: result },
    error: row.error,
    node: row.node,
  };
}

/**
 * System -> Scheduled jobs (`/sys/quartzJob`): the registered jobs, their schedules, pause flags,
 * runs now and history, over the platform's job runner (which keeps every run once across
 * processes; see platform/jobs/runner.ts).
 */
export class ScheduledJobService {
  constructor(
    private readonly jobs: JobRunner,
    private readonly log: Logger,
  ) {}

  private view(row: ScheduledJobRow, runningSince: Date | undefined): JobView {
    return {
      name: row.name,
      description: row.description,
      schedule: row.schedule,
      defaultSchedule: row.defaultSchedule,
      paused: row.paused,
      lastRunAt: row.lastRunAt,
      lastStatus: row.lastStatus as JobRunStatus | null,
      lastDurationMs: row.lastDurationMs,
      lastResult: row.lastResult,
      runningSince: runningSince ?? null,
      nextRunAt: row.paused ? null : nextRunOf(row.schedule),
      timeZone: timeZone(),
      updatedAt: row.updatedAt,
    };
  }

  async list(query: z.output<typeof jobListQuerySchema>): Promise<Page<JobView>> {
    // Runs a dead process left 'running' would keep the console waiting: settled first.
    await this.jobs.failAbandonedRuns();
    const filters = { ...query, names: this.jobs.names() };
    const page = await paginate(
      query,
      () => this.jobs.repo.countJobs(filters),
      (limit, offset) => this.jobs.repo.listJobs(filters, limit, offset),
    );
    const running = await this.jobs.repo.runningSince(page.records.map((row) => row.name));
    return { ...page, records: page.records.map((row) => this.view(row, running.get(row.name))) };
  }

  /** A registered job's row, or 404 (a name this build does not run is unknown). */
  private async row(name: string): Promise<ScheduledJobRow> {
    const row = this.jobs.has(name) ? await this.jobs.repo.find(name) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  private async current(name: string): Promise<JobView> {
    const row = await this.row(name);
    const running = await this.jobs.repo.runningSince([name]);
    return this.view(row, running.get(name));
  }

  /** One registered job as listed (404 for a name this build does not run). */
  get(name: string): Promise<JobView> {
    return this.current(name);
  }

  /** A new schedule: refused in the caller's language when it is no cron pattern we run. */
  async edit(name: string, schedule: string): Promise<JobView> {
    await this.row(name);
    const problem = scheduleProblem(schedule);
    if (problem) {
      throw new AppError(SCHEDULE_ERRORS[problem], 400, { schedule }, null, undefined);
    }
    await this.jobs.update(name, { schedule });
    return this.current(name);
  }

  async setPaused(name: string, paused: boolean): Promise<JobView> {
    await this.row(name);
    await this.jobs.update(name, { paused });
    return this.current(name);
  }

  /**
   * Runs a job once now, in this process, recorded as a manual run. Answers when it ended, or
   * after a moment with the run still under way (the console follows it in the history).
   */
  async execute(name: string): Promise<JobRunView> {
    await this.row(name);
    const { run, done } = await this.jobs.startNow(name);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      done.catch((error: unknown) =>
        this.log.error({ err: error, job: name }, 'manual job run not recorded'),
      ),
      new Promise((resolve) => {
        timer = setTimeout(resolve, EXECUTE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return runView((await this.jobs.repo.runById(run.id)) ?? run);
  }

  async history(query: z.output<typeof jobRunListQuerySchema>): Promise<Page<JobRunView>> {
    await this.row(query.name);
    const filters = { ...query, jobName: query.name };
    const page = await paginate(
      query,
      () => this.jobs.repo.countRuns(filters),
      (limit, offset) => this.jobs.repo.listRuns(filters, limit, offset),
    );
    return { ...page, records: page.records.map(runView) };
  }
}

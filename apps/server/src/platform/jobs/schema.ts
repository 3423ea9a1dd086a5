import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** The jobs the server registers: their schedule (an operator may change it), pause flag and last run. */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: varchar('name', { length: 64 }).primaryKey(),
    description: varchar('description', { length: 256 }).notNull(),
    /** Cron pattern (5 fields, or 6 with seconds) in the server's time zone. */
    schedule: varchar('schedule', { length: 64 }).notNull(),
    /** The schedule the code ships with (what "reset" goes back to). */
    defaultSchedule: varchar('default_schedule', { length: 64 }).notNull(),
    paused: boolean('paused').notNull().default(false),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: varchar('last_status', { length: 16 }),
    lastDurationMs: integer('last_duration_ms'),
    lastResult: text('last_result'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'scheduled_jobs_last_status_ck',
      sql`${t.lastStatus} is null or ${t.lastStatus} in ('running', 'ok', 'failed', 'skipped')`,
    ),
  ],
);

/**
 * Every run of a job. A scheduled run is claimed by inserting its (job, slot): whichever process
 * inserts first runs it, so each slot runs once however many worker processes there are.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    /** The scheduled time this run stands for; for a manual run, when it was asked for. */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** schedule | manual */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** What the job reports (e.g. {"deleted": 120}). */
    result: jsonb('result'),
    error: text('error'),
    /** Which process ran it (host:pid). */
    node: varchar('node', { length: 128 }).notNull(),
  },
  (t) => [
    // One run per scheduled time; manual runs are never refused.
    uniqueIndex('job_runs_slot_uq').on(t.jobName, t.slot).where(sql`${t.trigger} = 'schedule'`),
    index('job_runs_job_idx').on(t.jobName, t.startedAt),
    // Runs under way (the console's list asks on every refresh): a handful of rows at most.
    index('job_runs_running_idx').on(t.jobName, t.startedAt).where(sql`${t.status} = 'running'`),
    // Monitoring: recent failures without reading the whole history.
    index('job_runs_failed_idx').on(t.startedAt).where(sql`${t.status} = 'failed'`),
    check('job_runs_trigger_ck', sql`${t.trigger} in ('schedule', 'manual')`),
    check('job_runs_status_ck', sql`${t.status} in ('running', 'ok', 'failed', 'skipped')`),
  ],
);

import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime } from './wire';

/**
 * Scheduled jobs (`/sys/quartzJob`, Jeecg's path): the jobs the server's modules register, their
 * schedule (a cron expression an administrator may change), pause flag, last run and history.
 * Jobs are defined in code, so there is no add or delete: only their schedule and state change.
 */

export const JOB_NAME_MAX = 64;
export const JOB_SCHEDULE_MAX = 64;
export const JOB_RUN_STATUSES = ['running', 'ok', 'failed', 'skipped'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
export const JOB_RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type JobRunTrigger = (typeof JOB_RUN_TRIGGERS)[number];

/** A registered job's name (`<module>.<what>`, e.g. `auth.sessions.purge`). */
export const jobName = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(JOB_NAME_MAX, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'FIELD_INVALID');

/**
 * A cron expression as typed: trimmed, runs of spaces made one. Whether it is a schedule the
 * runner accepts (fields in range, at most once a minute, a date that exists) the server decides
 * (JOB_SCHEDULE_INVALID, JOB_SCHEDULE_TOO_OFTEN, JOB_SCHEDULE_NEVER_RUNS).
 */
export const jobSchedule = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(JOB_SCHEDULE_MAX, 'FIELD_TOO_LONG')
  .transform((text) => text.replace(/\s+/g, ' '));

export const JOB_SORTABLE = [
  'name',
  'schedule',
  'paused',
  'lastRunAt',
  'lastStatus',
  'lastDurationMs',
] as const;

export const jobListQuerySchema = resourceListQuerySchema({
  /** Part of the name. */
  name: z.string().trim().max(JOB_NAME_MAX, 'FIELD_TOO_LONG').optional(),
  paused: booleanQuery.optional(),
  lastStatus: z.enum(JOB_RUN_STATUSES).optional(),
  // A few dozen jobs at most: one page by default.
  pageSize: pageQuerySchema.shape.pageSize.removeDefault().default(50),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

export const jobRecordSchema = z.object({
  name: z.string(),
  /** What it does, in English (the console shows its own translation by name, this as fallback). */
  description: z.string(),
  schedule: z.string(),
  /** The schedule the code ships with. */
  defaultSchedule: z.string(),
  paused: z.boolean(),
  lastRunAt: dateTime.nullable(),
  lastStatus: z.enum(JOB_RUN_STATUSES).nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** The last run's result (JSON text) or error. */
  lastResult: z.string().nullable(),
  /** When the run under way now started (null: none is). */
  runningSince: dateTime.nullable(),
  /** The next time the schedule fires (null while paused). */
  nextRunAt: dateTime.nullable(),
  /** The time zone schedules are read in (the server's). */
  timeZone: z.string(),
  updatedAt: dateTime,
});
export type JobRecord = z.input<typeof jobRecordSchema>;

/** `PUT /sys/quartzJob/edit`: a new schedule for a job. */
export const jobEditSchema = z.object({ name: jobName, schedule: jobSchedule });
export type JobEdit = z.input<typeof jobEditSchema>;

/** pause, resume and execute name one job. */
export const jobNameBodySchema = z.object({ name: jobName });
export type JobNameBody = z.input<typeof jobNameBodySchema>;

export const JOB_RUN_SORTABLE = ['startedAt', 'durationMs'] as const;

/** `GET /sys/quartzJob/history`: one job's runs, newest first. */
export const jobRunListQuerySchema = resourceListQuerySchema({
  name: jobName,
  status: z.enum(JOB_RUN_STATUSES).optional(),
  trigger: z.enum(JOB_RUN_TRIGGERS).optional(),
});
export type JobRunListQuery = z.input<typeof jobRunListQuerySchema>;

export const jobRunRecordSchema = z.object({
  id: z.number().int(),
  jobName: z.string(),
  trigger: z.enum(JOB_RUN_TRIGGERS),
  status: z.enum(JOB_RUN_STATUSES),
  /** The scheduled time it stands for; for a manual run, when it was asked for. */
  slot: dateTime,
  startedAt: dateTime,
  finishedAt: dateTime.nullable(),
  durationMs: z.number().int().nullable(),
  /** What the job reported (e.g. {deleted: 12}). */
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  /** The process that ran it (host:pid). */
  node: z.string(),
});
export type JobRunRecord = z.input<typeof jobRunRecordSchema>;

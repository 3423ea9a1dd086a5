import {
  jobEditSchema,
  jobListQuerySchema,
  jobNameBodySchema,
  jobRecordSchema,
  jobRunListQuerySchema,
  jobRunRecordSchema,
  pageSchema,
} from '@switchboard/contracts';
import { recordChange } from '../../platform/audit';
import { ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

/** Permission codes (administrators: the menu seed grants them under System -> Scheduled jobs). */
export const JOB_PERMS = {
  list: 'system:quartzJob:list',
  edit: 'system:quartzJob:edit',
  pause: 'system:quartzJob:pause',
  resume: 'system:quartzJob:resume',
  execute: 'system:quartzJob:execute',
} as const;

/**
 * `/sys/quartzJob` (Jeecg's path): list, edit, pause, resume, execute, and each job's history.
 * Jobs are defined in code, so there is no add or delete. Changes are POST/PUT (Jeecg's GET pause
 * and resume would change state on a read and miss the operation log).
 */
export function scheduledJobRoutes(api: Api, { scheduledJobs }: Pick<Services, 'scheduledJobs'>) {
  api.get(
    '/sys/quartzJob/list',
    {
      config: { access: { permission: JOB_PERMS.list } },
      schema: {
        summary: 'Registered jobs: schedule, pause flag, last run, run under way, next run',
        querystring: jobListQuerySchema,
        response: okResponse(pageSchema(jobRecordSchema)),
      },
    },
    async (request) => ok(request, await scheduledJobs.list(request.query)),
  );

  api.put(
    '/sys/quartzJob/edit',
    {
      config: { access: { permission: JOB_PERMS.edit } },
      schema: {
        summary: 'Change a job’s schedule (a cron expression, at most once a minute)',
        body: jobEditSchema,
        response: okResponse(jobRecordSchema),
      },
    },
    async (request) => {
      const before = await scheduledJobs.get(request.body.name).catch(() => undefined);
      const after = await scheduledJobs.edit(request.body.name, request.body.schedule);
      if (before) recordChange(request, before, after);
      return ok(request, after);
    },
  );

  api.post(
    '/sys/quartzJob/pause',
    {
      config: { access: { permission: JOB_PERMS.pause } },
      schema: {
        summary: 'Pause a job: its scheduled runs are skipped until it is resumed',
        body: jobNameBodySchema,
        response: okResponse(jobRecordSchema),
      },
    },
    async (request) => ok(request, await scheduledJobs.setPaused(request.body.name, true)),
  );

  api.post(
    '/sys/quartzJob/resume',
    {
      config: { access: { permission: JOB_PERMS.resume } },
      schema: {
        summary: 'Resume a paused job',
        body: jobNameBodySchema,
        response: okResponse(jobRecordSchema),
      },
    },
    async (request) => ok(request, await scheduledJobs.setPaused(request.body.name, false)),
  );

  api.post(
    '/sys/quartzJob/execute',
    {
      config: { access: { permission: JOB_PERMS.execute } },
      schema: {
        summary: 'Run a job once now (recorded as a manual run; paused or not)',
        body: jobNameBodySchema,
        response: okResponse(jobRunRecordSchema),
      },
    },
    async (request) => ok(request, await scheduledJobs.execute(request.body.name)),
  );

  api.get(
    '/sys/quartzJob/history',
    {
      config: { access: { permission: JOB_PERMS.list } },
      schema: {
        summary: 'One job’s runs, newest first: trigger, status, start, end, duration, result or error',
        querystring: jobRunListQuerySchema,
        response: okResponse(pageSchema(jobRunRecordSchema)),
      },
    },
    async (request) => ok(request, await scheduledJobs.history(request.query)),
  );
}

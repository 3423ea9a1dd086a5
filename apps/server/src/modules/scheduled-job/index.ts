import { defineModule } from '../../platform/module';
import { scheduledJobRoutes } from './routes';
import { ScheduledJobService } from './service';

export { JOB_PERMS } from './routes';
export type { ScheduledJobService } from './service';

declare module '../../platform/module' {
  interface Services {
    scheduledJobs: ScheduledJobService;
  }
}

/** System -> Scheduled jobs (`/sys/quartzJob`): the platform job runner's jobs for administrators. */
export const scheduledJobModule = defineModule({
  name: 'scheduledJob',
  provides: ['scheduledJobs'],
  services: ({ jobs, log }) => ({ scheduledJobs: new ScheduledJobService(jobs, log) }),
  routes: scheduledJobRoutes,
});

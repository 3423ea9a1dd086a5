export type { JobListFilters, JobRunRow, RunListFilters, ScheduledJobRow } from './repo';
export {
  isValidSchedule,
  JOBS_CHANGED,
  type JobDefinition,
  JobRunner,
  type JobRunOutcome,
  nextRunOf,
  scheduleProblem,
} from './runner';

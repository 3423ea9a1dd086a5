export {
  type JobListFilters,
  JobRepo,
  type JobRunRow,
  type RunListFilters,
  type ScheduledJobRow,
} from './repo';
export {
  isValidSchedule,
  JOBS_CHANGED,
  type JobDefinition,
  JobRunner,
  type JobRunOutcome,
  nextRunOf,
  scheduleProblem,
} from './runner';

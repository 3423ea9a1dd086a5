export { JobRepo, type JobRunRow, type ScheduledJobRow } from './repo';
export { isValidSchedule, type JobDefinition, JobRunner, type JobRunOutcome } from './runner';

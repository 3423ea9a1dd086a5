export type { JobRunRow, ScheduledJobRow } from './repo';
export { isValidSchedule, type JobDefinition, JobRunner, type JobRunOutcome } from './runner';

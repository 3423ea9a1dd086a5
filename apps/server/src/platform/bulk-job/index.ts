export {
  type BulkJobReads,
  bulkJobReadRoutes,
  type NumberListImport,
  numberListImportSchema,
} from './routes';
export {
  type BulkItemColumns,
  type BulkJobColumns,
  BulkJobStore,
  type ClaimedItem,
  type ItemCounts,
  type ItemFilters,
  type JobFilters,
} from './store';
export { InFlight, jobProgressPublisher, LeaseKeeper, PROGRESS_DELAY_MS } from './worker';

/**
 * What every kind of statistics shares (SMS analysis in `sms-stats`, call statistics in
 * `call-task`): the period rules (days in STATS_TIME_ZONE), a daily roll-up table's SQL and
 * rebuild, and the routes (figures by dimension, their export, the rebuild).
 */
export * from './period';
export * from './rollup';
export * from './routes';

/**
 * Every table, gathered from the modules that own them (each module's schema.ts) for drizzle's
 * query API and drizzle-kit's migrations. A module's tables are read and written only by its own
 * repo.ts; other modules go through its service.
 */
export * from './modules/announcement/schema';
export * from './modules/api-access/schema';
export * from './modules/auth/schema';
export * from './modules/brand/schema';
export * from './modules/call-centre/schema';
export * from './modules/call-task/schema';
export * from './modules/caller/schema';
export * from './modules/company/schema';
export * from './modules/contact/schema';
export * from './modules/country/schema';
export * from './modules/depart/schema';
export * from './modules/dict/schema';
export * from './modules/gateway/schema';
export * from './modules/ivr/schema';
export * from './modules/ledger/schema';
export * from './modules/logs/schema';
export * from './modules/payments/schema';
export * from './modules/permission/schema';
export * from './modules/rate/schema';
export * from './modules/routing/schema';
export * from './modules/settings/schema';
export * from './modules/smpp-server/schema';
export * from './modules/sms/schema';
export * from './modules/sms-api/schema';
export * from './modules/sms-stats/schema';
export * from './modules/sms-template/schema';
export * from './modules/sms-test/schema';
export * from './modules/trunk/schema';
export * from './modules/user/profile-schema';
export * from './modules/user/schema';
export * from './modules/voice-tools/schema';
export * from './platform/jobs/schema';

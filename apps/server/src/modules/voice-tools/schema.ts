import {
  CALL_RESULTS,
  type CalleeReportView,
  type CallResult,
  CLI_TEST_STATES,
  type CliTestState,
  NUMBER_STATUSES,
  type NumberStatusResult,
  type SipLadderEntry,
  STATUS_CHECK_NUMBER_STATES,
  STATUS_CHECK_STATES,
  STATUS_CHECK_STOP_REASONS,
  type StatusCheckNumberState,
  type StatusCheckState,
  type StatusCheckStopReason,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, moneyColumn, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/** Number-status checks (`/voip/statusCheck`): a list of numbers checked by a cancelled INVITE each. */
export const statusChecks = pgTable(
  'voice_status_checks',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('running').$type<StatusCheckState>(),
    stopReason: varchar('stop_reason', { length: 24 }).$type<StatusCheckStopReason>(),
    /** What the check's numbers were charged so far (ND rate group). */
    amount: moneyColumn('amount').notNull().default(sql`0`),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('voice_status_checks_company_idx').on(t.companyId, t.createdAt),
    index('voice_status_checks_live_idx').on(t.state).where(sql`state = 'running'`),
    check('voice_status_checks_state_ck', sql.raw(`state in (${oneOf(STATUS_CHECK_STATES)})`)),
    check(
      'voice_status_checks_stop_ck',
      sql.raw(`stop_reason is null or stop_reason in (${oneOf(STATUS_CHECK_STOP_REASONS)})`),
    ),
  ],
);

/**
 * The numbers of a check. A number is claimed (`checking`, a lease), charged under the key
 * `nd:<number id>` (so a retry after a crash replays the charge, never charges twice), probed,
 * and its status written if the claim still holds it; a lapsed lease puts it back to pending.
 */
export const statusCheckNumbers = pgTable(
  'voice_status_check_numbers',
  {
    id: id(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => statusChecks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('pending').$type<StatusCheckNumberState>(),
    status: varchar('status', { length: 12 }).$type<NumberStatusResult>(),
    sipCode: integer('sip_code'),
    ms: integer('ms'),
    error: varchar('error', { length: 32 }),
    trunkId: uuid('trunk_id'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    amount: moneyColumn('amount').notNull().default(sql`0`),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('voice_status_check_numbers_check_idx').on(t.checkId, t.state),
    check('voice_status_check_numbers_state_ck', sql.raw(`state in (${oneOf(STATUS_CHECK_NUMBER_STATES)})`)),
    check(
      'voice_status_check_numbers_status_ck',
      sql.raw(`status is null or status in (${oneOf(NUMBER_STATUSES)})`),
    ),
  ],
);

/** CLI tests (`/voip/cliTest`): one test call each, queued by the API and placed by a worker. */
export const cliTests = pgTable(
  'voice_cli_tests',
  {
    id: id(),
    /** The staff user's company (tests are listed in its data scope). */
    companyId: uuid('company_id'),
    trunkId: uuid('trunk_id').notNull(),
    trunkName: varchar('trunk_name', { length: 64 }).notNull(),
    toNumber: varchar('to_number', { length: 40 }).notNull(),
    callerId: varchar('caller_id', { length: 33 }).notNull(),
    sentCallerId: varchar('sent_caller_id', { length: 64 }),
    keys: varchar('keys', { length: 16 }).notNull().default(''),
    holdS: integer('hold_s').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('queued').$type<CliTestState>(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    result: varchar('result', { length: 16 }).$type<CallResult>(),
    sipCode: integer('sip_code'),
    error: varchar('error', { length: 256 }),
    ringMs: integer('ring_ms'),
    talkMs: integer('talk_ms'),
    ladder: jsonb('ladder').notNull().default(sql`'[]'::jsonb`).$type<SipLadderEntry[]>(),
    media: jsonb('media').$type<{
      codec: string | null;
      packetsSent: number;
      packetsReceived: number;
      keysSent: string;
      keysReceived: string;
    } | null>(),
    callee: jsonb('callee').$type<CalleeReportView | null>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('voice_cli_tests_created_idx').on(t.createdAt),
    index('voice_cli_tests_queued_idx').on(t.createdAt).where(sql`state <> 'done'`),
    check('voice_cli_tests_state_ck', sql.raw(`state in (${oneOf(CLI_TEST_STATES)})`)),
    check('voice_cli_tests_result_ck', sql.raw(`result is null or result in (${oneOf(CALL_RESULTS)})`)),
  ],
);

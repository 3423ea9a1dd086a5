import {
  CALL_NUMBER_STATES,
  CALL_RESULTS,
  CALL_TASK_PAUSE_REASONS,
  CALL_TASK_STATES,
  type CallNumberState,
  type CallPeriod,
  type CallResult,
  type CallTaskPauseReason,
  type CallTaskState,
  type HangupSms,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moneyColumn, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/** Group call tasks (`/groupCallTask`): what to call, how, when; their state (contracts' state machine). */
export const callTasks = pgTable(
  'call_tasks',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('waiting_submit').$type<CallTaskState>(),
    pauseReason: varchar('pause_reason', { length: 24 }).$type<CallTaskPauseReason>(),
    ivrFlowId: uuid('ivr_flow_id').notNull(),
    callerGroupId: uuid('caller_group_id'),
    callerIds: text('caller_ids').array().notNull().default(sql`'{}'`),
    trunkId: uuid('trunk_id'),
    routeId: uuid('route_id'),
    callRatio: integer('call_ratio').notNull(),
    periods: jsonb('periods').notNull().$type<CallPeriod[]>(),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    ttlS: integer('ttl_s').notNull(),
    hangupSms: jsonb('hangup_sms').$type<HangupSms | null>(),
    /** What the task's calls were charged so far. */
    amount: moneyColumn('amount').notNull().default(sql`0`),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('call_tasks_company_idx').on(t.companyId, t.createdAt),
    index('call_tasks_live_idx')
      .on(t.state)
      .where(sql`state in ('submitting', 'running', 'calling', 'paused')`),
    check('call_tasks_state_ck', sql.raw(`state in (${oneOf(CALL_TASK_STATES)})`)),
    check(
      'call_tasks_pause_reason_ck',
      sql.raw(`pause_reason is null or pause_reason in (${oneOf(CALL_TASK_PAUSE_REASONS)})`),
    ),
    check('call_tasks_ratio_ck', sql`call_ratio > 0`),
    check('call_tasks_ttl_ck', sql`ttl_s between 60 and 600`),
  ],
);

/**
 * The numbers of a task and what became of each. A number is claimed (`dialling`, a lease in
 * `lease_until`), then marked (`dialled_at`, committed) just before it is dialled: a claim that
 * was never marked goes back to `pending` when its lease lapses; a marked one whose process died
 * is `done`/failed, never dialled again.
 */
export const callTaskNumbers = pgTable(
  'call_task_numbers',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => callTasks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('pending').$type<CallNumberState>(),
    result: varchar('result', { length: 16 }).$type<CallResult>(),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    dialledAt: timestamp('dialled_at', { withTimezone: true }),
    ringMs: integer('ring_ms').notNull().default(0),
    talkMs: integer('talk_ms').notNull().default(0),
    keys: varchar('keys', { length: 64 }).notNull().default(''),
    /** The IVR flow's result of the last call ('' for none): the `end` action the keys led to. */
    ivrResult: varchar('ivr_result', { length: 32 }).notNull().default(''),
    amount: moneyColumn('amount').notNull().default(sql`0`),
    /** The hang-up SMS: due (to send), sent, or null (none). */
    smsState: varchar('sms_state', { length: 8 }),
    calledAt: timestamp('called_at', { withTimezone: true }),
  },
  (t) => [
    index('call_task_numbers_task_idx').on(t.taskId, t.state),
    index('call_task_numbers_sms_idx').on(t.taskId).where(sql`sms_state = 'due'`),
    check('call_task_numbers_state_ck', sql.raw(`state in (${oneOf(CALL_NUMBER_STATES)})`)),
    check('call_task_numbers_result_ck', sql.raw(`result is null or result in (${oneOf(CALL_RESULTS)})`)),
  ],
);

/**
 * Call records (CDRs): every attempt. An answered call is charged once through the ledger under
 * the key `voice:<record id>`: `charge_state` due until the ledger took it (charged), none when
 * there is nothing to charge. A call the IVR transferred to a number keeps its second leg in the
 * `transfer_*` columns; that leg's talk time (the time bridged) is charged once more, per minute
 * at the rate of the number it went to, under `voice-transfer:<record id>`, in the same pass;
 * `billed_s`, `amount` and `cost` are both legs', `transfer_billed_s` and `transfer_amount` its share.
 */
export const callRecords = pgTable(
  'call_records',
  {
    id: id(),
    taskId: uuid('task_id').notNull(),
    numberId: uuid('number_id').notNull(),
    companyId: uuid('company_id').notNull(),
    toNumber: varchar('to_number', { length: 32 }).notNull(),
    callerId: varchar('caller_id', { length: 32 }),
    trunkId: varchar('trunk_id', { length: 64 }),
    result: varchar('result', { length: 16 }).notNull().$type<CallResult>(),
    sipCode: integer('sip_code'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    ringMs: integer('ring_ms').notNull().default(0),
    talkMs: integer('talk_ms').notNull().default(0),
    billedS: integer('billed_s').notNull().default(0),
    keys: varchar('keys', { length: 64 }).notNull().default(''),
    /** The IVR flow's result ('' for none): the `end` action the keys led to (`yes`, `no`…). */
    ivrResult: varchar('ivr_result', { length: 32 }).notNull().default(''),
    amount: moneyColumn('amount').notNull().default(sql`0`),
    cost: moneyColumn('cost'),
    chargeState: varchar('charge_state', { length: 8 }).notNull().default('none'),
    /** The number the IVR transferred the call to (null: not transferred). */
    transferTo: varchar('transfer_to', { length: 32 }),
    /** The transfer leg's result (answered, busy, no_answer, rejected, invalid_number, failed). */
    transferResult: varchar('transfer_result', { length: 16 }).$type<CallResult>(),
    transferSipCode: integer('transfer_sip_code'),
    transferTrunkId: varchar('transfer_trunk_id', { length: 64 }),
    transferCallerId: varchar('transfer_caller_id', { length: 32 }),
    transferRingMs: integer('transfer_ring_ms').notNull().default(0),
    /** How long the two legs were bridged. */
    transferTalkMs: integer('transfer_talk_ms').notNull().default(0),
    transferBilledS: integer('transfer_billed_s').notNull().default(0),
    transferAmount: moneyColumn('transfer_amount').notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_records_company_idx').on(t.companyId, t.startedAt),
    index('call_records_task_idx').on(t.taskId, t.startedAt),
    index('call_records_due_idx').on(t.createdAt).where(sql`charge_state = 'due'`),
    check('call_records_result_ck', sql.raw(`result in (${oneOf(CALL_RESULTS)})`)),
    check('call_records_charge_ck', sql`charge_state in ('none', 'due', 'charged')`),
    check(
      'call_records_transfer_result_ck',
      sql.raw(`transfer_result is null or transfer_result in (${oneOf(CALL_RESULTS)})`),
    ),
  ],
);

/** The trunk id of calls no trunk took (a primary key column cannot be null). */
export const NO_TRUNK = '';

/**
 * The daily call roll-up: one row per UTC day a call started, company, task and trunk (NO_TRUNK
 * when none took it), counting each call record once: its counts when it is written (a record is
 * written once, in its final state, in the transaction that ends its number), its money when the
 * ledger charged it (`charge_state` moves from due to charged once, in that transaction). The
 * statistics and the home dashboards read this table and never scan the records of a period.
 */
export const callStatsDaily = pgTable(
  'call_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id').notNull(),
    taskId: uuid('task_id').notNull(),
    trunkId: varchar('trunk_id', { length: 64 }).notNull(),
    calls: integer('calls').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    busy: integer('busy').notNull().default(0),
    noAnswer: integer('no_answer').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    invalidNumber: integer('invalid_number').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    ringMs: bigint('ring_ms', { mode: 'number' }).notNull().default(0),
    talkMs: bigint('talk_ms', { mode: 'number' }).notNull().default(0),
    /** Answered calls to charge (counted when written; less one each when charged). */
    due: integer('due').notNull().default(0),
    /** Charged calls, their billed seconds, what the companies were charged and what the carriers cost. */
    charged: integer('charged').notNull().default(0),
    billedS: bigint('billed_s', { mode: 'number' }).notNull().default(0),
    revenue: moneyColumn('revenue').notNull().default(sql`0`),
    cost: moneyColumn('cost').notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ name: 'call_stats_daily_pk', columns: [t.day, t.companyId, t.taskId, t.trunkId] }),
    index('call_stats_daily_company_idx').on(t.companyId, t.day),
  ],
);

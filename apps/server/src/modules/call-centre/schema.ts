import {
  CALL_LIST_NUMBER_STATES,
  type CallListNumberState,
  type CallPeriod,
  OUTBOUND_TASK_STATES,
  type OutboundTaskState,
  SEAT_DISTRIBUTIONS,
  SEAT_STATES,
  type SeatDistribution,
  type SeatState,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';
import { users } from '../user/schema';

/**
 * Seats (`/seat`): a company's agents' SIP phones. The password is sealed in the secret box; the
 * registration (contact, expiry) is kept here so any process finds a registered seat.
 */
export const seats = pgTable(
  'seats',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Digits only (spec). */
    jobNumber: varchar('job_number', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sipUsername: varchar('sip_username', { length: 64 }).notNull(),
    /** Sealed (the secret box), for this row only. */
    sipPassword: text('sip_password').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    state: varchar('state', { length: 10 }).notNull().default('offline').$type<SeatState>(),
    stateSince: timestamp('state_since', { withTimezone: true }).notNull().defaultNow(),
    /** The registered contact URI and where to reach it, while registered. */
    contact: varchar('contact', { length: 255 }),
    contactHost: varchar('contact_host', { length: 64 }),
    contactPort: integer('contact_port'),
    contactTransport: varchar('contact_transport', { length: 3 }),
    /** The Call-ID and CSeq of the registration (a REGISTER older than the binding is refused). */
    registerCallId: varchar('register_call_id', { length: 255 }),
    registerCseq: integer('register_cseq'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seats_company_job_number_uq').on(t.companyId, t.jobNumber),
    uniqueIndex('seats_sip_username_uq').on(sql`lower(${t.sipUsername})`),
    index('seats_expires_idx').on(t.expiresAt),
    check('seats_job_number_ck', sql`${t.jobNumber} ~ '^[0-9]{1,16}$'`),
    check('seats_state_ck', sql.raw(`state in (${oneOf(SEAT_STATES)})`)),
  ],
);

/** Seat groups (`/seatGroup`): how calls are shared among seats, and the wrap-up after each. */
export const seatGroups = pgTable(
  'seat_groups',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    distribution: varchar('distribution', { length: 12 })
      .notNull()
      .default('longest_idle')
      .$type<SeatDistribution>(),
    wrapUpS: smallint('wrap_up_s').notNull().default(10),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seat_groups_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    check('seat_groups_distribution_ck', sql.raw(`distribution in (${oneOf(SEAT_DISTRIBUTIONS)})`)),
    check('seat_groups_wrap_up_ck', sql`${t.wrapUpS} between 0 and 600`),
  ],
);

/** The seats of each group (a seat may be in several). */
export const seatGroupMembers = pgTable(
  'seat_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => seatGroups.id, { onDelete: 'cascade' }),
    seatId: uuid('seat_id')
      .notNull()
      .references(() => seats.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.seatId] }), index('seat_group_members_seat_idx').on(t.seatId)],
);

/** Call result settings (`/callResultSetting`): the dispositions a company's seats record. */
export const callResults = pgTable(
  'call_results',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    redial: boolean('redial').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('call_results_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    check('call_results_sort_ck', sql`${t.sort} between 0 and 100`),
  ],
);

/** Call lists (`/callList`): named lists of numbers an outbound task works through. */
export const callLists = pgTable(
  'call_lists',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** The extra columns its numbers carry, in the file's order. */
    columns: jsonb('columns').notNull().$type<string[]>().default([]),
    total: integer('total').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('call_lists_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** The numbers of a call list, each with its own columns, state and redial time. */
export const callListNumbers = pgTable(
  'call_list_numbers',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => callLists.id, { onDelete: 'cascade' }),
    /** Digits, international form. */
    number: varchar('number', { length: 20 }).notNull(),
    /** The position in the list as typed or imported. */
    position: integer('position').notNull(),
    name: varchar('name', { length: 64 }),
    notes: varchar('notes', { length: 500 }),
    extra: jsonb('extra').notNull().$type<Record<string, string>>().default({}),
    state: varchar('state', { length: 14 }).notNull().default('not_called').$type<CallListNumberState>(),
    attempts: smallint('attempts').notNull().default(0),
    redialAt: timestamp('redial_at', { withTimezone: true }),
    lastCalledAt: timestamp('last_called_at', { withTimezone: true }),
    resultId: uuid('result_id').references(() => callResults.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('call_list_numbers_list_number_uq').on(t.listId, t.number),
    index('call_list_numbers_list_state_idx').on(t.listId, t.state, t.position),
    check('call_list_numbers_state_ck', sql.raw(`state in (${oneOf(CALL_LIST_NUMBER_STATES)})`)),
  ],
);

/**
 * Outbound tasks (`/outboundTask`): a call list worked by a seat group, one task per list. This
 * slice keeps their settings and state; dialling and bridging come later.
 */
export const outboundTasks = pgTable(
  'outbound_tasks',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    callListId: uuid('call_list_id')
      .notNull()
      .references(() => callLists.id, { onDelete: 'restrict' }),
    seatGroupId: uuid('seat_group_id')
      .notNull()
      .references(() => seatGroups.id, { onDelete: 'restrict' }),
    /** A caller group of the company (module caller); no foreign key across modules' rules here. */
    callerGroupId: uuid('caller_group_id'),
    periods: jsonb('periods').notNull().$type<CallPeriod[]>(),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    dialRatio: smallint('dial_ratio').notNull().default(1),
    maxAttempts: smallint('max_attempts').notNull().default(3),
    redialIntervalS: integer('redial_interval_s').notNull().default(3600),
    state: varchar('state', { length: 12 }).notNull().default('not_started').$type<OutboundTaskState>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Spec: a call list can have only one task.
    uniqueIndex('outbound_tasks_call_list_uq').on(t.callListId),
    uniqueIndex('outbound_tasks_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('outbound_tasks_seat_group_idx').on(t.seatGroupId),
    check('outbound_tasks_state_ck', sql.raw(`state in (${oneOf(OUTBOUND_TASK_STATES)})`)),
  ],
);

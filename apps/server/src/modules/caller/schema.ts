import { CALLER_ROTATIONS } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

type Rotation = (typeof CALLER_ROTATIONS)[number];

/** Caller IDs: the numbers a company's calls may show (`/caller`). */
export const voiceCallerIds = pgTable(
  'voice_caller_ids',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Digits only, international form. */
    number: varchar('number', { length: 20 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_caller_ids_company_number_uq').on(t.companyId, t.number),
    check('voice_caller_ids_number_ck', sql`${t.number} ~ '^[0-9]{3,20}$'`),
  ],
);

/** Caller groups: caller IDs of one company that a task rotates through (`/callerGroup`). */
export const voiceCallerGroups = pgTable(
  'voice_caller_groups',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    rotation: varchar('rotation', { length: 12 }).notNull().default('round_robin').$type<Rotation>(),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_caller_groups_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    check('voice_caller_groups_rotation_ck', sql.raw(`rotation in (${oneOf(CALLER_ROTATIONS)})`)),
  ],
);

/** The caller IDs of a group, in rotation order. */
export const voiceCallerGroupMembers = pgTable(
  'voice_caller_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => voiceCallerGroups.id, { onDelete: 'cascade' }),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => voiceCallerIds.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.callerId] }),
    index('voice_caller_group_members_caller_idx').on(t.callerId),
  ],
);

/**
 * Where a round-robin rotation stands, per task (the caller's key): one counter row, advanced
 * atomically, so processes sharing a task never hand out the same position twice in a row.
 */
export const voiceCallerRotations = pgTable('voice_caller_rotations', {
  key: varchar('key', { length: 200 }).primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

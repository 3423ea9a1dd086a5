import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_OPEN_TYPES,
  ANNOUNCEMENT_TARGETS,
  PRIORITIES,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { users } from '../user/schema';

/** A platform notice as stored: message codes and their parameters (see `notice`). */
export interface StoredNotice {
  title: string;
  text: string;
  params: Record<string, string>;
}

/** 0 draft, 1 published, 2 revoked (the API speaks '0', '1', '2'). */
export const SEND_STATUSES = [0, 1, 2] as const;

/** Announcements: notices and system messages published to all users, chosen users or roles. */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    msgContent: text('msg_content').notNull(),
    sender: varchar('sender', { length: 64 }).notNull(),
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** '1' notice, '2' system message */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('1'),
    /** ALL | USER | ROLE */
    msgType: varchar('msg_type', { length: 8 }).notNull().default('ALL'),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    roleCodes: jsonb('role_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** '1' or '2': unread ones pop up on arrival. '0': shown in the lists only. */
    openType: varchar('open_type', { length: 1 }).notNull().default('0'),
    sendStatus: smallint('send_status').notNull().default(0),
    sendTime: timestamp('send_time', { withTimezone: true }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    /**
     * A notice the platform wrote (approvals, lock-outs): its title and text as message codes with
     * parameters, rendered in each reader's language when read. title and msg_content keep the
     * English rendering (the title filter searches it). Null: written by a person, shown as written.
     */
    notice: jsonb('notice').$type<StoredNotice>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_status_idx').on(t.sendStatus, t.sendTime),
    check('announcements_priority_ck', sql.raw(`priority in (${oneOf(PRIORITIES)})`)),
    check('announcements_msg_category_ck', sql.raw(`msg_category in (${oneOf(ANNOUNCEMENT_CATEGORIES)})`)),
    check('announcements_msg_type_ck', sql.raw(`msg_type in (${oneOf(ANNOUNCEMENT_TARGETS)})`)),
    check('announcements_open_type_ck', sql.raw(`open_type in (${oneOf(ANNOUNCEMENT_OPEN_TYPES)})`)),
    check('announcements_send_status_ck', sql.raw(`send_status in (${oneOf(SEND_STATUSES)})`)),
  ],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

import { SMS_KINDS, SMS_REVIEW_STATUSES } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

type ReviewStatus = (typeof SMS_REVIEW_STATUSES)[number];
type SmsKindValue = (typeof SMS_KINDS)[number];

/** The review columns templates and sender ids share. */
const review = () => ({
  status: varchar('status', { length: 12 }).notNull().default('to_review').$type<ReviewStatus>(),
  /** Why it failed (null unless failed). */
  rejectReason: varchar('reject_reason', { length: 256 }),
  /** The user who decided last (no foreign key: users may be deleted, the record stays). */
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SMS templates of a company: text with `{variable}` placeholders, approved before use. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** The SMS kinds it may be used for (one or several). */
    kinds: text('kinds').array().notNull().$type<SmsKindValue[]>(),
    text: varchar('text', { length: 1000 }).notNull(),
    ...review(),
  },
  (t) => [
    uniqueIndex('sms_templates_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('sms_templates_company_status_idx').on(t.companyId, t.status),
    check('sms_templates_status_ck', sql.raw(`status in (${oneOf(SMS_REVIEW_STATUSES)})`)),
    check(
      'sms_templates_kinds_ck',
      sql.raw(`cardinality(kinds) > 0 and kinds <@ array[${oneOf(SMS_KINDS)}]::text[]`),
    ),
  ],
);

/** Sender ids of a company (letters, digits, underscore), approved before use. */
export const smsSenders = pgTable(
  'sms_senders',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderId: varchar('sender_id', { length: 15 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    ...review(),
  },
  (t) => [
    // Unique per company regardless of case.
    uniqueIndex('sms_senders_company_sender_uq').on(t.companyId, sql`lower(${t.senderId})`),
    check('sms_senders_status_ck', sql.raw(`status in (${oneOf(SMS_REVIEW_STATUSES)})`)),
    check('sms_senders_sender_ck', sql.raw(`sender_id ~ '^[A-Za-z0-9_]+$'`)),
  ],
);

/**
 * Per-company template policy (a row only for companies that changed it; no row: not required).
 * A table of this module rather than a column of `companies`: the company module's schema and
 * service stay untouched, and the rule lives beside the templates it is about.
 */
export const smsTemplatePolicies = pgTable('sms_template_policies', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Marketing and notification texts must come from a passed template of the company. */
  requireApprovedTemplates: boolean('require_approved_templates').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

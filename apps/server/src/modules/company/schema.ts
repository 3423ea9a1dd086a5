import { APPROVAL_STATUSES, COMPANY_TYPES } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';

/** Companies: customers (direct or two-way), agents and distributors' own companies. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).notNull().$type<(typeof COMPANY_TYPES)[number]>(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .notNull()
      .default('unapproved')
      .$type<(typeof APPROVAL_STATUSES)[number]>(),
    /** The agent or distributor company that resells to this company. */
    parentCompanyId: uuid('parent_company_id').references((): AnyPgColumn => companies.id),
    contactName: varchar('contact_name', { length: 64 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    /** Frozen: its users are signed out and cannot sign in; its traffic stops. */
    frozen: boolean('frozen').notNull().default(false),
    /** Disabled: as frozen, for a company that is closed rather than on hold. */
    enabled: boolean('enabled').notNull().default(true),
    /** The sales user who manages this company (and sees its subtree). */
    salesUserId: uuid('sales_user_id'),
    /** Why staff rejected the company's sign-up. */
    rejectReason: varchar('reject_reason', { length: 256 }),
    /** Addresses or CIDR ranges allowed to sign in for every user of the company; empty = any. */
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Company names are unique regardless of case ("Acme" and "ACME" are one company).
    uniqueIndex('companies_name_lower_uq').on(sql`lower(${t.name})`),
    index('companies_parent_idx').on(t.parentCompanyId),
    index('companies_sales_user_idx').on(t.salesUserId),
    // Phone and e-mail identify a company: one company each (e-mail regardless of case).
    uniqueIndex('companies_phone_uq').on(t.phone),
    uniqueIndex('companies_email_lower_uq').on(sql`lower(${t.email})`),
    check('companies_type_ck', sql.raw(`type in (${oneOf(COMPANY_TYPES)})`)),
    check('companies_approval_status_ck', sql.raw(`approval_status in (${oneOf(APPROVAL_STATUSES)})`)),
  ],
);

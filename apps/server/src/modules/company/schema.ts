import { APPROVAL_STATUSES, COMPANY_TYPES } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  jsonb,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../db/columns';

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
    /** Addresses or CIDR ranges allowed to sign in for every user of the company; empty = any. */
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Company names are unique regardless of case ("Acme" and "ACME" are one company).
    uniqueIndex('companies_name_lower_uq').on(sql`lower(${t.name})`),
    index('companies_parent_idx').on(t.parentCompanyId),
    check('companies_type_ck', sql.raw(`type in (${oneOf(COMPANY_TYPES)})`)),
    check('companies_approval_status_ck', sql.raw(`approval_status in (${oneOf(APPROVAL_STATUSES)})`)),
  ],
);

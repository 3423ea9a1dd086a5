import { USER_STATUSES } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 512 }),
    /** E.164. */
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    /** ISO 3166 alpha-2 code of the user's country (System → Countries). */
    countryCode: varchar('country_code', { length: 2 }),
    /** 1 normal, 2 frozen */
    status: smallint('status').notNull().default(1),
    /** Current department. */
    orgCode: varchar('org_code', { length: 64 }),
    companyId: uuid('company_id').references(() => companies.id),
    totpSecret: varchar('totp_secret', { length: 128 }),
    totpPendingSecret: varchar('totp_pending_secret', { length: 128 }),
    /** Last accepted TOTP time step: a code is not accepted twice. */
    totpLastStep: integer('totp_last_step'),
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Brand flag of spec section 2: header items hidden for this user. */
    hideHeaderItems: boolean('hide_header_items').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_phone_uq').on(t.phone),
    // One account per address, whatever its case.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    check('users_status_ck', sql.raw(`status in (${oneOf(USER_STATUSES)})`)),
  ],
);

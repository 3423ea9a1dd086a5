import { RATE_GROUP_KINDS, SMS_KINDS } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moneyColumn, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

type GroupKind = (typeof RATE_GROUP_KINDS)[number];
type SmsKindValue = (typeof SMS_KINDS)[number];

/** Rate groups: a price list of one kind, owned by the platform (null) or by a reseller company. */
export const rateGroups = pgTable(
  'rate_groups',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().$type<GroupKind>(),
    /** The distributor or agent that prices its customers with it; null: the platform's. */
    ownerCompanyId: uuid('owner_company_id').references(() => companies.id),
    remark: varchar('remark', { length: 255 }),
    /** Given to the owner's new customers at approval: one per owner and kind. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One default per owner (the platform as one owner) and kind.
    uniqueIndex('rate_groups_owner_default_uq')
      .on(sql`coalesce(${t.ownerCompanyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.kind)
      .where(sql`${t.isDefault}`),
    // Names are unique per owner regardless of case.
    uniqueIndex('rate_groups_owner_name_uq').on(
      sql`coalesce(${t.ownerCompanyId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('rate_groups_owner_idx').on(t.ownerCompanyId),
    check('rate_groups_kind_ck', sql.raw(`kind in (${oneOf(RATE_GROUP_KINDS)})`)),
  ],
);

/**
 * One price of a group for a destination: a country, optionally narrowed by a number prefix
 * (international digits, starting with the calling code) or an operator (MCC, optionally MNC);
 * SMS rates per SMS kind. Voice rates bill initial/increment seconds plus a connection fee.
 */
export const rates = pgTable(
  'rates',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => rateGroups.id, { onDelete: 'cascade' }),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    smsKind: varchar('sms_kind', { length: 16 }).$type<SmsKindValue>(),
    mcc: varchar('mcc', { length: 3 }),
    mnc: varchar('mnc', { length: 3 }),
    prefix: varchar('prefix', { length: 15 }),
    price: moneyColumn('price').notNull(),
    connectionFee: moneyColumn('connection_fee').notNull().default(sql`0`),
    billingInitial: integer('billing_initial').notNull().default(1),
    billingIncrement: integer('billing_increment').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One price per destination and kind in a group.
    uniqueIndex('rates_destination_uq').on(
      t.groupId,
      t.countryCode,
      sql`coalesce(${t.smsKind}, '')`,
      sql`coalesce(${t.mcc}, '')`,
      sql`coalesce(${t.mnc}, '')`,
      sql`coalesce(${t.prefix}, '')`,
    ),
    check('rates_sms_kind_ck', sql.raw(`sms_kind is null or sms_kind in (${oneOf(SMS_KINDS)})`)),
    check('rates_price_ck', sql`${t.price} >= 0 and ${t.connectionFee} >= 0`),
    check(
      'rates_billing_ck',
      sql`${t.billingInitial} between 1 and 3600 and ${t.billingIncrement} between 1 and 3600`,
    ),
    check('rates_narrow_ck', sql`not (${t.prefix} is not null and ${t.mcc} is not null)`),
    check('rates_mnc_ck', sql`${t.mnc} is null or ${t.mcc} is not null`),
  ],
);

/** Which group of each kind prices a company (one per kind). */
export const companyRateGroups = pgTable(
  'company_rate_groups',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull().$type<GroupKind>(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => rateGroups.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind] }),
    index('company_rate_groups_group_idx').on(t.groupId),
    check('company_rate_groups_kind_ck', sql.raw(`kind in (${oneOf(RATE_GROUP_KINDS)})`)),
  ],
);

/**
 * Mobile operators with the number prefixes (international digits) they were given. Minimal:
 * rates match operators through it; the SMS engine's operator screen (/sys/smsOperator) takes it
 * over.
 */
export const operators = pgTable(
  'operators',
  {
    id: id(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    mcc: varchar('mcc', { length: 3 }).notNull(),
    mnc: varchar('mnc', { length: 3 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    prefixes: jsonb('prefixes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('operators_mcc_mnc_uq').on(t.mcc, t.mnc)],
);

/**
 * What a gateway costs per destination (country, optionally operator). Gateways do not exist yet:
 * a gateway is named by text; the SMS engine links real gateways to it.
 */
export const gatewayOperatorPrices = pgTable(
  'gateway_operator_prices',
  {
    id: id(),
    gateway: varchar('gateway', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().default('sms').$type<GroupKind>(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    mcc: varchar('mcc', { length: 3 }),
    mnc: varchar('mnc', { length: 3 }),
    cost: moneyColumn('cost').notNull(),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_operator_prices_uq').on(
      t.gateway,
      t.kind,
      t.countryCode,
      sql`coalesce(${t.mcc}, '')`,
      sql`coalesce(${t.mnc}, '')`,
    ),
    index('gateway_operator_prices_country_idx').on(t.countryCode),
    check('gateway_operator_prices_kind_ck', sql.raw(`kind in (${oneOf(RATE_GROUP_KINDS)})`)),
    check('gateway_operator_prices_cost_ck', sql`${t.cost} >= 0`),
    check('gateway_operator_prices_mnc_ck', sql`${t.mnc} is null or ${t.mcc} is not null`),
  ],
);

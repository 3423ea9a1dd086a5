import { ROUTE_STRATEGIES, SMS_KINDS } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';
import { smsGateways } from '../gateway/schema';

type SmsKindValue = (typeof SMS_KINDS)[number];
type StrategyValue = (typeof ROUTE_STRATEGIES)[number];

/**
 * SMS routes: ordered rules (smallest sort order first; the first that matches wins) choosing the
 * gateways a message is tried on. Every matcher left null matches anything, except that premium
 * OTP traffic only matches routes whose kind is premium_otp.
 */
export const smsRoutes = pgTable(
  'sms_routes',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    /** null: every company. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    smsKind: varchar('sms_kind', { length: 16 }).$type<SmsKindValue>(),
    countryCode: varchar('country_code', { length: 2 }),
    mcc: varchar('mcc', { length: 3 }),
    mnc: varchar('mnc', { length: 3 }),
    /** International digits the number starts with. */
    prefix: varchar('prefix', { length: 15 }),
    /** A daily window in the platform's time zone (UTC), minutes after midnight; end < start crosses midnight. */
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
    strategy: varchar('strategy', { length: 8 }).notNull().default('priority').$type<StrategyValue>(),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sms_routes_order_idx').on(t.sortOrder, t.createdAt),
    index('sms_routes_company_idx').on(t.companyId),
    check('sms_routes_kind_ck', sql.raw(`sms_kind is null or sms_kind in (${oneOf(SMS_KINDS)})`)),
    check('sms_routes_strategy_ck', sql.raw(`strategy in (${oneOf(ROUTE_STRATEGIES)})`)),
    check('sms_routes_mnc_ck', sql`${t.mnc} is null or ${t.mcc} is not null`),
    check(
      'sms_routes_window_ck',
      sql`(${t.startMinute} is null) = (${t.endMinute} is null) and (${t.startMinute} is null or (${t.startMinute} between 0 and 1439 and ${t.endMinute} between 0 and 1439 and ${t.startMinute} <> ${t.endMinute}))`,
    ),
  ],
);

/** The gateways of a route: position is the priority (0 first); weight counts for weighted routes. */
export const smsRouteGateways = pgTable(
  'sms_route_gateways',
  {
    routeId: uuid('route_id')
      .notNull()
      .references(() => smsRoutes.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => smsGateways.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    weight: integer('weight').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.gatewayId] }),
    index('sms_route_gateways_gateway_idx').on(t.gatewayId),
    check('sms_route_gateways_weight_ck', sql`${t.weight} between 0 and 1000`),
  ],
);

/** Gateways the platform granted to a reseller (distributor or agent); none: no limit. */
export const smsGatewayGrants = pgTable(
  'sms_gateway_grants',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => smsGateways.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.gatewayId] }),
    index('sms_gateway_grants_gw_idx').on(t.gatewayId),
  ],
);

/**
 * The gateways a reseller chose for one of its own customers (the company's parent chose them),
 * among those the reseller may use; none: all of those.
 */
export const smsCustomerGateways = pgTable(
  'sms_customer_gateways',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => smsGateways.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.gatewayId] }),
    index('sms_customer_gateways_gw_idx').on(t.gatewayId),
  ],
);

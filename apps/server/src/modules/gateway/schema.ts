import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * Upstream SMS gateways (SMSCs reached over SMPP 3.4) and how to bind to them. Owned by the
 * platform (`ownerCompanyId` null) or granted to resellers (see gateway grants). Binds are made
 * by worker processes, each bind owned by one process at a time (advisory lock).
 */
export const smsGateways = pgTable(
  'sms_gateways',
  {
    id: id(),
    /** Unique regardless of case; gateway costs (rate module) name gateways by it. */
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    systemId: varchar('system_id', { length: 16 }).notNull(),
    /** Sealed with the platform's secret box (never answered to the console). */
    password: varchar('password', { length: 512 }).notNull(),
    systemType: varchar('system_type', { length: 13 }).notNull().default(''),
    /** transceiver, or a transmitter and a receiver bind pair. */
    bindMode: varchar('bind_mode', { length: 12 }).notNull().default('transceiver'),
    /** Binds (connections) to keep open. */
    binds: smallint('binds').notNull().default(1),
    /** Outstanding submit_sm per bind. */
    windowSize: smallint('window_size').notNull().default(10),
    /** Submits per second for the whole gateway; 0: no limit. */
    tps: integer('tps').notNull().default(0),
    sourceTon: smallint('source_ton').notNull().default(5),
    sourceNpi: smallint('source_npi').notNull().default(0),
    destTon: smallint('dest_ton').notNull().default(1),
    destNpi: smallint('dest_npi').notNull().default(1),
    /** data_coding for GSM-7 text: 0 (SMSC default alphabet) or 1 (IA5); UCS-2 is always 8. */
    defaultDataCoding: smallint('default_data_coding').notNull().default(0),
    enquireLinkSeconds: integer('enquire_link_s').notNull().default(30),
    /** First reconnect wait; doubles up to reconnectMaxSeconds. */
    reconnectSeconds: integer('reconnect_s').notNull().default(2),
    reconnectMaxSeconds: integer('reconnect_max_s').notNull().default(60),
    /** How submit_sm_resp (and the receipted_message_id TLV) write message ids: hex or decimal. */
    submitIdFormat: varchar('submit_id_format', { length: 8 }).notNull().default('hex'),
    /** How the receipt text writes message ids: hex or decimal. */
    receiptIdFormat: varchar('receipt_id_format', { length: 8 }).notNull().default('hex'),
    /** Upstream error codes (receipt `err:` or command_status) → our status, e.g. {"0x0b": "invalid_number"}. */
    errorMap: jsonb('error_map').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** A reseller's own gateway; null: the platform's. */
    ownerCompanyId: uuid('owner_company_id').references(() => companies.id),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sms_gateways_name_uq').on(sql`lower(${t.name})`),
    check('sms_gateways_bind_mode_ck', sql`${t.bindMode} in ('transceiver', 'pair')`),
    check('sms_gateways_receipt_id_ck', sql`${t.receiptIdFormat} in ('hex', 'decimal')`),
    check('sms_gateways_submit_id_ck', sql`${t.submitIdFormat} in ('hex', 'decimal')`),
    check('sms_gateways_port_ck', sql`${t.port} between 1 and 65535`),
    check('sms_gateways_binds_ck', sql`${t.binds} between 1 and 32`),
    check('sms_gateways_window_ck', sql`${t.windowSize} between 1 and 1000`),
    check('sms_gateways_tps_ck', sql`${t.tps} >= 0`),
  ],
);

/**
 * The live state of each bind slot of a gateway, written by the worker process that owns the slot
 * (advisory lock) when it changes and refreshed while it holds it (`seenAt`): any process answers
 * the console from here; a row not refreshed for a while belongs to a process that is gone.
 */
export const smsGatewayBinds = pgTable(
  'sms_gateway_binds',
  {
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => smsGateways.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    lastError: varchar('last_error', { length: 500 }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** host:pid of the owning process. */
    owner: varchar('owner', { length: 128 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.slot] })],
);

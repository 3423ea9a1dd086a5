import { CALLER_ID_RULES, TRUNK_AUTH_MODES, TRUNK_TRANSPORTS, type VoiceCodec } from '@switchboard/contracts';
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
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { voiceCallerGroups } from '../caller/schema';
import { companies } from '../company/schema';

type Transport = (typeof TRUNK_TRANSPORTS)[number];
type AuthMode = (typeof TRUNK_AUTH_MODES)[number];
type CallerRule = (typeof CALLER_ID_RULES)[number];

/** SIP accounts (`/sys/fsAccount`): the digest credentials a trunk registers or authenticates with. */
export const voiceSipAccounts = pgTable(
  'voice_sip_accounts',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    /** Sealed with the platform's secret box (never answered to the console). */
    password: varchar('password', { length: 512 }).notNull(),
    /** null: the realm the carrier challenges with. */
    realm: varchar('realm', { length: 128 }),
    expiresS: integer('expires_s').notNull().default(3600),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_sip_accounts_user_realm_uq').on(t.username, sql`coalesce(${t.realm}, '')`),
    check('voice_sip_accounts_expires_ck', sql`${t.expiresS} between 60 and 86400`),
  ],
);

/** Voice trunks (`/voip/trunk`): SIP carriers calls go out through. Platform-owned, staff only. */
export const voiceTrunks = pgTable(
  'voice_trunks',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull().default(5060),
    transport: varchar('transport', { length: 3 }).notNull().default('udp').$type<Transport>(),
    /** TLS: verify the carrier's certificate (off only for a self-signed test peer). */
    tlsVerify: boolean('tls_verify').notNull().default(true),
    authMode: varchar('auth_mode', { length: 8 }).notNull().default('ip').$type<AuthMode>(),
    sipAccountId: uuid('sip_account_id').references(() => voiceSipAccounts.id),
    codecs: jsonb('codecs').$type<VoiceCodec[]>().notNull().default(sql`'["PCMU","PCMA"]'::jsonb`),
    maxCalls: integer('max_calls').notNull().default(30),
    cps: integer('cps').notNull().default(10),
    callerIdRule: varchar('caller_id_rule', { length: 12 }).notNull().default('pass').$type<CallerRule>(),
    callerGroupId: uuid('caller_group_id').references(() => voiceCallerGroups.id, { onDelete: 'set null' }),
    fixedCallerId: varchar('fixed_caller_id', { length: 20 }),
    stripPrefix: varchar('strip_prefix', { length: 10 }),
    optionsIntervalS: integer('options_interval_s').notNull().default(30),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_trunks_name_uq').on(sql`lower(${t.name})`),
    check('voice_trunks_port_ck', sql`${t.port} between 1 and 65535`),
    check('voice_trunks_transport_ck', sql.raw(`transport in (${oneOf(TRUNK_TRANSPORTS)})`)),
    check('voice_trunks_auth_ck', sql.raw(`auth_mode in (${oneOf(TRUNK_AUTH_MODES)})`)),
    check('voice_trunks_rule_ck', sql.raw(`caller_id_rule in (${oneOf(CALLER_ID_RULES)})`)),
    check('voice_trunks_max_calls_ck', sql`${t.maxCalls} between 1 and 10000`),
    check('voice_trunks_cps_ck', sql`${t.cps} between 1 and 1000`),
    check('voice_trunks_register_ck', sql`${t.authMode} <> 'register' or ${t.sipAccountId} is not null`),
    index('voice_trunks_sip_account_idx').on(t.sipAccountId),
  ],
);

/**
 * Voice routes: ordered rules (smallest sort order first; the first that matches and has an
 * enabled trunk wins) choosing the trunks a call is tried on, in order (failover). A matcher left
 * null matches anything.
 */
export const voiceRoutes = pgTable(
  'voice_routes',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    /** null: every company. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    countryCode: varchar('country_code', { length: 2 }),
    prefix: varchar('prefix', { length: 15 }),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
    remark: varchar('remark', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('voice_routes_order_idx').on(t.sortOrder, t.createdAt)],
);

/** The trunks of a route: position 0 is tried first. */
export const voiceRouteTrunks = pgTable(
  'voice_route_trunks',
  {
    routeId: uuid('route_id')
      .notNull()
      .references(() => voiceRoutes.id, { onDelete: 'cascade' }),
    trunkId: uuid('trunk_id')
      .notNull()
      .references(() => voiceTrunks.id),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.trunkId] }),
    index('voice_route_trunks_trunk_idx').on(t.trunkId),
  ],
);

/**
 * The live state of each trunk: written by the worker process that monitors it (its `owner`,
 * a lease renewed while `seenAt` is fresh; a stale row is taken over by another worker), so any
 * process answers the console from here.
 */
export const voiceTrunkStates = pgTable('voice_trunk_states', {
  trunkId: uuid('trunk_id')
    .primaryKey()
    .references(() => voiceTrunks.id, { onDelete: 'cascade' }),
  state: varchar('state', { length: 12 }).notNull(),
  lastError: varchar('last_error', { length: 500 }),
  since: timestamp('since', { withTimezone: true }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** host:pid of the monitoring process. */
  owner: varchar('owner', { length: 128 }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  /** Failed checks in a row (gateway notify: a trunk counts as down after a number of them). */
  fails: integer('fails').notNull().default(0),
  /** The failed checks reached the gateway notify threshold: down, until a check answers. */
  outage: boolean('outage').notNull().default(false),
});

/**
 * The calls up on each trunk, in every process: a row per call, taken before its INVITE and
 * deleted when it ends (`trunks.takeCall`/`endCall`), its lease renewed by the dialer while the
 * call lasts, so the calls of a process that died lapse. A trunk's max concurrent calls is held
 * by counting these rows, with the trunk's pacing row locked.
 */
export const voiceTrunkCalls = pgTable(
  'voice_trunk_calls',
  {
    callId: varchar('call_id', { length: 128 }).primaryKey(),
    trunkId: uuid('trunk_id')
      .notNull()
      .references(() => voiceTrunks.id, { onDelete: 'cascade' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_trunk_calls_trunk_idx').on(t.trunkId, t.leaseUntil)],
);

/**
 * A trunk's calls-per-second pacing across processes: the earliest the next call may start
 * (database time); each call taken moves it on by 1/cps seconds. Its row is also the lock that
 * makes taking a call on the trunk one at a time.
 */
export const voiceTrunkPacing = pgTable('voice_trunk_pacing', {
  trunkId: uuid('trunk_id')
    .primaryKey()
    .references(() => voiceTrunks.id, { onDelete: 'cascade' }),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

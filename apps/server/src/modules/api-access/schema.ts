import {
  API_IP_RULE_MAX_LENGTH,
  API_IP_RULE_NOTE_MAX_LENGTH,
  API_KEY_LABEL_MAX_LENGTH,
  API_KEY_STATES,
  type ApiKeyState,
  CALLBACK_URL_MAX_LENGTH,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * API keys of companies. The secret is the password of the customer API's HTTP Basic: it
 * is kept encrypted (AES-256-GCM, see secret-box.ts), never hashed, and never answered again
 * after generation or rotation. After a rotation the secret before it stays valid until
 * `previous_valid_until`. Revoked keys keep their row (for the list and the logs) without secrets.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    label: varchar('label', { length: API_KEY_LABEL_MAX_LENGTH }),
    state: varchar('state', { length: 16 }).notNull().default('active').$type<ApiKeyState>(),
    /** The current secret, sealed (null once revoked). */
    secretSealed: text('secret_sealed'),
    previousSecretSealed: text('previous_secret_sealed'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_api_key_uq').on(t.apiKey),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
    check('api_keys_state_ck', sql.raw(`state in (${oneOf(API_KEY_STATES)})`)),
    // A key that is not revoked can sign, so it has a secret; a revoked one has none left.
    check('api_keys_secret_ck', sql`(${t.state} = 'revoked') = (${t.secretSealed} is null)`),
  ],
);

/**
 * Addresses or CIDR ranges allowed to call the customer API for a company (empty: any). Not the
 * company's login IP whitelist (companies.ip_whitelist), which limits signing in to the console.
 */
export const apiIpRules = pgTable(
  'api_ip_rules',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    rule: varchar('rule', { length: API_IP_RULE_MAX_LENGTH }).notNull(),
    note: varchar('note', { length: API_IP_RULE_NOTE_MAX_LENGTH }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_ip_rules_company_rule_uq').on(t.companyId, t.rule)],
);

/**
 * Each company's delivery-report callback: the URL, the secret that signs what is posted there
 * (sealed like API secrets), and the outcome of the last "send test".
 */
export const apiCallbacks = pgTable('api_callbacks', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  url: varchar('url', { length: CALLBACK_URL_MAX_LENGTH }),
  signingSecretSealed: text('signing_secret_sealed'),
  signingSecretCreatedAt: timestamp('signing_secret_created_at', { withTimezone: true }),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  lastTestUrl: varchar('last_test_url', { length: CALLBACK_URL_MAX_LENGTH }),
  lastTestStatus: integer('last_test_status'),
  lastTestDurationMs: integer('last_test_duration_ms'),
  lastTestErrorCode: varchar('last_test_error_code', { length: 64 }),
  /** The error's parameters (host, detail) as JSON text, to say it again in any language. */
  lastTestErrorParams: text('last_test_error_params'),
  updatedAt: updatedAt(),
});

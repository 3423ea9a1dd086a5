import { index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/columns';
import { companies } from '../company/schema';

/**
 * `Idempotency-Key`s of the customer HTTP API, per company: the request's hash and the answer
 * given (written in the same transaction as what the request did, so a key is never remembered
 * without its effect, nor the reverse). Kept 24 hours (a job purges older ones).
 */
export const smsApiIdempotency = pgTable(
  'sms_api_idempotency',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    key: varchar('key', { length: 128 }).notNull(),
    /** SHA-256 hex of the method, path and canonical JSON body. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The HTTP status answered (null only inside the transaction that is answering it). */
    status: integer('status'),
    /** The answer's `result`, as JSON text on the wire. */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'sms_api_idempotency_pk', columns: [t.companyId, t.key] }),
    index('sms_api_idempotency_created_idx').on(t.createdAt),
  ],
);

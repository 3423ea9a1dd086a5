import {
  IVR_FILE_SOURCES,
  IVR_LANGUAGES,
  type IvrFileSource,
  type IvrLanguage,
  type IvrNode,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from '../../platform/columns';
import { companies } from '../company/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * IVR files of a company: the audio as the calls play it, 8 kHz G.711 µ-law (8,000 bytes a
 * second; A-law calls get it transcoded), converted once at upload or text-to-speech.
 */
export const ivrFiles = pgTable(
  'ivr_files',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    source: varchar('source', { length: 8 }).notNull().$type<IvrFileSource>(),
    language: varchar('language', { length: 4 }).notNull().$type<IvrLanguage>(),
    /** What text-to-speech read (null for uploads). */
    text: varchar('text', { length: 800 }),
    /** The uploaded file's name (null for text-to-speech). */
    originalName: varchar('original_name', { length: 255 }),
    durationMs: integer('duration_ms').notNull(),
    /** µ-law bytes, 8 kHz mono. */
    audio: bytea('audio').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ivr_files_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('ivr_files_company_created_idx').on(t.companyId, t.createdAt),
    check('ivr_files_name_ck', sql.raw(`name ~ '^[A-Za-z0-9_]+$'`)),
    check('ivr_files_source_ck', sql.raw(`source in (${oneOf(IVR_FILE_SOURCES)})`)),
    check('ivr_files_language_ck', sql.raw(`language in (${oneOf(IVR_LANGUAGES)})`)),
  ],
);

/** IVR flows ("IVR queues and timings"): a company's small trees of prompts and key branches. */
export const ivrFlows = pgTable(
  'ivr_flows',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    /** The nodes as the contracts' `ivrNodeSchema` has them; the first is where a call starts. */
    nodes: jsonb('nodes').notNull().$type<IvrNode[]>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ivr_flows_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Text-to-speech results by a hash of voice and text: the same words are synthesised once,
 * whichever company asks (the audio says only what the text says).
 */
export const ivrTtsCache = pgTable('ivr_tts_cache', {
  /** sha256 hex of `${engine}\n${language}\n${text}`. */
  hash: varchar('hash', { length: 64 }).primaryKey(),
  language: varchar('language', { length: 4 }).notNull().$type<IvrLanguage>(),
  durationMs: integer('duration_ms').notNull(),
  audio: bytea('audio').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

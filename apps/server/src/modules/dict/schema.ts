import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: id(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictName: varchar('dict_name', { length: 128 }).notNull(),
    dictNameZh: varchar('dict_name_zh', { length: 128 }).notNull(),
    description: varchar('description', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dictionaries_code_uq').on(t.dictCode)],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: id(),
    dictId: uuid('dict_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    itemValue: varchar('item_value', { length: 64 }).notNull(),
    textEn: varchar('text_en', { length: 256 }).notNull(),
    textZh: varchar('text_zh', { length: 256 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('dictionary_items_uq').on(t.dictId, t.itemValue),
    check('dictionary_items_status_ck', sql`status in (0, 1)`),
  ],
);

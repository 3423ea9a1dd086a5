import { boolean, pgTable, varchar } from 'drizzle-orm/pg-core';

/** ISO 3166 countries and regions with their calling codes. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  dialCode: varchar('dial_code', { length: 8 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
  nameZh: varchar('name_zh', { length: 128 }).notNull(),
  /** A disabled country leaves the pickers; rows that name it stay valid. */
  enabled: boolean('enabled').notNull().default(true),
});

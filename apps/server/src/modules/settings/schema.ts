import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/columns';

/** Small platform settings (key/value), e.g. contact.groupLink. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

import { boolean, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';

/** Support accounts shown in the Contact us menu and page. */
export const supportContacts = pgTable('support_contacts', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull(),
  telegram: varchar('telegram', { length: 128 }).notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

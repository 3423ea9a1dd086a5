import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every module's tables share. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column in ('a', 'b')` for a CHECK constraint (values are code constants, never user input). */
export const oneOf = (values: readonly (string | number)[]) =>
  values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ');

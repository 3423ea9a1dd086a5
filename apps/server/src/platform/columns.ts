import { formatMoney, parseMoney } from '@switchboard/contracts';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every module's tables share. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column in ('a', 'b')` for a CHECK constraint (values are code constants, never user input). */
export const oneOf = (values: readonly (string | number)[]) =>
  values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ');

/**
 * numeric(18,6) in the database, bigint micro-units in code: exact both ways. numeric rather
 * than integer micro-units so that the tables read as money in SQL (reports, sums, an operator's
 * psql) and sums are exact numerics; the code converts once, at the edge of the repository.
 */
export const moneyColumn = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'numeric(18, 6)',
  toDriver: (micros) => formatMoney(micros),
  fromDriver: (text) => {
    const micros = parseMoney(String(text));
    if (micros === undefined) throw new Error(`not a money value: ${String(text)}`);
    return micros;
  },
});

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray, unnestRows } from '../src/platform/sql';
import { pgliteDump } from './harness';

/** pgArray builds the literals every batch insert binds: each value must come back as it went in. */
describe('pgArray', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
  });
  afterAll(() => db.close());

  const roundTrip = async (values: (string | null | undefined)[]) => {
    const { rows } = await db.query<{ v: string | null }>('select unnest($1::text[]) as v', [
      pgArray(values),
    ]);
    return rows.map((r) => r.v);
  };

  it('keeps quotes, backslashes, commas, braces, spaces, NULL-looking text and Unicode', async () => {
    const values = [
      'plain',
      'say "hi"',
      'back\\slash',
      '\\"both\\"',
      'a,b',
      '{braces}',
      '  spaced  ',
      'NULL',
      '',
      '验证码 123456 😀',
      'line\nbreak\ttab',
    ];
    expect(await roundTrip(values)).toEqual(values);
  });

  it('writes null and undefined as NULL, and an empty list as an empty array', async () => {
    expect(await roundTrip([null, 'x', undefined])).toEqual([null, 'x', null]);
    expect(await roundTrip([])).toEqual([]);
    expect(pgArray([])).toBe('{}');
  });
});

describe('unnestRows', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
  });
  afterAll(() => db.close());

  it('turns rows into a typed table, a column per array parameter, nulls kept', async () => {
    const rows = [
      {
        id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        n: 3,
        at: new Date('2026-01-02T03:04:05Z'),
        note: 'say "hi"',
      },
      { id: 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12', n: 4, at: null, note: null },
    ];
    const query = new PgDialect().sqlToQuery(
      sql`select id, n, at, note from ${unnestRows('t', rows, {
        id: ['uuid', (r) => r.id],
        n: ['int', (r) => String(r.n)],
        at: ['timestamptz', (r) => r.at?.toISOString()],
        note: ['text', (r) => r.note],
      })} order by n`,
    );
    // One parameter per column whatever the number of rows.
    expect(query.params).toHaveLength(4);
    const { rows: back } = await db.query<{ id: string; n: number; at: Date | null; note: string | null }>(
      query.sql,
      query.params,
    );
    expect(back).toEqual(rows);
  });
});

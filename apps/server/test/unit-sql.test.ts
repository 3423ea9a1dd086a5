import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray } from '../src/platform/sql';
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

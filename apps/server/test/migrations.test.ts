import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteDump } from './harness';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

async function apply(db: PGlite, file: string) {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migrations on a database that already has data', () => {
  it('0003 keeps companies whose names differ only by case, numbering the younger ones', async () => {
    // A bare cluster from a dump (initdb once per PGlite version), then the migrations one by one.
    const db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const before = files.filter((f) => f < '0003');
    for (const file of before) await apply(db, file);
    await db.exec(`
      INSERT INTO companies (name, type, created_at) VALUES
        ('Acme', 'direct', now() - interval '3 days'),
        ('ACME', 'direct', now() - interval '2 days'),
        ('acme', 'direct', now() - interval '1 day'),
        ('Other', 'direct', now());
    `);
    await apply(db, '0003_company_name_ci.sql');
    const { rows } = await db.query<{ name: string }>('SELECT name FROM companies ORDER BY created_at');
    expect(rows.map((r) => r.name)).toEqual(['Acme', 'ACME (2)', 'acme (3)', 'Other']);
    await expect(db.exec(`INSERT INTO companies (name, type) VALUES ('OTHER', 'direct')`)).rejects.toThrow(
      /companies_name_lower_uq/,
    );
    await db.close();
  });
});

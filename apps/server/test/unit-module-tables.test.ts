import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * A module reads and writes only its own tables (lint: no module file but a schema imports another
 * module's schema). What lint cannot see is a module handing its tables out through its index:
 * this holds every index to handing out services, types and constants, never a table.
 */
const modulesDir = join(import.meta.dirname, '../src/modules');
const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("modules' tables", () => {
  it('finds the modules', () => {
    expect(moduleNames).toEqual(expect.arrayContaining(['user', 'depart', 'permission', 'role', 'ledger']));
  });

  it.each(moduleNames)('%s: its index exports no table', async (name) => {
    const surface: Record<string, unknown> = await import(join(modulesDir, name, 'index.ts'));
    const tables = Object.entries(surface)
      .filter(([, value]) => is(value, PgTable))
      .map(([key]) => key);
    expect(tables).toEqual([]);
  });
});

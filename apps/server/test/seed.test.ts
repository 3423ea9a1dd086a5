import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { countries, dictionaries, permissions, users } from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { type Database, openDatabase } from '../src/platform/db';
import { verifyPassword } from '../src/platform/passwords';
import { pgliteDump } from './harness';

let database: Database | undefined;
/** A migrated database with nothing in it (from a dump: initdb and migrations run once per change). */
const freshDatabase = async () =>
  openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteDump('migrated') });
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const count = async (db: Database['db'], table: typeof users | typeof permissions | typeof countries) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('seed outside demo mode', () => {
  it('creates only admin, with a generated password shown once', async () => {
    database = await freshDatabase();
    const { db } = database;
    const first = await seed(db, { demo: false, demoPassword: 'Switchboard1', adminPassword: undefined });
    expect(first.createdAdmin).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/);
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(['admin']);
    expect(await verifyPassword(first.generatedAdminPassword!, rows[0]!.passwordHash)).toBe(true);
    expect(await verifyPassword('Switchboard1', rows[0]!.passwordHash)).toBe(false);

    // Idempotent: nothing duplicated, no new password.
    const menuCount = await count(db, permissions);
    const second = await seed(db, { demo: false, demoPassword: 'Switchboard1', adminPassword: undefined });
    expect(second).toEqual({ demo: false, createdAdmin: false });
    expect(await count(db, users)).toBe(1);
    expect(await count(db, permissions)).toBe(menuCount);
  });

  it('uses ADMIN_PASSWORD when given', async () => {
    database = await freshDatabase();
    const report = await seed(database.db, { demo: false, demoPassword: 'x', adminPassword: 'Given1234' });
    expect(report.generatedAdminPassword).toBeUndefined();
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(await verifyPassword('Given1234', admin!.passwordHash)).toBe(true);
  });

  it('seeds the full country list with dial codes and both languages, and the dictionaries', async () => {
    database = await freshDatabase();
    await seed(database.db, { demo: undefined, demoPassword: 'Switchboard1', adminPassword: undefined });
    expect(await count(database.db, countries)).toBeGreaterThan(240);
    const [cn] = await database.db.select().from(countries).where(eq(countries.code, 'CN'));
    expect(cn).toEqual({ code: 'CN', dialCode: '86', nameEn: 'China', nameZh: '中国' });
    const dicts = await database.db.select({ code: dictionaries.dictCode }).from(dictionaries);
    expect(dicts.map((d) => d.code)).toEqual(
      expect.arrayContaining(['priority', 'company_type', 'approval_status']),
    );
    // An empty database without SEED_DEMO gets demo data.
    expect(await count(database.db, users)).toBe(7);
  });
});

import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCore } from '../src/app';
import { SEED_DIGEST_KEY, stableId, usersWithPassword } from '../src/db/seed/index';
import { type EnvInput, loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import { verifyPassword } from '../src/platform/passwords';
import { countries, dictionaries, permissions, rolePermissions, roles, settings, users } from '../src/schema';
import { pgliteDump, TEST_PASSWORD_HASH_COST } from './harness';

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

/** Starts (and stops) the server's core on a database, as a process does: migrations are done, seeds run. */
async function start(db: Database, env: EnvInput) {
  const core = await buildCore({
    config: loadConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, ...env }),
    database: db,
    logger: false,
  });
  await core.close();
  return core.seedReport;
}

describe('seed outside demo mode', () => {
  it('creates only admin, with a generated password shown once', async () => {
    database = await freshDatabase();
    const { db } = database;
    const first = await start(database, { SEED_DEMO: '0' });
    expect(first.createdAdmin).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/);
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(['admin']);
    expect(await verifyPassword(first.generatedAdminPassword!, rows[0]!.passwordHash)).toBe(true);
    expect(await verifyPassword('Switchboard1', rows[0]!.passwordHash)).toBe(false);

    // Idempotent: nothing duplicated, no new password.
    const menuCount = await count(db, permissions);
    const second = await start(database, { SEED_DEMO: '0' });
    expect(second).toEqual({ demo: false, demoMode: false, createdAdmin: false });
    expect(await count(db, users)).toBe(1);
    expect(await count(db, permissions)).toBe(menuCount);
  });

  it('uses ADMIN_PASSWORD when given', async () => {
    database = await freshDatabase();
    const report = await start(database, { SEED_DEMO: '0', ADMIN_PASSWORD: 'Given1234' });
    expect(report.generatedAdminPassword).toBeUndefined();
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(await verifyPassword('Given1234', admin!.passwordHash)).toBe(true);
  });

  it('seeds the full country list with dial codes and both languages, and the dictionaries', async () => {
    database = await freshDatabase();
    await start(database, {});
    expect(await count(database.db, countries)).toBeGreaterThan(240);
    const [cn] = await database.db.select().from(countries).where(eq(countries.code, 'CN'));
    expect(cn).toEqual({ code: 'CN', dialCode: '86', nameEn: 'China', nameZh: '中国', enabled: true });
    const dicts = await database.db.select({ code: dictionaries.dictCode }).from(dictionaries);
    expect(dicts.map((d) => d.code)).toEqual(
      expect.arrayContaining(['priority', 'company_type', 'approval_status']),
    );
    // An empty database without SEED_DEMO gets demo data.
    expect(await count(database.db, users)).toBe(7);
  });
});

describe('demo mode is the database’s, not the start’s (issue 21)', () => {
  /** A start's demo mode, its callback setting and who opens with the default password. */
  async function startDemo(db: Database, env: EnvInput) {
    const core = await buildCore({
      config: loadConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, ...env }),
      database: db,
      logger: false,
    });
    await core.close();
    return {
      demo: core.seedReport.demo,
      demoMode: core.seedReport.demoMode,
      callbacksToPrivate: core.platform.config.callbackAllowPrivate,
      withDefault: await usersWithPassword(core.services, 'Switchboard1'),
    };
  }

  it('a restarted demo is still one; callbacks to private addresses follow it unless set', async () => {
    database = await freshDatabase();
    const all = ['admin', 'sales', 'distributor', 'agent', 'customer', 'customer2', 'agentcustomer'];
    expect(await startDemo(database, {})).toEqual({
      demo: true,
      demoMode: true,
      callbacksToPrivate: true,
      withDefault: all,
    });
    expect(await startDemo(database, {})).toEqual({
      demo: false,
      demoMode: true,
      callbacksToPrivate: true,
      withDefault: all,
    });
    expect((await startDemo(database, { CALLBACK_ALLOW_PRIVATE: '0' })).callbacksToPrivate).toBe(false);
    // A frozen user cannot sign in: not counted.
    await database.db.update(users).set({ status: 2 }).where(eq(users.username, 'sales'));
    expect((await startDemo(database, {})).withDefault).toEqual(all.filter((u) => u !== 'sales'));
  });

  it('an install without the demo: private callbacks only when set', async () => {
    database = await freshDatabase();
    expect(await startDemo(database, { SEED_DEMO: '0', ADMIN_PASSWORD: 'Given1234' })).toEqual({
      demo: false,
      demoMode: false,
      callbacksToPrivate: false,
      withDefault: [],
    });
    expect((await startDemo(database, { CALLBACK_ALLOW_PRIVATE: '1' })).callbacksToPrivate).toBe(true);
    // SEED_DEMO=1 seeds the demo into it: demo mode from then on.
    expect((await startDemo(database, { SEED_DEMO: '1' })).demoMode).toBe(true);
  });
});

describe('seeding again', () => {
  it('writes reference data only when the code’s changed since the last seed', async () => {
    database = await freshDatabase();
    await start(database, { SEED_DEMO: '0', ADMIN_PASSWORD: 'Given1234' });
    const { db } = database;
    // An operator removes a dictionary item and a menu row: a restart with the same code keeps it so.
    const brandsMenu = stableId('menu:systemBrand');
    await db.delete(permissions).where(eq(permissions.parentId, brandsMenu));
    await db.delete(permissions).where(eq(permissions.id, brandsMenu));
    await start(database, { SEED_DEMO: '0' });
    expect(await db.select().from(permissions).where(eq(permissions.id, brandsMenu))).toEqual([]);
    // A new version of the reference data writes what is missing.
    await db.update(settings).set({ value: 'older' }).where(eq(settings.key, SEED_DIGEST_KEY));
    await start(database, { SEED_DEMO: '0' });
    expect(await db.select().from(permissions).where(eq(permissions.id, brandsMenu))).toHaveLength(1);
  });

  it('leaves menu rows an operator edited, and grants an operator took away, as they are', async () => {
    database = await freshDatabase();
    await start(database, { SEED_DEMO: '0', ADMIN_PASSWORD: 'Given1234' });
    const { db } = database;
    const usersMenu = stableId('menu:systemUser');
    const brandsMenu = stableId('menu:systemBrand');
    const adminRole = stableId('role:admin');
    await db
      .update(permissions)
      .set({ name: 'People', icon: 'team', sortNo: 99 })
      .where(eq(permissions.id, usersMenu));
    await db
      .delete(rolePermissions)
      .where(
        sql`${rolePermissions.roleId} = ${adminRole} and ${rolePermissions.permissionId} = ${brandsMenu}`,
      );

    await start(database, { SEED_DEMO: '0' });

    const [edited] = await db.select().from(permissions).where(eq(permissions.id, usersMenu));
    expect(edited).toMatchObject({ name: 'People', icon: 'team', sortNo: 99 });
    const grants = await db
      .select()
      .from(rolePermissions)
      .where(
        sql`${rolePermissions.roleId} = ${adminRole} and ${rolePermissions.permissionId} = ${brandsMenu}`,
      );
    expect(grants).toEqual([]);
    // A row nobody touched still follows the code (here: its seeded title is written back).
    const loginLogMenu = stableId('menu:systemLoginLog');
    await db
      .update(permissions)
      .set({ seeded: sql`jsonb_set(seeded, '{name}', '"Old title"')` })
      .where(eq(permissions.id, loginLogMenu));
    await db.update(permissions).set({ name: 'Old title' }).where(eq(permissions.id, loginLogMenu));
    // Reference data is rewritten when the code's changed: here, as if a new version had shipped.
    await db.delete(settings).where(eq(settings.key, SEED_DIGEST_KEY));
    await start(database, { SEED_DEMO: '0' });
    const [followed] = await db.select().from(permissions).where(eq(permissions.id, loginLogMenu));
    expect(followed?.name).toBe('Login log');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two processes starting together on one new PostgreSQL database migrate and seed once',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = `sb_test_race_${Date.now().toString(36)}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const open = () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      try {
        // Each "process" opens its own pool, migrates and seeds at the same moment.
        const starts = await Promise.all(
          [1, 2].map(async () => {
            const db = await open();
            try {
              return await start(db, {
                SEED_DEMO: '0',
                ADMIN_PASSWORD: 'Given1234',
                DATABASE_URL: url.toString(),
              });
            } finally {
              await db.close();
            }
          }),
        );
        expect(starts.filter((r) => r.createdAdmin)).toHaveLength(1);
        const db = await open();
        try {
          expect(await count(db.db, users)).toBe(1);
          const roleRows = await db.db.select({ code: roles.roleCode }).from(roles);
          expect(roleRows).toHaveLength(5);
        } finally {
          await db.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});

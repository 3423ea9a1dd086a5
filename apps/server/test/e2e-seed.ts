// Before the browser suite's server starts (apps/web/playwright.config.ts): the demo data and the
// specs' own users (apps/web/e2e/users.ts, handed over as JSON in E2E_USERS) in its database.
// Run with tsx, with the server's environment; idempotent.
import type { RoleCode } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { departments, roles, userDepartments, userRoles, users } from '../src/db/schema';
import { seed, stableId } from '../src/db/seed/index';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';

interface SpecUser {
  username: string;
  realname: string;
  role: RoleCode;
  departments: string[];
  company?: string;
}

const specUsers = JSON.parse(process.env.E2E_USERS ?? '[]') as SpecUser[];

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
await seed(db, { demo: true, demoPassword: config.demoPassword, adminPassword: config.adminPassword });
for (const user of specUsers) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  if (existing) continue;
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      realname: user.realname,
      passwordHash: await hashPassword(config.demoPassword),
      orgCode: user.departments.length === 1 ? (user.departments[0] ?? null) : null,
      companyId: user.company ? stableId(`company:${user.company}`) : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`${user.username} not added`);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, user.role));
  if (!role) throw new Error(`no role ${user.role}`);
  await db.insert(userRoles).values({ userId: row.id, roleId: role.id });
  for (const orgCode of user.departments) {
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.orgCode, orgCode));
    if (!department) throw new Error(`no department ${orgCode}`);
    await db.insert(userDepartments).values({ userId: row.id, departmentId: department.id });
  }
}
await database.close();

// Before the browser suite's server starts (apps/web/playwright.config.ts): the demo data and the
// specs' own users (apps/web/e2e/users.ts, handed over as JSON in E2E_USERS) in its database.
// Run with tsx, with the server's environment; idempotent.
import type { RoleCode } from '@switchboard/contracts';
import { buildCore } from '../src/app';
import { stableId } from '../src/db/seed/index';
import { loadConfig } from '../src/platform/config';
import { hashPassword } from '../src/platform/passwords';
import { smsGateways } from '../src/schema';

interface SpecUser {
  username: string;
  realname: string;
  /** Left out: a user without any role (a spec gives it one). */
  role?: RoleCode;
  departments: string[];
  company?: string;
  /** E.164: sign-in and password reset with a code sent by SMS. */
  phone?: string;
}

const specUsers = JSON.parse(process.env.E2E_USERS ?? '[]') as SpecUser[];

const config = loadConfig({ ...(process.env as Record<string, string>), SEED_DEMO: '1', LOG_LEVEL: 'warn' });
const core = await buildCore({ config });
const { users, roles, departs } = core.services;
for (const user of specUsers) {
  if (await users.findByUsername(user.username)) continue;
  const created = await users.create({
    username: user.username,
    realname: user.realname,
    passwordHash: await hashPassword(config.demoPassword),
    orgCode: user.departments.length === 1 ? (user.departments[0] ?? null) : null,
    companyId: user.company ? stableId(`company:${user.company}`) : null,
  });
  if (user.phone) await users.update(created.id, { phone: user.phone });
  if (user.role) await roles.assign(created.id, [user.role]);
  for (const orgCode of user.departments) await departs.addUser(created.id, stableId(`depart:${orgCode}`));
}
// SMS routing specs (12-routing): two gateways to route over (the gateway module's own screens
// and demo gateways come with it; these are inserted as the routing tests insert theirs).
for (const name of ['e2e-gw-a', 'e2e-gw-b']) {
  await core.database.db
    .insert(smsGateways)
    .values({ name, host: '127.0.0.1', port: 2775, systemId: name, password: 'unused' })
    .onConflictDoNothing();
}
await core.close();

import type { RoleCode } from '@switchboard/contracts';
import { DEMO_CALLERS } from '../../modules/caller';
import { withTransaction } from '../../platform/db';
import { type AppModule, digestOf, type Platform, type Services } from '../../platform/module';
import { servicesOf } from '../../platform/module-graph';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/passwords';
import { stableId } from '../../platform/stable-id';
import { DEMO_USERS } from './demo-users';

export { stableId } from '../../platform/stable-id';

/** Where the digest of the reference data last seeded is kept (settings). */
export const SEED_DIGEST_KEY = 'seed.digest';

export interface SeedOptions {
  /** Seed demo companies and users. undefined: only when the database had no users. */
  demo: boolean | undefined;
  demoPassword: string;
  /** Opening balance of each demo company (micro-units; 0: none). */
  demoBalance?: bigint;
  adminPassword: string | undefined;
}

export interface SeedReport {
  /** Demo data was seeded at this start. */
  demo: boolean;
  /**
   * The database holds the demo (its users, seeded at this start or an earlier one), or SEED_DEMO
   * asked for it: demo mode, where callbacks may reach this machine by default.
   */
  demoMode: boolean;
  /** Set when an administrator was created with a generated password (print it once). */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

/**
 * Idempotent: every module's reference data (roles, menu, dictionaries, countries), then the demo
 * companies and users, or the first administrator of an empty database. One transaction, run
 * under the startup lock (see buildApp), so two processes starting together cannot race.
 */
export async function seed(
  modules: AppModule[],
  services: Services,
  platform: Platform,
  options: SeedOptions,
): Promise<SeedReport> {
  return withTransaction(
    platform.db,
    async () => {
      const empty = (await services.users.count()) === 0;
      const demo = options.demo ?? empty;
      // Reference data is written when the code's differs from what this database was seeded with.
      const digest = digestOf(modules.map((m) => [m.name, m.seedDigest ?? null]));
      if ((await services.settings.get(SEED_DIGEST_KEY)) !== digest) {
        for (const module of modules) {
          await module.seed?.(
            servicesOf(module, services),
            { demo, demoPassword: options.demoPassword },
            platform,
          );
        }
        await services.settings.set(SEED_DIGEST_KEY, digest);
      }
      if (demo) {
        await seedDemo(modules, services, platform, options.demoPassword, options.demoBalance ?? 0n);
        return { demo, demoMode: true, createdAdmin: empty };
      }
      // The admin user is every install's; the other demo users exist only where the demo was seeded.
      const demoMode = (await demoUsers(services)).some((u) => u.username !== 'admin');
      if (!empty) return { demo, demoMode, createdAdmin: false };
      const password = options.adminPassword ?? generatePassword();
      await seedDepartments(services, ['A01']);
      await upsertUser(
        services,
        { username: 'admin', realname: 'Administrator', role: 'admin', departments: ['A01'] },
        password,
      );
      return {
        demo,
        demoMode: false,
        createdAdmin: true,
        ...(options.adminPassword ? {} : { generatedAdminPassword: password }),
      };
    },
    platform.log,
  );
}

/** The demo's users present in the database (by their seeded ids), with their password hashes. */
async function demoUsers(services: Services) {
  const rows = await Promise.all(
    DEMO_USERS.map((u) => services.users.findById(stableId(`user:${u.username}`))),
  );
  return rows.filter((row) => row !== undefined);
}

/**
 * The demo users (admin included: every install has one) who can sign in with `password`: a
 * restarted demo still has them, so whether the demo's well-known password opens the console is
 * a question for the database, not for whether this start seeded it (issue 21). Frozen users
 * cannot sign in and are not counted.
 */
export async function usersWithPassword(services: Services, password: string): Promise<string[]> {
  const rows = (await demoUsers(services)).filter((row) => row.status === 1);
  const opens = await Promise.all(rows.map((row) => verifyPassword(password, row.passwordHash)));
  return rows.filter((_, i) => opens[i]).map((row) => row.username);
}

interface SeedUser {
  username: string;
  realname: string;
  role: RoleCode;
  departments: string[];
  company?: string;
}

async function upsertUser(services: Services, user: SeedUser, password: string) {
  const id = stableId(`user:${user.username}`);
  // Hashing is slow on purpose: only for a user that is not there yet.
  if (await services.users.findById(id)) return;
  const inserted = await services.users.insertIfMissing({
    id,
    username: user.username,
    realname: user.realname,
    passwordHash: await hashPassword(password),
    companyId: user.company ? stableId(`company:${user.company}`) : null,
    // One department: it is the current one. Several: the user chooses after login.
    orgCode: user.departments.length === 1 ? (user.departments[0] ?? null) : null,
  });
  if (!inserted) return;
  await services.roles.assign(id, [user.role]);
  for (const orgCode of user.departments) await services.departs.addUser(id, stableId(`depart:${orgCode}`));
}

/**
 * The demo sales user looks after the two direct customers (sales see only the companies assigned
 * to them); the reseller tree is the administrator's to assign.
 */
const DEMO_COMPANIES: {
  name: string;
  type: 'direct' | 'two-way' | 'agent';
  parent?: string;
  sales?: string;
}[] = [
  { name: 'Northwind Distribution', type: 'agent' },
  { name: 'Acme Agency', type: 'agent', parent: 'Northwind Distribution' },
  { name: 'Direct Retail Ltd', type: 'direct', sales: 'sales' },
  { name: 'Two-Way Logistics', type: 'two-way', sales: 'sales' },
  { name: 'Agency Client Co', type: 'direct', parent: 'Acme Agency' },
];

const DEPARTMENTS: { orgCode: string; name: string; nameZh: string; parent?: string; agent?: string }[] = [
  { orgCode: 'A01', name: 'Platform Operations', nameZh: '平台运营部' },
  { orgCode: 'A02', name: 'Sales East', nameZh: '华东销售部', parent: 'A01' },
  { orgCode: 'A03', name: 'Sales West', nameZh: '华西销售部', parent: 'A01' },
  { orgCode: 'A04', name: 'Northwind Distribution', nameZh: '北风分销', agent: 'Northwind Distribution' },
  { orgCode: 'A05', name: 'Acme Agency', nameZh: '极致代理', parent: 'A04', agent: 'Acme Agency' },
  { orgCode: 'A06', name: 'Direct Retail Ltd', nameZh: '直营零售有限公司' },
  { orgCode: 'A07', name: 'Two-Way Logistics', nameZh: '双向物流' },
  { orgCode: 'A08', name: 'Agency Client Co', nameZh: '代理客户公司', parent: 'A05' },
];

async function seedDepartments(services: Services, only?: string[]) {
  let sortNo = 0;
  for (const d of DEPARTMENTS) {
    if (only && !only.includes(d.orgCode)) continue;
    await services.departs.insertIfMissing({
      id: stableId(`depart:${d.orgCode}`),
      parentId: d.parent ? stableId(`depart:${d.parent}`) : null,
      departName: d.name,
      departNameZh: d.nameZh,
      orgCode: d.orgCode,
      agentId: d.agent ? stableId(`company:${d.agent}`) : null,
      sortNo: sortNo++,
    });
  }
}

async function seedDemo(
  modules: AppModule[],
  services: Services,
  platform: Platform,
  password: string,
  openingBalance: bigint,
) {
  for (const c of DEMO_COMPANIES) {
    await services.companies.insertIfMissing({
      id: stableId(`company:${c.name}`),
      name: c.name,
      type: c.type,
      approvalStatus: 'approved',
      parentCompanyId: c.parent ? stableId(`company:${c.parent}`) : null,
      salesUserId: c.sales ? stableId(`user:${c.sales}`) : null,
    });
  }
  await seedDepartments(services);
  for (const user of DEMO_USERS) await upsertUser(services, user, password);
  // Each module's demo data (the rate groups of the demo companies, say), in module order.
  for (const module of modules) await module.seedDemo?.(servicesOf(module, services), platform);
  // The demo customer's caller IDs and caller group (the voice demo calls from them).
  await services.callers.seedDemo(DEMO_CALLERS);
  // IVR prompts (text-to-speech, English and Chinese) and a "press 1 for yes, 2 for no" flow.
  await services.ivr.seedDemo(stableId('company:Direct Retail Ltd'));
  // Money to send with (DEMO_BALANCE, set by `npm start`): one top-up per company, written once.
  if (openingBalance > 0n) {
    for (const c of DEMO_COMPANIES) {
      await services.ledger.credit(
        stableId(`company:${c.name}`),
        'topup',
        openingBalance,
        'demo-opening-balance',
        {
          note: { code: 'opening_balance' },
        },
      );
    }
  }
}

import { createHash } from 'node:crypto';
import { ROLE_CODES, type RoleCode } from '@switchboard/contracts';
import { eq, sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Db } from '../../platform/db';
import { generatePassword, hashPassword } from '../../platform/passwords';
import {
  companies,
  countries,
  departments,
  dictionaries,
  dictionaryItems,
  permissions,
  rolePermissions,
  roles,
  userDepartments,
  userRoles,
  users,
} from '../schema';
import { DEMO_USERS } from './demo-users';
import { DICTIONARIES } from './dictionaries';
import { MENU, type MenuSeed } from './menu';

/** A stable UUID for seeded rows, so a second seed updates instead of duplicating. */
export function stableId(key: string): string {
  const h = createHash('sha1').update(`switchboard:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const ROLE_NAMES: Record<RoleCode, [string, string]> = {
  admin: ['Administrator', '管理员'],
  sales: ['Sales', '销售'],
  distributor: ['Distributor', '分销商'],
  agent: ['Agent', '代理商'],
  customer: ['Customer', '客户'],
};

export interface SeedOptions {
  /** Seed demo companies and users. undefined: only when the database had no users. */
  demo: boolean | undefined;
  demoPassword: string;
  adminPassword: string | undefined;
}

export interface SeedReport {
  demo: boolean;
  /** Set when an administrator was created with a generated password (print it once). */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

/** Idempotent: roles, menu tree, dictionaries, countries; then demo data or the first admin. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  const empty = count === 0;
  await seedRoles(db);
  await seedMenu(db);
  await seedDictionaries(db);
  await seedCountries(db);
  const demo = options.demo ?? empty;
  if (demo) {
    await seedDemo(db, options.demoPassword);
    return { demo, createdAdmin: empty };
  }
  if (!empty) return { demo, createdAdmin: false };
  const password = options.adminPassword ?? generatePassword();
  await ensurePlatformDepartment(db);
  await upsertUser(
    db,
    { username: 'admin', realname: 'Administrator', role: 'admin', departments: ['A01'] },
    password,
  );
  return {
    demo,
    createdAdmin: true,
    ...(options.adminPassword ? {} : { generatedAdminPassword: password }),
  };
}

async function seedRoles(db: Db) {
  for (const code of ROLE_CODES) {
    const [name, nameZh] = ROLE_NAMES[code];
    await db
      .insert(roles)
      .values({ id: stableId(`role:${code}`), roleCode: code, roleName: name, roleNameZh: nameZh })
      .onConflictDoNothing();
  }
}

async function seedMenu(db: Db) {
  let sortNo = 0;
  const visit = async (node: MenuSeed, parentId: string | null, inheritedRoles: RoleCode[]) => {
    const id = stableId(`menu:${node.key}`);
    const grant = node.roles ?? inheritedRoles;
    const values = {
      id,
      parentId,
      name: node.title,
      titleKey: node.titleKey,
      path: node.path ?? null,
      componentName: node.key,
      component: node.component ?? null,
      redirect: node.redirect ?? null,
      menuType: parentId ? 1 : 0,
      perms: node.perms ?? null,
      permsType: node.permsType ?? '1',
      sortNo: sortNo++,
      icon: node.icon ?? null,
      url: node.url ?? null,
      hidden: node.hidden ?? false,
      alwaysShow: node.alwaysShow ?? false,
      keepAlive: node.keepAlive ?? false,
      internalOrExternal: node.internalOrExternal ?? false,
    };
    const { id: _id, ...update } = values;
    await db.insert(permissions).values(values).onConflictDoUpdate({ target: permissions.id, set: update });
    await grantTo(db, id, grant);
    for (const button of node.buttons ?? []) {
      const buttonId = stableId(`menu:${button.key}`);
      const buttonValues = {
        parentId: id,
        name: button.title,
        titleKey: null,
        componentName: button.key,
        menuType: 2,
        perms: button.perms,
        permsType: button.permsType,
        sortNo: sortNo++,
      };
      await db
        .insert(permissions)
        .values({ id: buttonId, ...buttonValues })
        .onConflictDoUpdate({ target: permissions.id, set: buttonValues });
      await grantTo(db, buttonId, button.roles ?? grant);
    }
    for (const child of node.children ?? []) await visit(child, id, grant);
  };
  for (const node of MENU) await visit(node, null, []);
}

async function grantTo(db: Db, permissionId: string, roleCodes: RoleCode[]) {
  for (const code of roleCodes) {
    await db
      .insert(rolePermissions)
      .values({ roleId: stableId(`role:${code}`), permissionId })
      .onConflictDoNothing();
  }
}

async function seedDictionaries(db: Db) {
  for (const dict of DICTIONARIES) {
    const dictId = stableId(`dict:${dict.code}`);
    await db
      .insert(dictionaries)
      .values({ id: dictId, dictCode: dict.code, dictName: dict.name, dictNameZh: dict.nameZh })
      .onConflictDoNothing();
    let sortOrder = 0;
    for (const [value, textEn, textZh] of dict.items) {
      await db
        .insert(dictionaryItems)
        .values({ dictId, itemValue: value, textEn, textZh, sortOrder: sortOrder++ })
        .onConflictDoNothing();
    }
  }
}

async function seedCountries(db: Db) {
  const en = new Intl.DisplayNames(['en'], { type: 'region' });
  const zh = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
  const rows = getCountries().map((code) => ({
    code,
    dialCode: getCountryCallingCode(code),
    nameEn: en.of(code) ?? code,
    nameZh: zh.of(code) ?? code,
  }));
  await db.insert(countries).values(rows).onConflictDoNothing();
}

interface SeedUser {
  username: string;
  realname: string;
  role: RoleCode;
  departments: string[];
  company?: string;
}

async function upsertUser(db: Db, user: SeedUser, password: string) {
  const id = stableId(`user:${user.username}`);
  const companyId = user.company ? stableId(`company:${user.company}`) : null;
  await db
    .insert(users)
    .values({
      id,
      username: user.username,
      realname: user.realname,
      passwordHash: await hashPassword(password),
      companyId,
      // One department: it is the current one. Several: the user chooses after login.
      orgCode: user.departments.length === 1 ? (user.departments[0] ?? null) : null,
    })
    .onConflictDoNothing();
  await db
    .insert(userRoles)
    .values({ userId: id, roleId: stableId(`role:${user.role}`) })
    .onConflictDoNothing();
  for (const orgCode of user.departments) {
    await db
      .insert(userDepartments)
      .values({ userId: id, departmentId: stableId(`depart:${orgCode}`) })
      .onConflictDoNothing();
  }
}

const DEMO_COMPANIES: { name: string; type: string; parent?: string }[] = [
  { name: 'Northwind Distribution', type: 'agent' },
  { name: 'Acme Agency', type: 'agent', parent: 'Northwind Distribution' },
  { name: 'Direct Retail Ltd', type: 'direct' },
  { name: 'Two-Way Logistics', type: 'two-way' },
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

async function seedDepartments(db: Db, only?: string[]) {
  let sortNo = 0;
  for (const d of DEPARTMENTS) {
    if (only && !only.includes(d.orgCode)) continue;
    await db
      .insert(departments)
      .values({
        id: stableId(`depart:${d.orgCode}`),
        parentId: d.parent ? stableId(`depart:${d.parent}`) : null,
        departName: d.name,
        departNameZh: d.nameZh,
        orgCode: d.orgCode,
        agentId: d.agent ? stableId(`company:${d.agent}`) : null,
        sortNo: sortNo++,
      })
      .onConflictDoNothing();
  }
}

async function seedDemo(db: Db, password: string) {
  for (const c of DEMO_COMPANIES) {
    await db
      .insert(companies)
      .values({
        id: stableId(`company:${c.name}`),
        name: c.name,
        type: c.type,
        approvalStatus: 'approved',
        parentCompanyId: c.parent ? stableId(`company:${c.parent}`) : null,
      })
      .onConflictDoNothing();
  }
  await seedDepartments(db);
  for (const user of DEMO_USERS) await upsertUser(db, user, password);
}

/** The first administrator's department exists outside demo mode too. */
export async function ensurePlatformDepartment(db: Db) {
  const [found] = await db.select().from(departments).where(eq(departments.orgCode, 'A01')).limit(1);
  if (!found) await seedDepartments(db, ['A01']);
}

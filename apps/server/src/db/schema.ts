import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Companies: customers (direct or two-way), agents and distributors' own companies. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    /** direct | two-way | agent */
    type: varchar('type', { length: 16 }).notNull(),
    /** unapproved | waiting | approved | failed */
    approvalStatus: varchar('approval_status', { length: 16 }).notNull().default('unapproved'),
    /** The agent or distributor company that resells to this company. */
    parentCompanyId: uuid('parent_company_id'),
    contactName: varchar('contact_name', { length: 64 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    /** Addresses or CIDR ranges allowed to sign in for every user of the company; empty = any. */
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Company names are unique regardless of case ("Acme" and "ACME" are one company).
    uniqueIndex('companies_name_lower_uq').on(sql`lower(${t.name})`),
    index('companies_parent_idx').on(t.parentCompanyId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 512 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    /** 1 normal, 2 frozen */
    status: integer('status').notNull().default(1),
    /** Current department. */
    orgCode: varchar('org_code', { length: 64 }),
    companyId: uuid('company_id').references(() => companies.id),
    totpSecret: varchar('totp_secret', { length: 128 }),
    totpPendingSecret: varchar('totp_pending_secret', { length: 128 }),
    /** Last accepted TOTP time step: a code is not accepted twice. */
    totpLastStep: integer('totp_last_step'),
    ipWhitelist: jsonb('ip_whitelist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Brand flag of spec section 2: header items hidden for this user. */
    hideHeaderItems: boolean('hide_header_items').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(t.email),
    index('users_company_idx').on(t.companyId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleNameZh: varchar('role_name_zh', { length: 64 }).notNull(),
    description: varchar('description', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.roleCode)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** The menu tree with its buttons (menuType 0 top menu, 1 sub menu, 2 button). */
export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    parentId: uuid('parent_id'),
    /** English title (fallback); titleKey is translated by the web. */
    name: varchar('name', { length: 128 }).notNull(),
    titleKey: varchar('title_key', { length: 128 }),
    path: varchar('path', { length: 255 }),
    /** Route name. */
    componentName: varchar('component_name', { length: 128 }),
    component: varchar('component', { length: 255 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: integer('menu_type').notNull(),
    /** Permission code, e.g. system:user:frozen. */
    perms: varchar('perms', { length: 255 }),
    /** '1' hide unless granted, '2' disable unless granted. */
    permsType: varchar('perms_type', { length: 2 }).notNull().default('1'),
    sortNo: integer('sort_no').notNull().default(0),
    icon: varchar('icon', { length: 64 }),
    url: varchar('url', { length: 512 }),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    keepAlive: boolean('keep_alive').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    /** '1' active, '0' disabled. */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    createdAt: createdAt(),
  },
  (t) => [index('permissions_parent_idx').on(t.parentId), uniqueIndex('permissions_perms_uq').on(t.perms)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    /** Data rules applied for this role on this permission. */
    dataRuleIds: jsonb('data_rule_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** Row filters per permission (column, condition, value), chosen per role in rolePermissions. */
export const dataRules = pgTable(
  'data_rules',
  {
    id: id(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: varchar('rule_name', { length: 64 }).notNull(),
    ruleColumn: varchar('rule_column', { length: 64 }).notNull(),
    /** = | != | in | like | scope */
    ruleCondition: varchar('rule_condition', { length: 16 }).notNull(),
    ruleValue: varchar('rule_value', { length: 256 }).notNull(),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    createdAt: createdAt(),
  },
  (t) => [index('data_rules_perm_idx').on(t.permissionId)],
);

export const departments = pgTable(
  'departments',
  {
    id: id(),
    parentId: uuid('parent_id'),
    departName: varchar('depart_name', { length: 128 }).notNull(),
    departNameZh: varchar('depart_name_zh', { length: 128 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    /** Agent company this department belongs to: its users get the agent home. */
    agentId: uuid('agent_id').references(() => companies.id),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('departments_org_code_uq').on(t.orgCode),
    index('departments_parent_idx').on(t.parentId),
  ],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] })],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: id(),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictName: varchar('dict_name', { length: 128 }).notNull(),
    dictNameZh: varchar('dict_name_zh', { length: 128 }).notNull(),
    description: varchar('description', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dictionaries_code_uq').on(t.dictCode)],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: id(),
    dictId: uuid('dict_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    itemValue: varchar('item_value', { length: 64 }).notNull(),
    textEn: varchar('text_en', { length: 256 }).notNull(),
    textZh: varchar('text_zh', { length: 256 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 enabled, 0 disabled */
    status: integer('status').notNull().default(1),
  },
  (t) => [uniqueIndex('dictionary_items_uq').on(t.dictId, t.itemValue)],
);

/** ISO 3166 countries and regions with their calling codes. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  dialCode: varchar('dial_code', { length: 8 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
  nameZh: varchar('name_zh', { length: 128 }).notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** sha256 of the token: a database leak does not leak sessions. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time captcha answers, stored hashed and deleted when used. */
export const captchas = pgTable('captchas', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    userId: uuid('user_id'),
    success: boolean('success').notNull(),
    /** Error code of a failed attempt. */
    reason: varchar('reason', { length: 64 }),
    method: varchar('method', { length: 16 }).notNull().default('password'),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_log_username_idx').on(t.username, t.createdAt),
    index('login_log_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    username: varchar('username', { length: 64 }),
    method: varchar('method', { length: 8 }).notNull(),
    /** Route pattern, e.g. /api/sys/user/frozenBatch. */
    route: varchar('route', { length: 255 }).notNull(),
    /** The permission the route required (what was done). */
    action: varchar('action', { length: 128 }),
    statusCode: integer('status_code').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operation_log_created_idx').on(t.createdAt), index('operation_log_user_idx').on(t.userId)],
);

/** Announcements: notices and system messages published to all users, chosen users or roles. */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    msgContent: text('msg_content').notNull(),
    sender: varchar('sender', { length: 64 }).notNull(),
    /** L | M | H */
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** '1' notice, '2' system message */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('1'),
    /** ALL | USER | ROLE */
    msgType: varchar('msg_type', { length: 8 }).notNull().default('ALL'),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    roleCodes: jsonb('role_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** '1' or '2': unread ones pop up on arrival. '0': shown in the lists only. */
    openType: varchar('open_type', { length: 1 }).notNull().default('0'),
    /** '0' draft, '1' published, '2' revoked */
    sendStatus: varchar('send_status', { length: 1 }).notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_status_idx').on(t.sendStatus, t.sendTime)],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** Branding per visiting domain. */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    domain: varchar('domain', { length: 253 }).notNull(),
    brandName: varchar('brand_name', { length: 64 }).notNull(),
    /** A data: URL (PNG, JPEG or SVG, at most 200 kB), or null for the default mark. */
    logo: text('logo'),
    isMainBrand: boolean('is_main_brand').notNull().default(false),
    hideRecharge: boolean('hide_recharge').notNull().default(false),
    hideLanguage: boolean('hide_language').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_domain_uq').on(t.domain)],
);

/** Support accounts shown in the Contact us menu and page. */
export const supportContacts = pgTable('support_contacts', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull(),
  telegram: varchar('telegram', { length: 128 }).notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/** Small platform settings (key/value), e.g. contact.groupLink. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

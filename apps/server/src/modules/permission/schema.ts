import { DATA_RULE_CONDITIONS } from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from '../../platform/columns';
import { users } from '../user/schema';

/** 0 top-level menu, 1 sub menu, 2 button (an action rule). */
export const MENU_TYPES = [0, 1, 2] as const;
/** '1' hide unless granted, '2' disable unless granted. */
export const PERMS_TYPES = ['1', '2'] as const;
/** 1 active, 0 switched off. */
export const ACTIVE_STATUSES = [0, 1] as const;
export { DATA_RULE_CONDITIONS };

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
    parentId: uuid('parent_id').references((): AnyPgColumn => permissions.id, { onDelete: 'cascade' }),
    /** English title (fallback); titleKey is translated by the web. */
    name: varchar('name', { length: 128 }).notNull(),
    /** Chinese title (an operator's menu has no titleKey): the answer's title for zh-CN callers. */
    nameZh: varchar('name_zh', { length: 128 }),
    titleKey: varchar('title_key', { length: 128 }),
    path: varchar('path', { length: 255 }),
    /** Route name. */
    componentName: varchar('component_name', { length: 128 }),
    component: varchar('component', { length: 255 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
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
    /** 1 active, 0 switched off. */
    status: smallint('status').notNull().default(1),
    /**
     * What the seed last wrote to this row (its seeded fields as JSON). A later seed updates the
     * row only while it still holds exactly that: a row an operator edited is left as it is.
     */
    seeded: jsonb('seeded'),
    createdAt: createdAt(),
  },
  (t) => [
    index('permissions_parent_idx').on(t.parentId),
    uniqueIndex('permissions_perms_uq').on(t.perms),
    check('permissions_menu_type_ck', sql.raw(`menu_type in (${oneOf(MENU_TYPES)})`)),
    check('permissions_perms_type_ck', sql.raw(`perms_type in (${oneOf(PERMS_TYPES)})`)),
    check('permissions_status_ck', sql.raw(`status in (${oneOf(ACTIVE_STATUSES)})`)),
  ],
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
    ruleCondition: varchar('rule_condition', { length: 16 }).notNull(),
    ruleValue: varchar('rule_value', { length: 256 }).notNull(),
    /** 1 active, 0 switched off. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_rules_perm_idx').on(t.permissionId),
    check('data_rules_condition_ck', sql.raw(`rule_condition in (${oneOf(DATA_RULE_CONDITIONS)})`)),
    check('data_rules_status_ck', sql.raw(`status in (${oneOf(ACTIVE_STATUSES)})`)),
  ],
);

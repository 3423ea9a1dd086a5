import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { idsQuerySchema, resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/**
 * Roles (`/sys/role`): name and code, the menu and button tree each role is granted
 * (`/sys/permission/queryRolePermission`, `saveRolePermission`), the data rules that filter the
 * rows of a list (`/sys/permission/*PermissionRule`) and the users holding a role.
 */

const requiredText = (max: number) => z.string().trim().min(1, 'FIELD_REQUIRED').max(max, 'FIELD_TOO_LONG');
const searchText = z.string().trim().max(64, 'FIELD_TOO_LONG').optional();

/** A role's code: letters, digits, `_` and `-`, starting with a letter. */
export const roleCodeSchema = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(64, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'FIELD_INVALID');

/** Columns the role list sorts by. */
export const ROLE_SORTABLE = ['roleCode', 'roleName', 'userCount', 'createdAt'] as const;

/** `GET /sys/role/list`: name (either language) and code contain the text. */
export const roleListQuerySchema = resourceListQuerySchema({ roleName: searchText, roleCode: searchText });
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const roleInputSchema = z.object({
  roleCode: roleCodeSchema,
  roleName: requiredText(64),
  roleNameZh: requiredText(64),
  description: z.string().trim().max(256, 'FIELD_TOO_LONG').optional().default(''),
});
export type RoleInput = z.input<typeof roleInputSchema>;
export const roleEditSchema = z.object({ id: uuid }).and(roleInputSchema);

export const roleRecordSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameZh: z.string(),
  description: z.string().nullable(),
  /** Seeded (admin, sales, …): the code relies on it, it cannot be deleted or recoded. */
  builtIn: z.boolean(),
  /** Users holding the role. */
  userCount: z.number().int(),
  createdAt: dateTime,
});
export type RoleRecord = z.input<typeof roleRecordSchema>;

/** `GET /sys/role/checkRoleCode?roleCode=&id=`: whether a code is free (id: the role being edited). */
export const roleCodeCheckQuerySchema = z.object({ roleCode: roleCodeSchema, id: uuid.optional() });

export const userIdQuerySchema = z.object({ userId: uuid });
export const roleIdQuerySchema = z.object({ roleId: uuid });

/** A node of the authorization tree: a menu, a sub menu or a button (menuType 2). */
export interface GrantTreeNode {
  key: string;
  title: string;
  titleKey: string | null;
  menuType: number;
  perms: string | null;
  /** '1' hide unless granted, '2' disable unless granted (buttons). */
  permsType: string;
  /** 1 active, 0 switched off. */
  status: number;
  /** The list behind this node takes data rules (it declares the columns they may name). */
  dataRules: boolean;
  children?: GrantTreeNode[];
}
export const grantTreeNodeSchema: z.ZodType<GrantTreeNode, GrantTreeNode> = z.object({
  key: z.string(),
  title: z.string(),
  titleKey: z.string().nullable(),
  menuType: z.number().int(),
  perms: z.string().nullable(),
  permsType: z.string(),
  status: z.number().int(),
  dataRules: z.boolean(),
  get children() {
    return z.array(grantTreeNodeSchema).optional();
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(grantTreeNodeSchema, { id: 'GrantTreeNode' });

/** `GET /sys/role/queryTreeList`: the whole tree and every node's id. */
export const permissionTreeSchema = z.object({
  treeList: z.array(grantTreeNodeSchema),
  ids: z.array(z.string()),
});
export type PermissionTree = z.input<typeof permissionTreeSchema>;

/**
 * `POST /sys/permission/saveRolePermission`: the role's grants become `permissionIds`. With
 * `lastPermissionIds` (what the editor loaded) only the difference is applied: grants another
 * administrator changed meanwhile on other nodes stay. Data rules chosen on kept grants stay.
 */
export const saveRolePermissionSchema = z.object({
  roleId: uuid,
  permissionIds: z.array(uuid).max(5_000),
  lastPermissionIds: z.array(uuid).max(5_000).optional(),
});
export type SaveRolePermission = z.input<typeof saveRolePermissionSchema>;

// ---- data rules

/** How a data rule compares a column with its value (`in`: comma-separated values; `like`: contains). */
export const DATA_RULE_CONDITIONS = ['=', '!=', 'in', 'like', 'scope'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

/**
 * Variables a rule's value may use, replaced by the caller's own: `#{sys_user_code}` the username,
 * `#{sys_org_code}` the current department's code, `#{sys_company_id}` the company.
 */
export const DATA_RULE_VARIABLES = ['sys_user_code', 'sys_org_code', 'sys_company_id'] as const;

export const dataRuleInputSchema = z.object({
  permissionId: uuid,
  ruleName: requiredText(64),
  ruleColumn: requiredText(64),
  ruleCondition: z.enum(DATA_RULE_CONDITIONS),
  /** Ignored by `scope` (the caller's own companies). */
  ruleValue: z.string().trim().max(256, 'FIELD_TOO_LONG').default(''),
  enabled: z.boolean().default(true),
});
export type DataRuleInput = z.input<typeof dataRuleInputSchema>;
export const dataRuleEditSchema = z.object({ id: uuid }).and(dataRuleInputSchema);

export const dataRuleRecordSchema = z.object({
  id: z.string(),
  permissionId: z.string(),
  ruleName: z.string(),
  ruleColumn: z.string(),
  ruleCondition: z.string(),
  ruleValue: z.string(),
  enabled: z.boolean(),
  createdAt: dateTime,
});
export type DataRuleRecord = z.input<typeof dataRuleRecordSchema>;

export const permissionIdQuerySchema = z.object({ permissionId: uuid });

/** `GET /sys/permission/queryPermissionRule`: one permission's rules, filtered. */
export const dataRuleQuerySchema = z.object({
  permissionId: uuid,
  ruleName: searchText,
  ruleColumn: searchText,
});

/** A column a list lets data rules name; `company`: a company id (`scope` applies). */
export const dataRuleColumnSchema = z.object({ key: z.string(), company: z.boolean() });
export type DataRuleColumnInfo = z.input<typeof dataRuleColumnSchema>;

/** `GET /sys/role/datarule`: a permission's rules and those the role applies. */
export const roleDataRuleQuerySchema = z.object({ roleId: uuid, permissionId: uuid });
export const roleDataRulesSchema = z.object({
  rules: z.array(dataRuleRecordSchema),
  columns: z.array(dataRuleColumnSchema),
  checked: z.array(z.string()),
});
export type RoleDataRules = z.input<typeof roleDataRulesSchema>;
/** `POST /sys/role/datarule`: the rules this role applies on a permission it holds. */
export const saveRoleDataRuleSchema = z.object({
  roleId: uuid,
  permissionId: uuid,
  dataRuleIds: z.array(uuid).max(100),
});

// ---- users of a role

export const roleUserListQuerySchema = pageQuerySchema.extend({ roleId: uuid, username: searchText });
export const roleUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  /** 1 normal, 2 frozen. */
  status: z.number().int(),
});
export type RoleUser = z.input<typeof roleUserSchema>;
export const roleUsersSchema = z.object({ roleId: uuid, userIds: z.array(uuid).min(1).max(200) });
/** `DELETE /sys/role/removeUsers?roleId=&userIds=a,b` (the rules of deleteBatch's ids). */
export const roleUsersQuerySchema = z.object({ roleId: uuid, userIds: idsQuerySchema.shape.ids });

import {
  dataRuleColumnSchema,
  dataRuleEditSchema,
  dataRuleInputSchema,
  dataRuleQuerySchema,
  dataRuleRecordSchema,
  noResult,
  pageSchema,
  permissionIdQuerySchema,
  permissionTreeSchema,
  ROLE_SORTABLE,
  resourceIdQuerySchema,
  roleCodeCheckQuerySchema,
  roleDataRuleQuerySchema,
  roleDataRulesSchema,
  roleEditSchema,
  roleIdQuerySchema,
  roleInputSchema,
  roleListQuerySchema,
  roleRecordSchema,
  roleUserListQuerySchema,
  roleUserSchema,
  roleUsersQuerySchema,
  roleUsersSchema,
  saveRoleDataRuleSchema,
  saveRolePermissionSchema,
  userIdQuerySchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceAction,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';

/** Permission codes of role administration (System → Roles). */
export const ROLE_PERMS = {
  list: 'system:role:list',
  add: 'system:role:add',
  edit: 'system:role:edit',
  delete: 'system:role:delete',
  /** The authorization drawer: grants, data rules, the role's users. */
  authorize: 'system:role:authorize',
  users: 'system:role:users',
} as const;

const permissionOf = (action: ResourceAction) =>
  resourcePermissions({
    list: ROLE_PERMS.list,
    add: ROLE_PERMS.add,
    edit: ROLE_PERMS.edit,
    delete: ROLE_PERMS.delete,
  })[action];

const checkedSchema = z.object({ checked: z.array(z.string()) });
const countSchema = z.object({ count: z.number().int() });

export function roleRoutes(api: Api, { roleAdmin }: Pick<Services, 'roleAdmin'>) {
  // Roles: list, queryById, add, edit, delete, deleteBatch.
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/role',
      noun: 'role',
      permission: permissionOf,
      record: roleRecordSchema,
      list: { query: roleListQuerySchema, sortable: ROLE_SORTABLE, run: (query) => roleAdmin.list(query) },
      queryById: (id) => roleAdmin.byId(id),
      add: { body: roleInputSchema, run: (input) => roleAdmin.add(input) },
      edit: { body: roleEditSchema, run: ({ id, ...input }) => roleAdmin.edit(id, input) },
      remove: (ids) => roleAdmin.removeAll(ids),
    }),
  );

  api.get(
    '/sys/role/checkRoleCode',
    {
      config: { access: { permission: ROLE_PERMS.list } },
      schema: {
        summary: 'Whether a role code is free (id: the role being edited); 409 ROLE_CODE_TAKEN if not',
        querystring: roleCodeCheckQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      const { roleCode, id } = request.query;
      if (!(await roleAdmin.isCodeFree(roleCode, id)))
        throw new AppError('ROLE_CODE_TAKEN', 409, { code: roleCode });
      return ok(request, null);
    },
  );

  api.get(
    '/sys/role/getUserRoleById',
    {
      config: { access: { permission: ROLE_PERMS.list } },
      schema: {
        summary: 'The ids of the roles a user holds',
        querystring: userIdQuerySchema,
        response: okResponse(z.array(z.string())),
      },
    },
    async (request) => ok(request, await roleAdmin.userRoleIds(request.query.userId)),
  );

  api.get(
    '/sys/role/queryTreeList',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary:
          'The whole menu and button tree for authorization (buttons with permsType 1 hide, 2 disable)',
        response: okResponse(permissionTreeSchema),
      },
    },
    async (request) => ok(request, await roleAdmin.tree(requestLocale(request))),
  );

  api.get(
    '/sys/role/datarule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'A menu’s data rules, the columns its list takes and those the role applies',
        querystring: roleDataRuleQuerySchema,
        response: okResponse(roleDataRulesSchema),
      },
    },
    async (request) =>
      ok(request, await roleAdmin.roleRules(request.query.roleId, request.query.permissionId)),
  );

  api.post(
    '/sys/role/datarule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'Choose the data rules a role applies on a menu it holds',
        body: saveRoleDataRuleSchema,
        response: okResponse(checkedSchema),
      },
    },
    async (request) => ok(request, await roleAdmin.saveRoleRules(request.body)),
  );

  // Users of a role.
  api.get(
    '/sys/role/userList',
    {
      config: { access: { permission: ROLE_PERMS.users } },
      schema: {
        summary: 'The users holding a role (username or real name filter)',
        querystring: roleUserListQuerySchema,
        response: okResponse(pageSchema(roleUserSchema)),
      },
    },
    async (request) => ok(request, await roleAdmin.users(request.query)),
  );

  api.post(
    '/sys/role/addUsers',
    {
      config: { access: { permission: ROLE_PERMS.users } },
      schema: {
        summary: 'Give a role to users (those holding it already are left as they are)',
        body: roleUsersSchema,
        response: okResponse(countSchema),
      },
    },
    async (request) =>
      ok(request, { count: await roleAdmin.addUsers(request.body.roleId, request.body.userIds) }),
  );

  api.delete(
    '/sys/role/removeUsers',
    {
      config: { access: { permission: ROLE_PERMS.users } },
      schema: {
        summary: 'Take a role from users (userIds=a,b)',
        querystring: roleUsersQuerySchema,
        response: okResponse(countSchema),
      },
    },
    async (request) =>
      ok(request, { count: await roleAdmin.removeUsers(request.query.roleId, request.query.userIds) }),
  );

  // Grants and data rules, under /sys/permission (Jeecg's paths).
  api.get(
    '/sys/permission/queryRolePermission',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'The ids of the menus and buttons a role is granted',
        querystring: roleIdQuerySchema,
        response: okResponse(z.array(z.string())),
      },
    },
    async (request) => ok(request, await roleAdmin.grantedIds(request.query.roleId)),
  );

  api.post(
    '/sys/permission/saveRolePermission',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'Set the menus and buttons a role is granted (lastPermissionIds: apply only the difference)',
        body: saveRolePermissionSchema,
        response: okResponse(z.array(z.string())),
      },
    },
    async (request) => ok(request, await roleAdmin.saveGrants(request.body)),
  );

  api.get(
    '/sys/permission/getPermRuleListByPermId',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'The data rules of a menu',
        querystring: permissionIdQuerySchema,
        response: okResponse(z.array(dataRuleRecordSchema)),
      },
    },
    async (request) => ok(request, await roleAdmin.rules(request.query.permissionId)),
  );

  api.get(
    '/sys/permission/queryPermissionRule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'The data rules of a menu, filtered by name and column',
        querystring: dataRuleQuerySchema,
        response: okResponse(z.array(dataRuleRecordSchema)),
      },
    },
    async (request) => {
      const { permissionId, ...filters } = request.query;
      return ok(request, await roleAdmin.rules(permissionId, filters));
    },
  );

  api.get(
    '/sys/permission/getDataRuleColumns',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'The columns the list of a menu lets data rules name (empty: it takes none)',
        querystring: permissionIdQuerySchema,
        response: okResponse(z.array(dataRuleColumnSchema)),
      },
    },
    async (request) => ok(request, await roleAdmin.columns(request.query.permissionId)),
  );

  api.post(
    '/sys/permission/addPermissionRule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'Add a data rule to a menu (column, condition, value, enabled)',
        body: dataRuleInputSchema,
        response: okResponse(dataRuleRecordSchema),
      },
    },
    async (request) => ok(request, await roleAdmin.addRule(request.body)),
  );

  api.put(
    '/sys/permission/editPermissionRule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'Edit a data rule (enable or disable it)',
        body: dataRuleEditSchema,
        response: okResponse(dataRuleRecordSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(request, await roleAdmin.editRule(id, input));
    },
  );

  api.delete(
    '/sys/permission/deletePermissionRule',
    {
      config: { access: { permission: ROLE_PERMS.authorize } },
      schema: {
        summary: 'Delete a data rule (roles applying it no longer do)',
        querystring: resourceIdQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await roleAdmin.removeRule(request.query.id);
      return ok(request, null);
    },
  );
}

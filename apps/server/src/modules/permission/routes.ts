import {
  noResult,
  permissionCodeCheckQuerySchema,
  permissionEditSchema,
  permissionInputSchema,
  permissionListQuerySchema,
  permissionRecordSchema,
  permissionSubmenuQuerySchema,
  permissionTreeNodeSchema,
  permissionTreeOptionSchema,
  resourceIdQuerySchema,
  userPermissionsSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { requireAuth } from '../../platform/access';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Services } from '../../platform/module';
import {
  defineResource,
  type ResourceAction,
  resourcePermissions,
  resourceRoutes,
} from '../../platform/resource';

/** Permission codes of the menu editor (System › Menus). */
export const PERMISSION_PERMS = {
  list: 'system:permission:list',
  add: 'system:permission:add',
  edit: 'system:permission:edit',
  delete: 'system:permission:delete',
} as const;

const permissionOf = (action: ResourceAction) =>
  resourcePermissions({
    list: PERMISSION_PERMS.list,
    add: PERMISSION_PERMS.add,
    edit: PERMISSION_PERMS.edit,
    delete: PERMISSION_PERMS.delete,
  })[action];

export function permissionRoutes(api: Api, { menus, menuAdmin }: Pick<Services, 'menus' | 'menuAdmin'>) {
  api.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s menu tree and button permissions',
        response: okResponse(userPermissionsSchema),
      },
    },
    async (request, reply) => {
      const me = requireAuth(request);
      // Cached per role set and language, serialised through userPermissionsSchema and compressed once.
      const answer = await menus.answerFor(me.roleIds, requestLocale(request));
      // An empty menu is an error, not an empty console (spec section 8).
      if (answer.value.menu.length === 0) throw new AppError('EMPTY_MENU', 403);
      return answer.send(request, reply);
    },
  );

  // ---- the menu editor (System › Menus)

  api.get(
    '/sys/permission/list',
    {
      config: { access: { permission: PERMISSION_PERMS.list } },
      schema: {
        summary: 'The menu tree with sub menus and buttons (with name: the matching rows and their parents)',
        querystring: permissionListQuerySchema,
        response: okResponse(z.array(permissionTreeNodeSchema)),
      },
    },
    async (request) => ok(request, await menuAdmin.tree(request.query)),
  );

  // queryById, add, edit as the conventions have them (delete below: its refusals name the row).
  resourceRoutes(
    api,
    defineResource({
      path: '/sys/permission',
      noun: 'menu or button',
      permission: permissionOf,
      record: permissionRecordSchema,
      queryById: (id) => menuAdmin.byId(id),
      add: { body: permissionInputSchema, run: (input) => menuAdmin.add(input) },
      edit: { body: permissionEditSchema, run: ({ id, ...input }) => menuAdmin.edit(id, input) },
    }),
  );

  api.delete(
    '/sys/permission/delete',
    {
      config: { access: { permission: PERMISSION_PERMS.delete } },
      schema: {
        summary:
          'Delete a menu or button with its grants (refused while it has sub menus or buttons, or is built in)',
        querystring: resourceIdQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await menuAdmin.removeAll([request.query.id], requestLocale(request));
      return ok(request, null);
    },
  );

  api.get(
    '/sys/permission/queryTreeList',
    {
      config: { access: { permission: PERMISSION_PERMS.list } },
      schema: {
        summary: 'The menu and button tree as id/title nodes, for pickers',
        response: okResponse(z.array(permissionTreeOptionSchema)),
      },
    },
    async (request) => ok(request, await menuAdmin.treeOptions(requestLocale(request))),
  );

  api.get(
    '/sys/permission/getSystemMenuList',
    {
      config: { access: { permission: PERMISSION_PERMS.list } },
      schema: {
        summary: 'The top menus',
        response: okResponse(z.array(permissionRecordSchema)),
      },
    },
    async (request) => ok(request, await menuAdmin.topMenus()),
  );

  api.get(
    '/sys/permission/getSystemSubmenu',
    {
      config: { access: { permission: PERMISSION_PERMS.list } },
      schema: {
        summary: 'The sub menus and buttons right under a menu',
        querystring: permissionSubmenuQuerySchema,
        response: okResponse(z.array(permissionRecordSchema)),
      },
    },
    async (request) => ok(request, await menuAdmin.submenus(request.query.parentId)),
  );

  api.get(
    '/sys/permission/checkPermDuplication',
    {
      config: { access: { permission: PERMISSION_PERMS.list } },
      schema: {
        summary: 'Whether a permission code is free (409 PERMISSION_CODE_TAKEN when another row holds it)',
        querystring: permissionCodeCheckQuerySchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await menuAdmin.checkCode(request.query.perms, request.query.id);
      return ok(request, null);
    },
  );
}

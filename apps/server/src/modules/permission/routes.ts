import { userPermissionsSchema } from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { AppError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';

export function permissionRoutes(api: Api, { menus }: Services) {
  api.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s menu tree and button permissions',
        response: okResponse(userPermissionsSchema),
      },
    },
    async (request) => {
      const me = requireAuth(request);
      const result = await menus.forRoles(me.roleIds);
      // An empty menu is an error, not an empty console (spec section 8).
      if (result.menu.length === 0) throw new AppError('EMPTY_MENU', 403);
      return ok(request, result);
    },
  );
}

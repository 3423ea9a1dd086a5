import { userPermissionsSchema } from '@switchboard/contracts';
import { requireAuth } from '../../platform/access';
import { AppError, okResponse } from '../../platform/envelope';
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
    async (request, reply) => {
      const me = requireAuth(request);
      // Cached per role set, serialised through userPermissionsSchema and compressed once.
      const answer = await menus.answerFor(me.roleIds);
      // An empty menu is an error, not an empty console (spec section 8).
      if (answer.value.menu.length === 0) throw new AppError('EMPTY_MENU', 403);
      return answer.send(request, reply);
    },
  );
}

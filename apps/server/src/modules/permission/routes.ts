import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/auth';
import { AppError, ok } from '../../platform/envelope';
import type { Services } from '../../services';

export function permissionRoutes(app: FastifyInstance, { menus }: Services) {
  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const result = await menus.forRoles(me.roleIds);
    // An empty menu is an error, not an empty console (spec section 8).
    if (result.menu.length === 0) throw new AppError('EMPTY_MENU', 403);
    return ok(request, result);
  });
}

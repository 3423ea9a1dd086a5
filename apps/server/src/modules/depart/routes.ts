import { selectDepartSchema } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema';
import { requireAuth } from '../../platform/auth';
import { AppError, ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';
import { listUserDepartments } from './service';

export function departRoutes(app: FastifyInstance, { db, auth }: Services) {
  /** The agent of the user's current department (drives the agent home). Only one's own. */
  app.get('/sys/sysDepart/getDepartInfo', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const { id } = parse(request, z.object({ id: z.string().max(64).optional() }), request.query);
    if (id && id !== me.user.id) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const departs = await listUserDepartments(db, me.user.id);
    const current =
      departs.find((d) => d.orgCode === me.user.orgCode) ?? (departs.length === 1 ? departs[0] : undefined);
    return ok(request, {
      agentId: current?.agentId ?? null,
      departName: current?.departName ?? null,
      orgCode: current?.orgCode ?? null,
    });
  });

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const list = await listUserDepartments(db, me.user.id);
    return ok(request, { list, orgCode: me.user.orgCode });
  });

  app.post('/sys/selectDepart', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const { orgCode, username } = parse(request, selectDepartSchema, request.body);
    if (username && username !== me.user.username) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const departs = await listUserDepartments(db, me.user.id);
    if (departs.length === 0) throw new AppError('NO_DEPARTMENT', 400);
    if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError('DEPARTMENT_NOT_YOURS', 403);
    const [user] = await db
      .update(users)
      .set({ orgCode, updatedAt: new Date() })
      .where(eq(users.id, me.user.id))
      .returning();
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    return ok(request, { userInfo: await auth.userInfo(user) });
  });
}

import {
  ipWhitelistSchema,
  totpCodeSchema,
  updatePasswordSchema,
  userIdSchema,
  userIdsSchema,
} from '@switchboard/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { requireAuth } from '../../platform/auth';
import { AppError, ok, parse } from '../../platform/envelope';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Services } from '../../services';
import { isValidIpRule } from '../auth/ip-whitelist';
import { checkTotp, newTotpSecret, totpSetup } from '../auth/totp';

export function userRoutes(app: FastifyInstance, { db, sessions }: Services) {
  app.post('/sys/user/updatePassword', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const body = parse(request, updatePasswordSchema, request.body);
    const [user] = await db.select().from(users).where(eq(users.username, body.username)).limit(1);
    if (!user) throw new AppError('NO_LOGGED_IN_USER', 400);
    // One changes one's own password here; administrators reset others' elsewhere.
    if (user.id !== me.user.id) throw new AppError('NO_OPERATION_PERMISSION', 403);
    if (!(await verifyPassword(body.oldpassword, user.passwordHash)))
      throw new AppError('OLD_PASSWORD_WRONG', 400);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await sessions.revokeAllForUser(user.id);
    return ok(request, null, 'PASSWORD_CHANGED');
  });

  app.get('/sys/user/googleAuth/setup', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    if (me.user.googleAuthBound) throw new AppError('TOTP_ALREADY_BOUND', 409);
    const secret = newTotpSecret();
    await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, me.user.id));
    return ok(request, await totpSetup(secret, me.user.username));
  });

  app.post('/sys/user/googleAuth/bind', { config: { access: 'user' } }, async (request) => {
    const me = requireAuth(request);
    const { code } = parse(request, totpCodeSchema, request.body);
    const [user] = await db.select().from(users).where(eq(users.id, me.user.id)).limit(1);
    if (!user?.totpPendingSecret) throw new AppError('TOTP_NOT_PENDING', 409);
    const step = await checkTotp(user.totpPendingSecret, code, null);
    if (step === null) throw new AppError('GOOGLE_CODE_INVALID', 400);
    await db
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    return ok(request, { googleAuthBound: true });
  });

  app.post(
    '/sys/user/googleAuth/reset',
    { config: { access: { permission: 'system:user:resetGoogle' } } },
    async (request) => {
      const { userId } = parse(request, userIdSchema, request.body);
      const updated = await db
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('USER_NOT_FOUND', 404);
      return ok(request, null);
    },
  );

  /** status 2 freezes (and signs the users out), 1 thaws. */
  app.put(
    '/sys/user/frozenBatch',
    { config: { access: { permission: 'system:user:frozen' } } },
    async (request) => {
      const me = requireAuth(request);
      const { ids, status } = parse(request, userIdsSchema, request.body);
      if (status === 2 && ids.includes(me.user.id)) throw new AppError('CANNOT_FREEZE_SELF', 400);
      const updated = await db
        .update(users)
        .set({ status, updatedAt: new Date() })
        .where(and(inArray(users.id, ids), ne(users.status, status)))
        .returning({ id: users.id });
      if (status === 2) for (const { id } of updated) await sessions.revokeAllForUser(id);
      return ok(request, { updated: updated.length });
    },
  );

  app.put(
    '/sys/user/ipWhitelist',
    { config: { access: { permission: 'system:user:ipWhitelist' } } },
    async (request) => {
      const { userId, rules } = parse(request, ipWhitelistSchema, request.body);
      const bad = rules.find((r) => !isValidIpRule(r));
      if (bad !== undefined) throw new AppError('IP_RULE_INVALID', 400, { value: bad.slice(0, 64) });
      const updated = await db
        .update(users)
        .set({ ipWhitelist: [...new Set(rules)], updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('USER_NOT_FOUND', 404);
      return ok(request, { rules: [...new Set(rules)] });
    },
  );
}

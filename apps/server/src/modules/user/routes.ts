import {
  ipWhitelistSchema,
  pageOf,
  pageQuerySchema,
  SEARCH_TEXT_MAX_LENGTH,
  totpCodeSchema,
  updatePasswordSchema,
  userIdSchema,
  userIdsSchema,
} from '@switchboard/contracts';
import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companies, roles, userRoles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { requireAuth } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, ok, parse } from '../../platform/envelope';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { dataScopeOf, inScope, scopeCondition } from '../../platform/scope';
import { likeText } from '../../platform/sql';
import type { Services } from '../../services';
import { isValidIpRule } from '../auth/ip-whitelist';
import { checkTotp, newTotpSecret, totpSetup } from '../auth/totp';
import { userNameContains } from './search';

const searchText = z.string().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional();
const listQuery = pageQuerySchema.extend({
  username: searchText,
  realname: searchText,
  status: z.enum(['1', '2']).optional(),
  /** Username or real name, in one box. */
  keyword: searchText,
});
const headerItemsBody = z.object({ userId: z.string().uuid('FIELD_INVALID'), hidden: z.boolean() });

/**
 * Administration of other users stays within the caller's data scope (an agent given the Users
 * screen manages its customers' accounts only). Unknown ids are left to the route (404).
 */
async function assertUsersInScope(db: Db, me: AuthContext, userIds: string[]) {
  const scope = await dataScopeOf(db, me);
  if (scope.kind === 'all') return;
  const rows = await db.select({ companyId: users.companyId }).from(users).where(inArray(users.id, userIds));
  if (rows.some((r) => !inScope(scope, r.companyId))) throw new AppError('NO_OPERATION_PERMISSION', 403);
}

export function userRoutes(app: FastifyInstance, { db, sessions }: Services) {
  /** Users the caller may see (data scope on the user's company), with roles and company. */
  app.get('/sys/user/list', { config: { access: { permission: 'system:user:list' } } }, async (request) => {
    const me = requireAuth(request);
    const q = parse(request, listQuery, request.query);
    const where = and(
      scopeCondition(await dataScopeOf(db, me), users.companyId),
      q.username ? ilike(users.username, likeText(q.username)) : undefined,
      q.realname ? ilike(users.realname, likeText(q.realname)) : undefined,
      q.status ? eq(users.status, Number(q.status)) : undefined,
      q.keyword ? userNameContains(q.keyword) : undefined,
    );
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    const rows = await db
      .select({
        id: users.id,
        username: users.username,
        realname: users.realname,
        status: users.status,
        companyId: users.companyId,
        companyName: companies.name,
        orgCode: users.orgCode,
        googleAuthBound: sql<boolean>`${users.totpSecret} is not null`,
        ipWhitelist: users.ipWhitelist,
        hideHeaderItems: users.hideHeaderItems,
        createdAt: users.createdAt,
        roles: sql<string[]>`coalesce((select array_agg(r.role_code order by r.role_code) from ${userRoles} ur
          join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}), '{}')`,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(users.username))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return ok(request, pageOf(rows, Number(total), q));
  });

  /** The per-user flag that hides the header items (spec: "one specific user name"). */
  app.put(
    '/sys/user/headerItems',
    { config: { access: { permission: 'system:user:edit' } } },
    async (request) => {
      const { userId, hidden } = parse(request, headerItemsBody, request.body);
      await assertUsersInScope(db, requireAuth(request), [userId]);
      const updated = await db
        .update(users)
        .set({ hideHeaderItems: hidden, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('USER_NOT_FOUND', 404);
      return ok(request, { hidden });
    },
  );

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
      await assertUsersInScope(db, requireAuth(request), [userId]);
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
      await assertUsersInScope(db, me, ids);
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
      await assertUsersInScope(db, requireAuth(request), [userId]);
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

import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_HEADER, TOKEN_TTL_MS } from '@switchboard/contracts';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissions, rolePermissions, roles, sessions, userRoles, users } from '../db/schema';
import { TtlCache } from './cache';
import type { Db } from './db';
import { AppError, sendError } from './envelope';

/** What a route needs: anyone, any signed-in user, or a permission code of the menu tree. */
export type Access = 'public' | 'user' | { permission: string };

export interface AuthUser {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  companyId: string | null;
  status: number;
  googleAuthBound: boolean;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  roleIds: string[];
  roles: string[];
  isAdmin: boolean;
  /** Permission codes granted through the user's roles (see grantedByStatus). */
  permissions: Set<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    readonly grants: GrantsCache,
    /** Told when sessions end, so open sockets of those sessions close on every process. */
    private readonly onEnded: (ended: {
      sessionId?: string;
      userId?: string;
    }) => Promise<void> = async () => {},
  ) {}

  async create(userId: string, ip: string, userAgent: string | undefined): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      ip,
      userAgent: userAgent?.slice(0, 512),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    });
    return token;
  }

  /** True when the token belonged to a session that has run out (not revoked, not unknown). */
  async hasExpired(token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          lte(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    await this.onEnded({ sessionId });
  }

  /** Revokes every live session of a user (password change, freezing). */
  async revokeAllForUser(userId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await this.onEnded({ userId });
  }

  /** Which of these sessions are still live: not revoked, not expired, their user not frozen. */
  async liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionIds),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.status, 1),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** The session and user behind a token, or null when unknown, expired or revoked. One query. */
  async resolve(token: string): Promise<AuthContext | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        id: users.id,
        username: users.username,
        realname: users.realname,
        avatar: users.avatar,
        orgCode: users.orgCode,
        companyId: users.companyId,
        status: users.status,
        bound: sql<boolean>`${users.totpSecret} is not null`,
        roleIds: sql<
          string[]
        >`coalesce(array_agg(${userRoles.roleId}::text) filter (where ${userRoles.roleId} is not null), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .groupBy(sessions.id, users.id)
      .limit(1);
    if (!row) return null;
    const { sessionId, bound, roleIds, ...user } = row;
    const grants = await this.grants.forRoles(roleIds);
    return { user: { ...user, googleAuthBound: bound }, sessionId, roleIds, ...grants };
  }
}

export interface Grants {
  roles: string[];
  isAdmin: boolean;
  permissions: Set<string>;
}

/**
 * Which of a role's permission rows count as granted. A button's action rule (menu type 2) counts
 * whatever its status: status '0' only switches the rule off for display (the console shows the
 * control to everyone, spec section 6), it does not take the action away from roles that hold it.
 * A menu entry counts only while active. Users whose roles do not hold a code never get it.
 */
export const grantedByStatus = or(eq(permissions.menuType, 2), eq(permissions.status, '1'));

/**
 * Role codes and granted permission codes per set of roles, cached for a few seconds: they are
 * read on every request and change only when an administrator edits roles or menus (who then
 * calls invalidate()).
 */
export class GrantsCache {
  private readonly cache = new TtlCache<Grants>(5_000);

  constructor(private readonly db: Db) {}

  forRoles(roleIds: string[]): Promise<Grants> {
    const ids = [...roleIds].sort();
    return this.cache.getOrLoad(ids.join(','), async () => {
      if (ids.length === 0) return { roles: [], isAdmin: false, permissions: new Set<string>() };
      const roleRows = await this.db
        .select({ code: roles.roleCode })
        .from(roles)
        .where(inArray(roles.id, ids));
      const codes = await this.db
        .selectDistinct({ perms: permissions.perms })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(
          and(inArray(rolePermissions.roleId, ids), grantedByStatus, sql`${permissions.perms} is not null`),
        );
      const roleCodes = roleRows.map((r) => r.code).sort();
      return {
        roles: roleCodes,
        isAdmin: roleCodes.includes('admin'),
        permissions: new Set(codes.map((c) => c.perms).filter((p): p is string => p !== null)),
      };
    });
  }

  async forUser(userId: string): Promise<Grants> {
    const rows = await this.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return this.forRoles(rows.map((r) => r.roleId));
  }

  invalidate() {
    this.cache.clear();
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

/** The signed-in caller; for routes declared 'user' or with a permission. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 401);
  return request.auth;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/**
 * Every route declares its access in `config.access`; this hook enforces it before the body
 * is even parsed. Routes without a declaration are refused (and listed by a test).
 */
export function registerAccessControl(app: FastifyInstance, store: SessionStore): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read when asked: an encapsulated hook (static files) may still declare the access.
      registered.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route without access declaration');
      return sendError(request, reply, new AppError('NO_OPERATION_PERMISSION', 403));
    }
    const token = tokenOf(request);
    if (token) request.auth = await store.resolve(token);
    if (access === 'public') return;
    if (!request.auth) {
      const code = !token
        ? 'UNAUTHORIZED'
        : (await store.hasExpired(token))
          ? 'LOGIN_EXPIRED'
          : 'TOKEN_INVALID';
      return sendError(request, reply, new AppError(code, 401));
    }
    if (request.auth.user.status !== 1) {
      return sendError(request, reply, new AppError('ACCOUNT_FROZEN', 401));
    }
    if (typeof access === 'object' && !request.auth.permissions.has(access.permission)) {
      return sendError(request, reply, new AppError('NO_OPERATION_PERMISSION', 403));
    }
  });
  return registered;
}

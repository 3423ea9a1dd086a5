import { type PermissionCode, TOKEN_HEADER } from '@switchboard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, sendError } from './envelope';
import { headerCredential } from './validation';

/** What a route needs: anyone, any signed-in user, or a permission code of the menu tree. */
export type Access = 'public' | 'user' | { permission: PermissionCode };

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

/** The signed-in caller of a request: session, user, roles and granted permission codes. */
export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  roleIds: string[];
  roles: string[];
  isAdmin: boolean;
  permissions: Set<string>;
}

/** How the platform learns who holds a token (the auth module's sessions answer it). */
export interface TokenResolver {
  /** The live session behind a token, or null (unknown, expired or revoked). */
  resolve(token: string): Promise<AuthContext | null>;
  /** True when the token belonged to a session that ran out (not revoked, not unknown). */
  hasExpired(token: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  return headerCredential(request.headers[TOKEN_HEADER.toLowerCase()], 256);
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
export function registerAccessControl(app: FastifyInstance, sessions: TokenResolver): RegisteredRoute[] {
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
    if (token) request.auth = await sessions.resolve(token);
    if (access === 'public') return;
    if (!request.auth) {
      const code = !token
        ? 'UNAUTHORIZED'
        : (await sessions.hasExpired(token))
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

/** Where a request came from, as the sign-in guard and the login log record it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One change someone made: who, what, when, from where, with what outcome. */
export interface OperationEntry {
  userId: string | null;
  username: string | null;
  method: string;
  route: string;
  action: string | null;
  statusCode: number;
  ip: string;
  userAgent: string | undefined;
  durationMs: number;
}

export type OperationRecorder = (entry: OperationEntry) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, for the operation log (when no permission code names it). */
    action?: string;
  }
  interface FastifyRequest {
    /** Who acted, when the route establishes it itself (a sign-in has no session before it). */
    actor: { id: string; username: string } | null;
  }
}

/** The user a route acted for: a signed-in caller, or whom a sign-in just signed in. */
export function setActor(request: FastifyRequest, actor: { id: string; username: string }) {
  request.actor = actor;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every change (any non-read request to a known route) by a known user is logged: who, what,
 * when, from where. Requests of nobody in particular (failed sign-ins, anonymous calls refused
 * with 401) are not: the login log keeps sign-in attempts, and an anonymous caller must not be
 * able to fill the log.
 */
export function registerOperationLog(app: FastifyInstance, record: OperationRecorder) {
  app.decorateRequest('actor', null);
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || request.is404) return;
    const actor = request.auth?.user ?? request.actor;
    if (!actor) return;
    const { access, action } = request.routeOptions.config;
    try {
      await record({
        userId: actor.id,
        username: actor.username,
        method: request.method,
        route: (request.routeOptions.url ?? request.url.split('?')[0] ?? '').slice(0, 255),
        action: typeof access === 'object' ? access.permission : (action ?? null),
        statusCode: reply.statusCode,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512),
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
  });
}

import type { FastifyInstance } from 'fastify';
import { operationLog } from '../db/schema';
import type { Db } from './db';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every change (any non-read request to a known route) is logged: who, what, when, from where. */
export function registerOperationLog(app: FastifyInstance, db: Db) {
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || request.is404) return;
    const access = request.routeOptions.config.access;
    try {
      await db.insert(operationLog).values({
        userId: request.auth?.user.id ?? null,
        username: request.auth?.user.username ?? null,
        method: request.method,
        route: (request.routeOptions.url ?? request.url.split('?')[0] ?? '').slice(0, 255),
        action: typeof access === 'object' ? access.permission : null,
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

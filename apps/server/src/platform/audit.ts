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
  /** An edit's changed fields as they were and as they became (`recordChange`), else null. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
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
    /** What an edit changed, for the operation log (`recordChange`). */
    change: FieldChanges | null;
  }
}

export interface FieldChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Fields never copied into the log, whatever record they belong to. */
const SECRET_FIELD = /password|secret|token|hash|apikey|privatekey/i;
/** Longest text of one value kept in the log (a long HTML body is cut). */
const VALUE_MAX_CHARS = 2_000;

function loggable(value: unknown): unknown {
  const plain =
    value === undefined
      ? null
      : (JSON.parse(
          JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
        ) as unknown);
  const text = JSON.stringify(plain);
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : plain;
}

/**
 * The fields of a record that differ between `before` and `after` (compared as JSON), each side
 * with its value; secret fields are left out. Not objects: nothing to compare.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChanges | null {
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null)
    return null;
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changes: FieldChanges = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (SECRET_FIELD.test(key)) continue;
    const a = loggable(was[key]);
    const b = loggable(now[key]);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes.before[key] = a;
    changes.after[key] = b;
  }
  return changes;
}

/**
 * Keeps what an edit changed for the operation log entry of this request: call it with the
 * record as it was (read before the change) and as the change left it.
 */
export function recordChange(request: FastifyRequest, before: unknown, after: unknown) {
  request.change = fieldChanges(before, after);
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
  app.decorateRequest('change', null);
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
        before: request.change?.before ?? null,
        after: request.change?.after ?? null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
  });
}

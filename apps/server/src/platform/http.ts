import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import {
  DEFAULT_LOCALE,
  type ErrorCode,
  errorEnvelopeSchema,
  IMPORT_MAX_BYTES,
  SOCKET_PROTOCOL,
} from '@switchboard/contracts';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { type RegisteredRoute, registerAccessControl, type TokenResolver } from './access';
import { type OperationRecorder, registerOperationLog } from './audit';
import type { Config, TrustProxy } from './config';
import { isDatabaseUnavailable } from './db-health';
import { AppError, errorEnvelope, sendError } from './envelope';
import { requestLocale as requestLocaleOf } from './i18n';
import type { Logger } from './logger';
import { registerOpenApi } from './openapi';
import { type Realtime, registerWebsocketRoute } from './realtime';
import { RequestValidationError, validatorCompiler } from './validation';

const BODY_LIMIT = 1024 * 1024;

export interface HttpOptions {
  config: Config;
  log: Logger;
  /** Shared store of the rate limiter when several processes serve the API. */
  redis: Redis | null;
  rateLimitNamespace: string | undefined;
  sessions: TokenResolver;
  realtime: Realtime;
  recordOperation: OperationRecorder;
}

/** Errors Fastify raises before a route runs, and the codes users see for them. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
};

/**
 * The one place the client's address is decided (`request.ip`, read by the IP whitelists, rate
 * limits, the logs and /metrics): with N trusted hops, the socket's peer and the N-1 entries to
 * the right of X-Forwarded-For are proxies, and the entry before them is the client (Fastify
 * itself refuses to trust a bare hop count, so it is given as a function); with a list, every
 * listed address from the right is a proxy. Entries a client wrote itself are never believed.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust;
}

/** The user-facing form of any error: always the envelope, in the caller's language. */
function asAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  // The database is down or the connection was lost: a passing condition, said so (503).
  if (isDatabaseUnavailable(error)) return new AppError('DATABASE_UNAVAILABLE', 503);
  const code = (error as FastifyError).code;
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return new AppError(known.code, known.status);
  const status = (error as FastifyError).statusCode;
  if (status === 429) return new AppError('TOO_MANY_REQUESTS', 429);
  // Malformed JSON and the like: the caller's mistake, said plainly.
  if (status && status >= 400 && status < 500) return new AppError('BAD_REQUEST', status);
  return new AppError('INTERNAL_ERROR', 500);
}

/**
 * The HTTP server every API process runs: zod schemas from the contracts validate input and
 * serialise output (fastify-type-provider-zod), every error is the envelope (404, 414 and the
 * framework's own included), access is declared per route and enforced before the body is read,
 * changes are written to the operation log, the OpenAPI document is generated from the schemas.
 */
export async function createHttpServer(options: HttpOptions): Promise<{
  server: FastifyInstance;
  routes: RegisteredRoute[];
}> {
  const { config, log } = options;
  // One instance type for every plugin function (the logger is pino's, as Fastify's own is).
  const server = Fastify({
    loggerInstance: log,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // Per-request lines only when debugging; errors and changes are logged anyway.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, asAppError(error));
    },
    // Requests Node cannot even parse (headers too large, garbage): still the envelope, in English.
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (!socket.writable) return;
      const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? 431 : 400;
      const body = JSON.stringify(
        errorEnvelope(new AppError(tooLarge ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST', status), DEFAULT_LOCALE),
      );
      socket.end(
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }) as unknown as FastifyInstance;
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);

  // Helmet's middleware, built once: @fastify/helmet built it anew for every request (parsing the
  // CSP each time), the largest cost of a cached API answer in the profile of `npm run bench:api`.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Announcement pictures may be given by https address (the sanitisers allow https and data:).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // IVR prompts play from blob: addresses (fetched with the session's header, which an
        // <audio src> cannot send).
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Menu entries with an internal `url` open it in the console's iframe screen (spec
        // section 2); their addresses come from the menu, so any web page may be framed.
        frameSrc: ["'self'", 'https:', 'http:'],
        // Plain-HTTP installs (a LAN address) must still load their own scripts.
        upgradeInsecureRequests: null,
      },
    },
  });
  server.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    );
  });
  await server.register(rateLimit, {
    global: false,
    ...(options.redis
      ? { redis: options.redis, nameSpace: options.rateLimitNamespace ?? 'switchboard-rl:' }
      : {}),
    // The answer says how long to wait (Retry-After says it too, in seconds).
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', 429, { wait: Math.ceil(context.ttl / 1000) }),
  });

  // Uploads (imports) are read by the route that takes them, after access was checked; one file
  // of at most IMPORT_MAX_BYTES and a few small fields.
  await server.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  server.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return sendError(
        request,
        reply,
        new AppError('VALIDATION_FAILED', 400, {}, null, error.problems(requestLocaleOf(request))),
      );
    }
    const appError = asAppError(error);
    // An outage is logged once, when the database is found down (db-health), not per request.
    if (appError.errorCode === 'DATABASE_UNAVAILABLE')
      request.log.debug({ err: error }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, appError);
  });

  // Every route answers errors with the envelope; the OpenAPI document says so.
  server.addHook('onRoute', (route) => {
    if (!route.schema) return;
    route.schema = {
      ...route.schema,
      response: {
        ...(route.schema.response as object),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    };
  });

  const routes = registerAccessControl(server, options.sessions);
  registerOperationLog(server, options.recordOperation);
  await registerOpenApi(server);

  await server.register(websocket, {
    options: {
      maxPayload: 4096,
      // The browser offers ['switchboard', <token>]; the answer names only 'switchboard'.
      handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
    },
  });
  registerWebsocketRoute(server, options.realtime, options.sessions);
  return { server, routes };
}

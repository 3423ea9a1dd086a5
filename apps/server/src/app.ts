import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { API_PREFIX, SOCKET_PROTOCOL } from '@switchboard/contracts';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { Redis } from 'ioredis';
import { type SeedReport, seed } from './db/seed/index';
import { announcementRoutes } from './modules/announcement/routes';
import { type CaptchaGenerator, svgCaptchaGenerator } from './modules/auth/captcha';
import { authRoutes } from './modules/auth/routes';
import { brandRoutes } from './modules/brand/routes';
import { companyRoutes } from './modules/company/routes';
import { contactRoutes } from './modules/contact/routes';
import { departRoutes } from './modules/depart/routes';
import { dictRoutes } from './modules/dict/routes';
import { duplicateRoutes } from './modules/duplicate/routes';
import { logRoutes } from './modules/logs/routes';
import { permissionRoutes } from './modules/permission/routes';
import { registrationRoutes } from './modules/registration/routes';
import { userRoutes } from './modules/user/routes';
import { registerOperationLog } from './platform/audit';
import { type RegisteredRoute, registerAccessControl } from './platform/auth';
import { registerCompression } from './platform/compression';
import type { Config } from './platform/config';
import { type Database, openDatabase } from './platform/db';
import { AppError, ok, sendError } from './platform/envelope';
import { registerWebsocketRoute } from './platform/realtime';
import { registerWebConsole } from './platform/web-static';
import { createServices, type Services } from './services';

export interface AppOptions {
  config: Config;
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: Database;
  captchaGenerator?: CaptchaGenerator;
  logger?: boolean;
  /** Key prefix of the rate limiter in Redis (tests give each server its own). */
  rateLimitNamespace?: string;
  /** Pub/sub channel of realtime events (tests give each group of servers its own). */
  eventsChannel?: string;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  database: Database;
  routes: RegisteredRoute[];
  seedReport: SeedReport;
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const seedReport = await seed(database.db, {
    demo: config.seedDemo,
    demoPassword: config.demoPassword,
    adminPassword: config.adminPassword,
  });
  const services = createServices(
    config,
    database.db,
    options.captchaGenerator ?? svgCaptchaGenerator,
    options.eventsChannel,
  );
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : null;

  const server = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging; errors and changes are logged anyway.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });

  await server.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Announcement pictures may be given by https address (the sanitisers allow https and data:).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
  await server.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.rateLimitNamespace ?? 'switchboard-rl:' } : {}),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', 429),
  });

  // Errors: users get their language and a stable code; never a stack trace.
  server.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error.statusCode === 429) return sendError(request, reply, new AppError('TOO_MANY_REQUESTS', 429));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, new AppError('PAYLOAD_TOO_LARGE', 413));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's mistake.
      return sendError(request, reply, new AppError('VALIDATION_FAILED', error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL_ERROR', 500));
  });

  const routes = registerAccessControl(server, services.sessions);
  registerOperationLog(server, database.db);

  await services.realtime.start();
  await server.register(websocket, {
    options: {
      maxPayload: 4096,
      // The browser offers ['switchboard', <token>]; the answer names only 'switchboard'.
      handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
    },
  });
  registerWebsocketRoute(server, services.realtime, services.sessions);

  await server.register(
    async (api) => {
      await registerCompression(api);
      api.get('/health', { config: { access: 'public' } }, async (request) =>
        ok(request, { status: 'up', database: database.kind }),
      );
      authRoutes(api, services);
      permissionRoutes(api, services);
      departRoutes(api, services);
      userRoutes(api, services);
      dictRoutes(api, services);
      duplicateRoutes(api, services);
      companyRoutes(api, services);
      logRoutes(api, services);
      announcementRoutes(api, services);
      brandRoutes(api, services);
      contactRoutes(api, services);
      registrationRoutes(api, services);
    },
    { prefix: API_PREFIX },
  );

  const webConsole = await registerWebConsole(server, { webDist: config.webDist });

  // Unknown API paths are rate limited (scanners); other paths get the console (SPA routes).
  server.setNotFoundHandler(
    { preHandler: server.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (request, reply) => {
      if (webConsole?.isClientRoute(request)) return webConsole.sendIndex(reply);
      return sendError(request, reply, new AppError('NOT_FOUND', 404));
    },
  );

  await server.ready();
  return {
    server,
    services,
    database,
    routes,
    seedReport,
    async close() {
      await server.close();
      await services.realtime.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}

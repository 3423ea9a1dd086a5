import { API_PREFIX } from '@switchboard/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type SeedReport, seed } from './db/seed/index';
import { appModules } from './modules';
import { registerMetricsRoute } from './modules/monitor';
import type { RegisteredRoute } from './platform/access';
import { CacheBus } from './platform/cache-bus';
import { registerCompression } from './platform/compression';
import type { Config } from './platform/config';
import { type Database, openDatabase, STARTUP_LOCK } from './platform/db';
import { AppError, sendError } from './platform/envelope';
import { createHttpServer } from './platform/http';
import { JobRunner } from './platform/jobs/index';
import { createLogger, type Logger } from './platform/logger';
import type { Api, AppModule, ModuleWorker, Platform, Services, WorkerRole } from './platform/module';
import { buildServices, servicesOf } from './platform/module-graph';
import { API_DOCS_PERMISSION } from './platform/openapi';
import { setPasswordHashCost } from './platform/passwords';
import { createPubSub } from './platform/pubsub';
import { Realtime } from './platform/realtime';
import { registerWebConsole } from './platform/web-static';
import * as schema from './schema';

export interface AppOptions {
  config: Config;
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: Database;
  logger?: boolean | Logger;
  /** Key prefix of the rate limiter in Redis (tests give each server its own). */
  rateLimitNamespace?: string;
  /** Pub/sub channel of realtime events (tests give each group of servers its own). */
  eventsChannel?: string;
  /**
   * Tests only: services put in the registry after the modules built theirs and seeded (e.g. an in-test
   * gateway or routing implementing another module's interface, before that module exists).
   */
  testServices?: { [K in keyof Services]?: Partial<Services[K]> };
}

/** Everything a process runs on: platform, modules and their services, seeded data, jobs. */
export interface Core {
  platform: Platform;
  modules: AppModule[];
  services: Services;
  database: Database;
  seedReport: SeedReport;
  /** Jobs registered (their timers start with `jobs.start()`, in worker processes). */
  jobs: JobRunner;
  /**
   * Starts the modules' workers of a role (those of the modules named in `only`, when given:
   * tests run one module's loops); close() stops them. Role `worker` (the default: worker
   * processes) starts the jobs too, unless `jobs: false`; `buildApp` starts the `api` role's.
   */
  startWorkers(options?: { role?: WorkerRole; jobs?: boolean; only?: string[] }): Promise<void>;
  close(): Promise<void>;
}

export interface App extends Core {
  server: FastifyInstance;
  routes: RegisteredRoute[];
}

/**
 * Opens the database (migrated under the startup lock), builds every module's services in the
 * order of their needs, seeds reference data (under the same lock) and registers the jobs.
 */
export async function buildCore(options: AppOptions): Promise<Core> {
  const { config } = options;
  const log =
    typeof options.logger === 'object'
      ? options.logger
      : createLogger(config.logLevel, options.logger !== false);
  const database =
    options.database ??
    (await openDatabase({
      schema,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log,
      timeouts: config.databaseTimeouts,
    }));
  // New password hashes at the configured cost (a process-wide setting; stored hashes keep theirs).
  setPasswordHashCost(config.passwordHashCost);
  const pubsub = createPubSub(config, log);
  const realtime = new Realtime(pubsub, options.eventsChannel);
  const caches = new CacheBus(pubsub, `${options.eventsChannel ?? 'switchboard_events'}_caches`, log);
  const jobs = new JobRunner(database, log, { caches });
  // Back from an outage: listen again, and whatever other processes said meanwhile was lost.
  database.health?.onRecovered(() => {
    pubsub.databaseRecovered?.();
    caches.clearAll();
  });
  const platform: Platform = { config, database, db: database.db, log, pubsub, realtime, caches, jobs };
  // In the order of their needs (a cycle or a need no module provides refuses to start).
  const { modules, services } = buildServices(appModules(), platform);
  realtime.checkSessionsWith((ids) => services.sessions.liveSessionIds(ids));
  await realtime.start();
  await caches.start();
  const seedReport = (await database.withLock(STARTUP_LOCK, 'wait', () =>
    seed(modules, services, platform, {
      demo: config.seedDemo,
      demoPassword: config.demoPassword,
      demoBalance: config.demoBalance,
      adminPassword: config.adminPassword,
    }),
  ))!;
  // Callbacks to loopback and private addresses: as set, else only in demo mode (issue 21).
  config.callbackAllowPrivate ??= seedReport.demoMode || config.seedDemo === true;
  // Test services stand in from here on: the data is seeded by the real modules (an empty
  // PostgreSQL database gets the demo gateways and routes, which an in-test fake cannot seed).
  if (options.testServices) Object.assign(services, options.testServices);
  await jobs.register([
    ...modules.flatMap((module) => module.jobs?.(servicesOf(module, services), platform) ?? []),
    {
      name: 'jobs.history.purge',
      description: 'Delete job run history older than 30 days',
      schedule: '40 3 * * *',
      run: async () => ({ deleted: await jobs.purgeHistory(30) }),
    },
  ]);
  // Each module's workers, declared once (a worker does nothing until started), started by role.
  const declared = new Map<AppModule, ModuleWorker[]>();
  const workersOf = (module: AppModule) => {
    let list = declared.get(module);
    if (!list) {
      list = module.workers?.(servicesOf(module, services), platform) ?? [];
      declared.set(module, list);
    }
    return list;
  };
  const running: Record<WorkerRole, ModuleWorker[]> = { api: [], worker: [] };
  const rolesStarted = new Set<WorkerRole>();
  return {
    platform,
    modules,
    services,
    database,
    seedReport,
    jobs,
    async startWorkers({ role = 'worker', jobs: withJobs = true, only } = {}) {
      if (rolesStarted.has(role)) return;
      rolesStarted.add(role);
      if (role === 'worker' && withJobs) await jobs.start();
      for (const module of modules) {
        if (only && !only.includes(module.name)) continue;
        for (const worker of workersOf(module)) {
          if ((worker.role ?? 'worker') !== role) continue;
          await worker.start();
          running[role].push(worker);
        }
      }
    },
    async close() {
      await jobs.stop();
      // What takes work in (the API's workers) first, then the background workers; each in
      // reverse order of start.
      for (const worker of [...running.api.splice(0).reverse(), ...running.worker.splice(0).reverse()]) {
        await worker.stop().catch((error: unknown) => log.error({ err: error }, 'worker stop failed'));
      }
      await realtime.close();
      if (!options.database) await database.close();
    },
  };
}

/** A process that answers HTTP: the core plus the API (each module a Fastify plugin) and the console. */
export async function buildApp(options: AppOptions): Promise<App> {
  const core = await buildCore(options);
  const { platform, services } = core;
  const redis = platform.config.redisUrl
    ? new Redis(platform.config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  // ioredis reconnects by itself; without a listener its errors go to the console on every retry.
  let redisDown = false;
  redis?.on('error', (error: Error) => {
    if (!redisDown) platform.log.warn({ err: error }, 'rate limiter store (Redis) unreachable');
    redisDown = true;
  });
  redis?.on('ready', () => {
    redisDown = false;
  });
  const { server, routes } = await createHttpServer({
    config: platform.config,
    log: platform.log,
    redis,
    rateLimitNamespace: options.rateLimitNamespace,
    sessions: services.sessions,
    realtime: platform.realtime,
    recordOperation: (entry) => services.operationLog.record(entry),
  });
  await server.register(
    named('api', async (api) => {
      // Answers of 1 kB or more go out compressed (the console's files are compressed at build time).
      await registerCompression(api);
      api.get(
        '/openapi.json',
        { config: { access: { permission: API_DOCS_PERMISSION } }, schema: { hide: true } },
        async () => server.swagger(),
      );
      // Each module is a plugin of its own; its routes are one group of the OpenAPI document.
      for (const module of core.modules) {
        const routesOf = module.routes;
        if (!routesOf) continue;
        await api.register(
          named(`module ${module.name}`, async (scope) => {
            scope.addHook('onRoute', (route) => {
              route.schema = { ...route.schema, tags: [module.name] };
            });
            routesOf(scope as unknown as Api, servicesOf(module, services), platform);
          }),
        );
      }
    }),
    { prefix: API_PREFIX },
  );
  // Prometheus looks at /metrics (METRICS_TOKEN or METRICS_ALLOW; closed otherwise).
  registerMetricsRoute(server, services.monitorMetrics, platform.config);
  const webConsole = await registerWebConsole(server, { webDist: platform.config.webDist });
  // Unknown API paths are rate limited (scanners); other page loads get the console (its routes).
  server.setNotFoundHandler(
    { preHandler: server.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (request, reply) => {
      if (webConsole?.isClientRoute(request)) return webConsole.sendIndex(reply);
      return sendError(request, reply, new AppError('NOT_FOUND', 404));
    },
  );
  await server.ready();
  // The API's module workers: the customer SMPP server (SMPP_PORT; off when not set in tests).
  await core.startWorkers({ role: 'api' });
  return {
    ...core,
    server,
    routes,
    async close() {
      await server.close();
      redis?.disconnect();
      await core.close();
    },
  };
}

/**
 * A plugin with its name given: Fastify otherwise looks for an unnamed plugin's file among every
 * module loaded (require.cache), for each plugin, at each start (about 40 ms of a test server's
 * start, measured in a profile).
 */
function named<F extends (...args: never[]) => unknown>(name: string, plugin: F): F {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

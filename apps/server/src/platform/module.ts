import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CacheBus } from './cache-bus';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { JobDefinition, JobRunner } from './jobs/index';
import type { Logger } from './logger';
import type { PubSub } from './pubsub';
import type { Realtime } from './realtime';

/**
 * The services of every module, by name. Each module adds its own to this interface
 * (`declare module '../../platform/module' { interface Services { brands: BrandService } }`) and
 * builds them in `services()`; other modules reach them only through this registry.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface Services {}

/** What the platform gives every module. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  pubsub: PubSub;
  realtime: Realtime;
  /** Clears named in-process caches in every server process (see CacheBus). */
  caches: CacheBus;
  /** The scheduled jobs: registered at start, timers in worker processes (see JobRunner). */
  jobs: JobRunner;
}

/** Fastify with the zod type provider: route schemas type the handler's input and output. */
export type Api = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface SeedOptions {
  /** Seed demo companies and users. */
  demo: boolean;
  demoPassword: string;
}

/**
 * One business domain: its tables (schema.ts, gathered by db/schema.ts), its services, its HTTP
 * routes (registered under /api as a Fastify plugin of its own, tagged with the module's name in
 * the OpenAPI document), its scheduled jobs and its reference data. Adding a domain is a folder
 * under modules/ and one line in modules/index.ts.
 */
export interface AppModule {
  name: string;
  /** Builds the module's services; those of modules earlier in the list are in `services`. */
  services?: (platform: Platform, services: Services) => Partial<Services>;
  routes?: (api: Api, services: Services, platform: Platform) => void;
  /**
   * Long-running work beside the jobs, each of a role (ModuleWorker.role): of worker processes
   * (`--role worker|all`) the SMPP binds of the gateways and the SMS dispatchers, of API processes
   * (`--role api|all`) the customer SMPP server. Started by `Core.startWorkers({ role })` in
   * module order, stopped (gracefully) when the core closes: the API's first (they take work in),
   * then the workers', each in reverse order.
   */
  workers?: (services: Services, platform: Platform) => ModuleWorker[];
  /** Jobs the job runner schedules in worker processes. */
  jobs?: (services: Services, platform: Platform) => JobDefinition[];
  /** Reference data every database needs; idempotent, run in list order under the startup lock. */
  seed?: (services: Services, options: SeedOptions, platform: Platform) => Promise<void>;
  /**
   * A digest of the reference data `seed` writes (see `digestOf`). Seeds run when a digest
   * changed since the database was last seeded, not at every start.
   */
  seedDigest?: string;
}

/** Where a module worker runs: with the HTTP API, or in worker processes (the default). */
export type WorkerRole = 'api' | 'worker';

/** A module's long-running work (see AppModule.workers). */
export interface ModuleWorker {
  /** Default `worker`. */
  readonly role?: WorkerRole;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export const defineModule = (module: AppModule): AppModule => module;

/** A short digest of seed data (any JSON-able value), for AppModule.seedDigest. */
export function digestOf(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}

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

/** The name of a service in the registry. */
export type ServiceName = keyof Services;

/**
 * One business domain as written in its index.ts: the services it `provides` (built by
 * `services()`), the services of other modules it `needs` (handed to `services()`; nothing else
 * is), its tables (schema.ts, gathered by the app), its HTTP routes (registered under /api as a
 * Fastify plugin of its own, tagged with the module's name in the OpenAPI document), its workers,
 * its scheduled jobs and its reference data. Routes, workers, jobs and seed see the services the
 * module provides and needs, and no others. Adding a domain is a folder under modules/ and one
 * line in modules/index.ts; the core orders the modules by their needs and refuses a cycle.
 */
export interface ModuleSpec<P extends ServiceName, N extends ServiceName> {
  name: string;
  provides?: readonly P[];
  needs?: readonly N[];
  /** Builds the module's services from the services it needs. */
  services?: (platform: Platform, services: Pick<Services, NoInfer<N>>) => Pick<Services, NoInfer<P>>;
  routes?: (api: Api, services: Pick<Services, NoInfer<P | N>>, platform: Platform) => void;
  /**
   * Long-running work beside the jobs, each of a role (ModuleWorker.role): of worker processes
   * (`--role worker|all`) the SMPP binds of the gateways and the SMS dispatchers, of API processes
   * (`--role api|all`) the customer SMPP server. Started by `Core.startWorkers({ role })` in
   * module order, stopped (gracefully) when the core closes: the API's first (they take work in),
   * then the workers', each in reverse order.
   */
  workers?: (services: Pick<Services, NoInfer<P | N>>, platform: Platform) => ModuleWorker[];
  /** Jobs the job runner schedules in worker processes. */
  jobs?: (services: Pick<Services, NoInfer<P | N>>, platform: Platform) => JobDefinition[];
  /**
   * Reference data every database needs; idempotent, run under the startup lock in module
   * order (after the seeds of the modules it needs).
   */
  seed?: (
    services: Pick<Services, NoInfer<P | N>>,
    options: SeedOptions,
    platform: Platform,
  ) => Promise<void>;
  /**
   * A digest of the reference data `seed` writes (see `digestOf`). Seeds run when a digest
   * changed since the database was last seeded, not at every start.
   */
  seedDigest?: string;
  /**
   * The demo's data of this module, written only where the demo is seeded, after the demo's
   * companies and users (idempotent). Built for the seed: no service that serves requests holds it.
   */
  seedDemo?: (services: Pick<Services, NoInfer<P | N>>, platform: Platform) => Promise<void>;
}

/**
 * A module as the core holds it (see ModuleSpec; `defineModule` makes one): each function is
 * called with a view of the registry that holds only the services the module provides and needs.
 */
export interface AppModule {
  name: string;
  provides: readonly ServiceName[];
  needs: readonly ServiceName[];
  services?: (platform: Platform, services: Services) => Partial<Services>;
  routes?: (api: Api, services: Services, platform: Platform) => void;
  workers?: (services: Services, platform: Platform) => ModuleWorker[];
  jobs?: (services: Services, platform: Platform) => JobDefinition[];
  seed?: (services: Services, options: SeedOptions, platform: Platform) => Promise<void>;
  seedDigest?: string;
  seedDemo?: (services: Services, platform: Platform) => Promise<void>;
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

/** A module: what it provides and needs typed its functions; the core hands them no more. */
export function defineModule<const P extends ServiceName = never, const N extends ServiceName = never>(
  spec: ModuleSpec<P, N>,
): AppModule {
  return { ...spec, provides: spec.provides ?? [], needs: spec.needs ?? [] } as unknown as AppModule;
}

/** A short digest of seed data (any JSON-able value), for AppModule.seedDigest. */
export function digestOf(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}

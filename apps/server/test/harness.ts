import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { API_PREFIX, type Envelope, type LoginResult } from '@switchboard/contracts';
import pg from 'pg';
import { type App, type AppOptions, buildApp, buildCore } from '../src/app';
import { type EnvInput, loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';

/**
 * A real server on an ephemeral port over a fresh database: PGlite in memory by default, or a
 * new PostgreSQL database (created and dropped here) when DATABASE_URL is set.
 */
export interface TestServer {
  app: App;
  /** The PostgreSQL database of this server (unset on PGlite). */
  databaseUrl: string | undefined;
  /** Realtime events channel: a second server on the same database joins it. */
  eventsChannel: string;
  baseUrl: string;
  /**
   * The slow-downs of failed logins the server asked for, in order (ms). Tests do not wait them
   * out: the server's wait is replaced by this record unless `realFailureWait` is set.
   */
  failureWaits: number[];
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  login(username: string, password?: string): Promise<LoginResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Raw body (sent as is) instead of JSON. */
  rawBody?: string;
  contentType?: string;
  locale?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export const DEMO_PASSWORD = 'Switchboard1';

/** The administrator's password of a bare database (`startServer(..., { bare: true })`). */
export const BARE_ADMIN_PASSWORD = 'Bare2026admin';

/**
 * scrypt's cost for the passwords tests make (PASSWORD_HASH_COST): 16 times cheaper than in
 * production. Tests sign in thousands of times; what they prove does not depend on the cost, and
 * unit-auth-rules.test.ts tests hashing at both costs.
 */
export const TEST_PASSWORD_HASH_COST = '10';

/**
 * PGlite data directories kept as dumps in the temp folder, keyed by what made them: a fresh
 * PGlite takes seconds to initialise (initdb), loading a dump a fraction of that.
 * - `empty`: a bare cluster (no migrations), for tests of the migrations themselves;
 * - `migrated`: every migration applied, nothing seeded, for tests of the seed;
 * - `bare`: migrated and seeded outside demo mode (reference data and the administrator, whose
 *   password is BARE_ADMIN_PASSWORD), what `startServer(..., { bare: true })` starts from;
 * - `seeded`: migrated and demo-seeded, what every test server starts from.
 * Each is made once per change of its sources, and read once per worker (files of a worker share
 * this module: the server project runs without isolation).
 */
export type PgliteTemplate = 'empty' | 'migrated' | 'bare' | 'seeded';

const here = path.dirname(fileURLToPath(import.meta.url));
const templates = new Map<PgliteTemplate, Promise<Blob>>();

function templateKey(kind: PgliteTemplate): string {
  const hash = createHash('sha256')
    .update(kind)
    .update(kind === 'seeded' || kind === 'bare' ? TEST_PASSWORD_HASH_COST : '')
    .update(kind === 'bare' ? BARE_ADMIN_PASSWORD : '');
  const pglite = JSON.parse(
    fs.readFileSync(path.join(here, '../../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash
    .update(pglite.version)
    .update('wal-segsize=1, min and max_wal_size=2MB, no template databases, vacuum full');
  const sources = {
    empty: [],
    migrated: ['../src/db/migrations'],
    // Migrations and seeds (modules keep their reference data beside their tables).
    bare: ['../src/db', '../src/modules'],
    seeded: ['../src/db', '../src/modules'],
  }[kind].map((dir) => path.join(here, dir));
  for (const dir of sources) {
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return path.join(os.tmpdir(), `switchboard-pglite-${kind}-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function makeTemplate(kind: PgliteTemplate): Promise<Blob> {
  const file = templateKey(kind);
  if (!fs.existsSync(file)) {
    let dump: Blob;
    if (kind === 'empty') {
      // 1 MB WAL segments instead of 16 (fixed at initdb): every test database loads the segment
      // in use, and the smaller dump starts in 0.7 s of CPU instead of 1.0 s (measured).
      const client = await PGlite.create('memory://', { initDbStartParams: ['--wal-segsize=1'] });
      // Without the template databases (half the cluster: 15 of 31 MB): PGlite works in
      // `postgres`, and no test creates a database. Every start unpacks a smaller dump (a PGlite
      // start 0.34 s of CPU to 0.26 s, measured in one run).
      for (const name of ['template0', 'template1']) {
        await client.exec(`alter database ${name} is_template false`);
        await client.exec(`drop database ${name}`);
      }
      await client.exec('vacuum full');
      await client.exec('checkpoint');
      dump = (await client.dumpDataDir('none')) as Blob;
      await client.close();
    } else {
      const database = await openDatabase({
        dataDir: 'memory://',
        loadDataDir: await pgliteDump('empty'),
        // The checkpoint before the dump then keeps two segments, not 80 MB's worth.
        pgliteSettings: { min_wal_size: '2MB', max_wal_size: '2MB' },
      });
      if (kind === 'seeded' || kind === 'bare') {
        const core = await buildCore({
          config: loadConfig({
            ...(kind === 'seeded'
              ? { SEED_DEMO: '1', DEMO_PASSWORD }
              : { SEED_DEMO: '0', ADMIN_PASSWORD: BARE_ADMIN_PASSWORD }),
            LOG_LEVEL: 'silent',
            PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
          }),
          database,
          logger: false,
        });
        await core.close();
      }
      dump = await database.dump!();
      await database.close();
    }
    // Written under a unique name and renamed: parallel test files never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** A dump to start a PGlite from (`PGlite.create('memory://', { loadDataDir })`). */
export async function pgliteDump(kind: PgliteTemplate): Promise<Blob> {
  let dump = templates.get(kind);
  if (!dump) {
    dump = makeTemplate(kind);
    templates.set(kind, dump);
    dump.catch(() => templates.delete(kind));
  }
  // A Blob is immutable: every database loads from the same one.
  return dump;
}

export async function startServer(
  env: EnvInput = {},
  options: {
    webDist?: string;
    realFailureWait?: boolean;
    /** Test-only services put in the registry (e.g. an in-test gateway or routing; see AppOptions). */
    services?: AppOptions['testServices'];
    /** Start the worker loops (SMS dispatch, receipts, callbacks) as a worker process would. */
    workers?: boolean;
    /**
     * A database that never held the demo (an install outside demo mode): reference data and only
     * the administrator, whose password is BARE_ADMIN_PASSWORD.
     */
    bare?: boolean;
  } = {},
): Promise<TestServer> {
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `sb_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // Connections still closing get a moment before the drop forces them out.
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    // No SEED_DEMO: an empty database (PostgreSQL) gets the demo data, a seeded one (the PGlite
    // template) is left as it is; SEED_DEMO=1 would hash every demo password again per server.
    LOG_LEVEL: 'silent',
    // Tests log in far more often than people do; a test of the limit sets it low.
    LOGIN_RATE_LIMIT: '10000',
    // No customer SMPP server unless a test asks for one (SMPP_PORT: '0').
    SMPP_PORT: 'off',
    // The captcha's proof of work, solved by the tests themselves (support/api.ts solvedCaptcha).
    CAPTCHA_DIFFICULTY: '4',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    REDIS_URL: process.env.REDIS_URL,
    ...env,
    ...(options.bare ? { SEED_DEMO: '0', ADMIN_PASSWORD: BARE_ADMIN_PASSWORD } : {}),
    PORT: '0',
  });
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, dataDir: 'memory://' })
    : await openDatabase({
        dataDir: 'memory://',
        loadDataDir: await pgliteDump(options.bare ? 'bare' : 'seeded'),
      });
  const failureWaits: number[] = [];
  const loginFailureWait = options.realFailureWait
    ? undefined
    : async (ms: number) => {
        failureWaits.push(ms);
      };
  const eventsChannel = `sb_test_events_${randomBytes(4).toString('hex')}`;
  const app = await buildApp({
    config: { ...config, databaseUrl, webDist: options.webDist ?? '', loginFailureWait },
    database,
    logger: false,
    rateLimitNamespace: `sb-test-${randomBytes(4).toString('hex')}:`,
    eventsChannel,
    testServices: options.services,
  });
  // The SMS loops only: jobs run when a test calls them, gateways are the test's own.
  if (options.workers) await app.startWorkers({ jobs: false, only: ['sms'] });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call = async <T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> => {
    const url = new URL(`${baseUrl}${API_PREFIX}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['X-Access-Token'] = options.token;
    if (options.locale) headers['X-Locale'] = options.locale;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Envelope<T>, headers: response.headers };
  };

  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await call<LoginResult>('POST', '/sys/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.message}`);
    return res.body.result;
  };

  return {
    app,
    databaseUrl,
    eventsChannel,
    baseUrl,
    failureWaits,
    call,
    login,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type Envelope, type LoginResult } from '@switchboard/contracts';
import pg from 'pg';
import { type App, buildApp, buildCore } from '../src/app';
import type { CaptchaGenerator } from '../src/modules/auth';
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
  /** The captcha text the next picture will show (tests set it). */
  captcha: { next: string };
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

/**
 * A migrated and demo-seeded PGlite data directory, made once per change of migrations or seed
 * and kept in the temp folder: a fresh PGlite takes seconds to initialise, loading a dump one.
 */
async function pgliteTemplate(): Promise<Blob> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Migrations and seeds (modules keep their reference data beside their tables).
  const sources = [path.join(here, '../src/db'), path.join(here, '../src/modules')];
  const hash = createHash('sha256');
  for (const dir of sources) {
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  const file = path.join(os.tmpdir(), `switchboard-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    const core = await buildCore({
      config: loadConfig({ SEED_DEMO: '1', DEMO_PASSWORD, LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    await core.close();
    const dump = await database.dump!();
    await database.close();
    // Written under a unique name and renamed: parallel test files never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

export async function startServer(
  env: EnvInput = {},
  options: { webDist?: string } = {},
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
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    // Tests log in far more often than people do; a test of the limit sets it low.
    LOGIN_RATE_LIMIT: '10000',
    REDIS_URL: process.env.REDIS_URL,
    ...env,
    PORT: '0',
  });
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, dataDir: 'memory://' })
    : await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const captcha = { next: 'ab12' };
  const eventsChannel = `sb_test_events_${randomBytes(4).toString('hex')}`;
  const generator: CaptchaGenerator = () => ({
    text: captcha.next,
    svg: `<svg>${captcha.next.length}</svg>`,
  });
  const app = await buildApp({
    config: { ...config, databaseUrl, webDist: options.webDist ?? '' },
    database,
    captchaGenerator: generator,
    logger: false,
    rateLimitNamespace: `sb-test-${randomBytes(4).toString('hex')}:`,
    eventsChannel,
  });
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
    captcha,
    call,
    login,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * A real server in a child process (`node --import tsx src/main.ts`, demo data, the customer HTTP
 * API and SMPP server), for the crash test and `npm run bench:sms`: the child's pid is the
 * server's own, so SIGKILL kills the server and its RSS is the server's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type SmsStatus } from '@switchboard/contracts';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A free TCP port on 127.0.0.1 (asked of the OS). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database on the PostgreSQL server of `adminUrl`; `drop` removes it. */
export async function createPgDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The server's output so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server with `env` added to this process's and waits for /api/health: its sources
 * through tsx, or with `bundle` the built `dist/main.mjs` as `npm start` runs it (see build.mjs);
 * `args` go to main.ts (`--role api`).
 */
export async function spawnServer(
  env: Record<string, string>,
  startTimeoutMs = 180_000,
  nodeArgs: string[] = [],
  bundle?: string,
  args: string[] = [],
): Promise<SpawnedServer> {
  const port = Number(env.PORT);
  const child = spawn(
    process.execPath,
    bundle
      ? [...nodeArgs, '--enable-source-maps', bundle, ...args]
      : [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + startTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited while starting:\n${out.slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}${API_PREFIX}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${startTimeoutMs} ms:\n${out.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    pid: child.pid!,
    baseUrl,
    output: () => out,
    exited,
    async kill(signal) {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}

/**
 * A worker process (`src/main.ts --role worker`, no HTTP) with `env` added to this process's:
 * resolves once it says it runs (its workers started).
 */
export async function spawnWorker(
  env: Record<string, string>,
  startTimeoutMs = 180_000,
): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--role', 'worker'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (gone = true));
  const running = new Promise<void>((resolve) => {
    const keep = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      if (out.includes('worker running')) resolve();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  });
  const until = Date.now() + startTimeoutMs;
  while (!out.includes('worker running')) {
    if (gone) throw new Error(`worker exited while starting:\n${out.slice(-4000)}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`worker did not start within ${startTimeoutMs} ms:\n${out.slice(-4000)}`);
    }
    await Promise.race([running, new Promise((r) => setTimeout(r, 200))]);
  }
  return {
    child,
    pid: child.pid!,
    baseUrl: '',
    output: () => out,
    exited,
    async kill(signal) {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}

/** The resident set of a process in bytes (Linux /proc), 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs`; `stop()` answers the peak. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

interface Envelope<T> {
  success: boolean;
  result: T;
  message?: string;
  code?: number;
}

async function call<T>(
  baseUrl: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers['X-Access-Token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${API_PREFIX}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok || !json.success) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.result;
}

/** Signs in (demo user) and answers the session token. */
export async function login(baseUrl: string, username: string, password = 'Switchboard1'): Promise<string> {
  const r = await call<{ token: string }>(baseUrl, 'POST', '/sys/login', undefined, { username, password });
  return r.token;
}

/** An API key of `companyId` issued by a staff session: the Basic authorization header value. */
export async function apiKeyOf(baseUrl: string, adminToken: string, companyId: string): Promise<string> {
  const r = await call<{ apiKey: string; apiSecret: string }>(
    baseUrl,
    'POST',
    '/sys/apiSecret/generate',
    adminToken,
    {
      companyId,
    },
  );
  return `Basic ${Buffer.from(`${r.apiKey}:${r.apiSecret}`).toString('base64')}`;
}

/** How many messages of a kind path have this status today (the console's records list). */
export async function countStatus(
  baseUrl: string,
  token: string,
  kindPath: string,
  status: SmsStatus,
): Promise<number> {
  const r = await call<{ total: number }>(
    baseUrl,
    'GET',
    `/sms/${kindPath}/list?pageNo=1&pageSize=1&status=${status}`,
    token,
  );
  return r.total;
}

/**
 * `npm run bench:api`: starts the real server as its own process (`src/main.ts`, demo data, on
 * PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database), drives it over HTTP
 * with autocannon from this process, and prints requests per second and p50/p99 latency for the
 * permission call, a dictionary call and a login. Requests ask for compressed answers as a
 * browser does. Target: permission call p99 < 50 ms at 50 connections on PostgreSQL.
 *
 * BENCH_SECONDS (10) and BENCH_CONNECTIONS (50) set each run's length and load; BENCH_DATABASES
 * (`pglite,postgres`) which databases to run on (postgres only with DATABASE_URL);
 * BENCH_CPU_PROFILE=<folder> starts each server with `--cpu-prof` into that folder (for
 * `node --cpu-prof` profiles of the server under this load: open them in Chrome's DevTools).
 * The machine may be shared: compare figures of runs made one after the other, several times.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

interface Row {
  database: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The server as `npm start` runs it, on a fresh database; resolves once it answers. */
async function startServer(
  databaseUrl: string | undefined,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-'));
  const profile = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SEED_DEMO: '1',
      LOGIN_CAPTCHA: 'off',
      LOGIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not start within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(url: string, init: Partial<autocannon.Options>, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: DURATION_S, ...init });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchOn(database: 'pglite' | 'postgres', databaseUrl?: string): Promise<Row[]> {
  const server = await startServer(databaseUrl);
  try {
    const login = await fetch(`${server.url}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Switchboard1' }),
    });
    const { result } = (await login.json()) as { result: { token: string } };
    const headers = { ...BROWSER_HEADERS, 'X-Access-Token': result.token };
    const rows: Row[] = [];
    // A short warm-up: caches fill and the JIT settles before the measured run.
    await autocannon({
      url: `${server.url}/api/sys/permission/getUserPermissionByToken`,
      headers,
      duration: 2,
      connections: 10,
    });
    const permission = await measure(`${server.url}/api/sys/permission/getUserPermissionByToken`, {
      headers,
    });
    rows.push({ database, call: 'getUserPermissionByToken', ...permission });
    const dict = await measure(`${server.url}/api/sys/dict/getDictItems/priority`, { headers });
    rows.push({ database, call: 'getDictItems/priority', ...dict });
    // Logins are dominated by scrypt on purpose; 10 connections is a realistic burst.
    const logins = await measure(
      `${server.url}/api/sys/login`,
      {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'customer', password: 'Switchboard1' }),
      },
      10,
    );
    rows.push({ database, call: 'login (10 connections)', ...logins });
    return rows;
  } finally {
    await server.stop();
  }
}

/** A fresh database in the PostgreSQL server of DATABASE_URL (dropped afterwards). */
async function withFreshDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `sb_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const rows: Row[] = [];
if (DATABASES.includes('pglite')) rows.push(...(await benchOn('pglite')));
const adminUrl = process.env.DATABASE_URL;
if (adminUrl && DATABASES.includes('postgres')) {
  rows.push(...(await withFreshDatabase(adminUrl, (url) => benchOn('postgres', url))));
}
console.log(`\n${DURATION_S} s per call, ${CONNECTIONS} connections unless noted, server in its own process`);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
const target = rows.find((r) => r.database === 'postgres' && r.call === 'getUserPermissionByToken');
if (target) {
  console.log(
    `permission call on PostgreSQL: ${target.rps} req/s, p50 ${target.p50} ms, p99 ${target.p99} ms (target p99 < 50 ms)`,
  );
} else if (!adminUrl) {
  console.log('permission call on PostgreSQL: not measured (set DATABASE_URL to include PostgreSQL)');
}

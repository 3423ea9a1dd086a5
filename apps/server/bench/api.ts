/**
 * `npm run bench:api`: drives a real server over HTTP with autocannon and prints requests per
 * second and p50/p99 latency for the permission call (plain and, as browsers ask for it, brotli
 * compressed), a dictionary call and a login, on PGlite and, when DATABASE_URL is set, on
 * PostgreSQL. Target: permission call p99 < 50 ms at 50 connections on PostgreSQL.
 */
import autocannon from 'autocannon';
import { startServer } from '../test/harness';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  database: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
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

async function benchOn(database: 'pglite' | 'postgres'): Promise<Row[]> {
  const saved = process.env.DATABASE_URL;
  if (database === 'pglite') delete process.env.DATABASE_URL;
  const s = await startServer({ LOGIN_CAPTCHA: 'off', LOGIN_RATE_LIMIT: '100000' });
  if (saved) process.env.DATABASE_URL = saved;
  try {
    const { token } = await s.login('admin');
    const headers = { 'X-Access-Token': token };
    const rows: Row[] = [];
    const permission = await measure(`${s.baseUrl}/api/sys/permission/getUserPermissionByToken`, { headers });
    rows.push({ database, call: 'getUserPermissionByToken', ...permission });
    // As a browser asks for it: the 9 kB answer goes out brotli-compressed (platform/compression.ts).
    const compressed = await measure(`${s.baseUrl}/api/sys/permission/getUserPermissionByToken`, {
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    rows.push({ database, call: 'getUserPermissionByToken (br)', ...compressed });
    const dict = await measure(`${s.baseUrl}/api/sys/dict/getDictItems/priority`, { headers });
    rows.push({ database, call: 'getDictItems/priority', ...dict });
    // Logins are dominated by scrypt on purpose; 10 connections is a realistic burst.
    const login = await measure(
      `${s.baseUrl}/api/sys/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'customer', password: 'Switchboard1' }),
      },
      10,
    );
    rows.push({ database, call: 'login (10 connections)', ...login });
    return rows;
  } finally {
    await s.close();
  }
}

const rows = await benchOn('pglite');
if (process.env.DATABASE_URL) rows.push(...(await benchOn('postgres')));
console.log(`\n${DURATION_S} s per call, ${CONNECTIONS} connections unless noted`);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
const target = rows.find((r) => r.database === 'postgres' && r.call === 'getUserPermissionByToken');
if (target) console.log(`permission call on PostgreSQL: p99 ${target.p99} ms (target < 50 ms)`);

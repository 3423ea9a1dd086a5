/**
 * `npm run bench:lists`: the log lists at scale. The real server in a child process (the built
 * bundle, as `npm start` runs it) on a fresh PostgreSQL database (DATABASE_URL's server, default
 * this machine's; dropped afterwards unless BENCH_KEEP=1), with BENCH_ROWS (1,000,000) operation-log
 * rows and as many login-log rows spread over the past 30 days (generate_series in SQL). Through
 * real HTTP, the median of BENCH_REPEAT (7) timings after one warm-up, for each log:
 * - `first page`: the list as the console opens it (the current day, 20 rows);
 * - `filtered page`: one user over the past week;
 * - `deep page`: page 5,000 (the key after 99,980 newer rows: lists page by key, not by offset);
 * and exports (.xlsx, streamed) of a day and of a week: time, size and the server's peak RSS
 * (sampled every 50 ms, /proc) against its RSS before (flat: the week's peak is the day's). Figures only: nothing passes or fails. Targets: pages
 * under 100 ms, export memory flat.
 */
import os from 'node:os';
import pg from 'pg';
import { buildServer, serverNodeArgs } from '../build.mjs';
import {
  createPgDatabase,
  freePort,
  login,
  rssOf,
  type SpawnedServer,
  sampleRss,
  spawnServer,
} from '../test/support/spawned-server';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);
const DAYS = 30;
const USERS = 200;
const PAGE_SIZE = 20;
const DEEP_PAGE = 5_000;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const mb = (bytes: number) => round(bytes / 2 ** 20);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Rows spread evenly over the past DAYS days, oldest first (ids rise with time, as in life). */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const step = `(interval '${DAYS} days' / ${ROWS})`;
    await client.query(`
      insert into operation_log (user_id, username, method, route, action, status_code, ip, user_agent,
        duration_ms, before, after, created_at)
      select null, 'user' || (i % ${USERS}),
        (array['PUT','POST','DELETE'])[1 + i % 3],
        (array['/api/sys/supportContact/edit','/api/sys/company/edit','/api/sys/user/frozenBatch',
               '/api/sys/dict/add'])[1 + i % 4],
        (array['system:contact:edit','company:edit','system:user:frozen','system:dict:add'])[1 + i % 4],
        case when i % 50 = 0 then 400 else 200 end,
        '10.' || (i % 250) || '.' || (i % 200) || '.' || (i % 100),
        'Mozilla/5.0 (bench)', 5 + i % 80,
        case when i % 4 = 0 then jsonb_build_object('name', 'old ' || i) end,
        case when i % 4 = 0 then jsonb_build_object('name', 'new ' || i) end,
        now() - ${step} * (${ROWS} - i)
      from generate_series(1, ${ROWS}) as i`);
    const ops = performance.now();
    await client.query(`
      insert into login_log (username, user_id, success, reason, method, ip, user_agent, created_at)
      select 'user' || (i % ${USERS}), null, i % 10 <> 0,
        case when i % 10 = 0 then 'PASSWORD_WRONG' end, 'password',
        '10.' || (i % 250) || '.' || (i % 200) || '.' || (i % 100),
        'Mozilla/5.0 (bench)', now() - ${step} * (${ROWS} - i)
      from generate_series(1, ${ROWS}) as i`);
    const logins = performance.now();
    await client.query('analyze operation_log');
    await client.query('analyze login_log');
    console.log(
      `seeded ${ROWS.toLocaleString('en-US')} operation-log rows in ${round((ops - started) / 1000)} s, ` +
        `${ROWS.toLocaleString('en-US')} login-log rows in ${round((logins - ops) / 1000)} s`,
    );
    const ids = await client.query<{ op: string; login: string }>(
      'select (select max(id) from operation_log) as op, (select max(id) from login_log) as login',
    );
    return { operation: Number(ids.rows[0]!.op), login: Number(ids.rows[0]!.login) };
  } finally {
    await client.end();
  }
}

async function timeGet(server: SpawnedServer, token: string, path: string, query: Record<string, string>) {
  const url = `${server.baseUrl}/api${path}?${new URLSearchParams(query)}`;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'X-Access-Token': token } });
    const body = (await res.json()) as { success: boolean; result: { records: unknown[] } };
    const ms = performance.now() - started;
    if (!res.ok || !body.success)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, rows: body.result.records.length };
  };
  await once();
  const runs: number[] = [];
  let rows = 0;
  for (let i = 0; i < REPEAT; i++) {
    const r = await once();
    runs.push(r.ms);
    rows = r.rows;
  }
  return { medianMs: round(median(runs)), rows };
}

async function timeExport(server: SpawnedServer, token: string, path: string, days: number) {
  const now = Date.now();
  const query = {
    from: new Date(now - days * 86_400_000 + 60_000).toISOString(),
    to: new Date(now).toISOString(),
  };
  // Settle, then the RSS before.
  await new Promise((r) => setTimeout(r, 1_000));
  const before = rssOf(server.pid);
  const rss = sampleRss(server.pid, 50);
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': token },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const ms = performance.now() - started;
  const peak = rss.stop();
  return { seconds: round(ms / 1000), sizeMb: mb(bytes), rssBeforeMb: mb(before), rssPeakMb: mb(peak) };
}

async function main() {
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const db = await createPgDatabase(adminUrl, 'bench_lists');
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    SMPP_PORT: String(await freePort()),
    SMSC_SIM: '0',
    SKIP_WEB_BUILD: '1',
    DATABASE_URL: db.url,
  };
  let server: SpawnedServer | undefined;
  try {
    // First start: migrations and demo data.
    server = await spawnServer(env);
    await server.kill('SIGTERM');
    const maxIds = await seed(db.url);
    server = await spawnServer(env, undefined, serverNodeArgs(), await buildServer());
    const token = await login(server.baseUrl, 'admin');
    console.log(`server RSS idle ${mb(rssOf(server.pid))} MB`);
    const since = new Date(Date.now() - (DAYS + 1) * 86_400_000).toISOString();
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const pages = [];
    for (const [name, path, maxId] of [
      ['operation log', '/sys/log/operationLog', maxIds.operation],
      ['login log', '/sys/log/loginLog', maxIds.login],
    ] as const) {
      const deepCursor = String(maxId - (DEEP_PAGE - 1) * PAGE_SIZE);
      const first = await timeGet(server, token, path, { pageSize: String(PAGE_SIZE) });
      const filtered = await timeGet(server, token, path, {
        pageSize: String(PAGE_SIZE),
        username: 'user7',
        from: week,
      });
      const deep = await timeGet(server, token, path, {
        pageSize: String(PAGE_SIZE),
        from: since,
        cursor: deepCursor,
      });
      pages.push({
        log: name,
        'first page ms': first.medianMs,
        'filtered page ms': filtered.medianMs,
        'deep page (5,000) ms': deep.medianMs,
        rows: `${first.rows}/${filtered.rows}/${deep.rows}`,
      });
    }
    console.table(pages);
    const exports = [];
    // A day first, then a week (seven times the rows): flat memory is the same peak for both.
    for (const [name, path, days] of [
      ['operation log', '/sys/log/operationLog/exportXls', 1],
      ['operation log', '/sys/log/operationLog/exportXls', 7],
      ['login log', '/sys/log/loginLog/exportXls', 1],
      ['login log', '/sys/log/loginLog/exportXls', 7],
      // Again: a peak that does not repeat was the heap growing once, not the export holding rows.
      ['operation log', '/sys/log/operationLog/exportXls', 7],
    ] as const) {
      exports.push({ log: name, days, ...(await timeExport(server, token, path, days)) });
    }
    console.table(exports);
    console.log(
      `(a week is about ${Math.round((ROWS * 7) / DAYS).toLocaleString('en-US')} rows of each log)`,
    );
  } finally {
    await server?.kill('SIGTERM');
    if (process.env.BENCH_KEEP === '1') console.log(`kept database: ${db.url}`);
    else await db.drop();
  }
  console.log(
    `load after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:compression`: what compressing API answers per request costs. Takes real answers
 * of a demo server (the admin's permission tree, a page of users, a page of companies) and a 20 kB
 * JSON document, compresses each at the levels worth considering, and prints the compressed
 * size and the CPU time per answer (median of many runs, one core). The server uses brotli 4 and
 * gzip 6 (src/platform/compression.ts); the console's files are compressed once at build time at
 * brotli 11 and gzip 9.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../src/platform/compression';
import { startServer } from '../test/harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const BATCH = 10;

const settings: { name: string; compress(data: Buffer): Buffer }[] = [
  ...[1, 6, 9].map((level) => ({
    name: `gzip ${level}${level === GZIP_LEVEL ? ' (server)' : ''}`,
    compress: (data: Buffer) => gzipSync(data, { level }),
  })),
  ...[1, 4, 5, 6, 11].map((quality) => ({
    name: `brotli ${quality}${quality === BROTLI_QUALITY ? ' (server)' : ''}`,
    compress: (data: Buffer) =>
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  })),
];

/**
 * Median CPU time of one compression per setting. The settings take turns, a batch each per
 * round, so a busy neighbour on a shared machine slows them all alike rather than one of them.
 */
function medianMicros(fns: (() => void)[], rounds: number, batch: number): number[] {
  for (const fn of fns) for (let i = 0; i < batch; i++) fn(); // warm up
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    fns.forEach((fn, i) => {
      const start = process.hrtime.bigint();
      for (let j = 0; j < batch; j++) fn();
      times[i]?.push(Number(process.hrtime.bigint() - start) / 1000 / batch);
    });
  }
  return times.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
}

async function payloads(): Promise<{ name: string; data: Buffer }[]> {
  const s = await startServer({ LOGIN_CAPTCHA: 'off' });
  try {
    const { token } = await s.login('admin');
    const get = async (path: string) => {
      const res = await fetch(`${s.baseUrl}/api${path}`, {
        headers: { 'X-Access-Token': token, 'accept-encoding': 'identity' },
      });
      return Buffer.from(await res.arrayBuffer());
    };
    const permissions = await get('/sys/permission/getUserPermissionByToken');
    const users = await get('/sys/user/list?pageNo=1&pageSize=50');
    const companies = await get('/sys/company/list?pageNo=1&pageSize=50');
    // 20 kB of JSON made of the answers above, as a mid-sized list page would be.
    const parts: unknown[] = [];
    const sources = [users, companies, permissions].map((b) => JSON.parse(b.toString()) as unknown);
    for (let i = 0; JSON.stringify(parts).length < 20_000; i++) parts.push(sources[i % sources.length]);
    const twenty = Buffer.from(JSON.stringify(parts).slice(0, 20_000));
    return [
      { name: 'getUserPermissionByToken (admin)', data: permissions },
      { name: 'user list, 50 per page', data: users },
      { name: 'company list, 50 per page', data: companies },
      { name: '20 kB JSON', data: twenty },
    ];
  } finally {
    await s.close();
  }
}

const rows: Record<string, string | number>[] = [];
for (const payload of await payloads()) {
  const micros = medianMicros(
    settings.map((setting) => () => setting.compress(payload.data)),
    ROUNDS,
    BATCH,
  );
  settings.forEach((setting, i) => {
    const size = setting.compress(payload.data).length;
    const perAnswer = micros[i] ?? 0;
    rows.push({
      answer: payload.name,
      bytes: payload.data.length,
      setting: setting.name,
      compressed: size,
      ratio: `${((100 * size) / payload.data.length).toFixed(1)} %`,
      'µs per answer': Math.round(perAnswer),
      'MB/s': Number((payload.data.length / perAnswer).toFixed(1)),
    });
  });
}
console.log(`\nCompression of API answers (median of ${ROUNDS} rounds of ${BATCH} per setting, one core)`);
console.table(rows);

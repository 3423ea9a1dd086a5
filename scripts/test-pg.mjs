// The API suite against a real PostgreSQL (DATABASE_URL, default this machine's server), every
// tier (apps/server/vitest.config.ts). The test harness creates a fresh database per test file in
// that server and drops it afterwards. Arguments go to vitest: `npm run test:api:pg -- voice-workers`
// runs the files whose path has that in it.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_TIER: 'all',
};
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);

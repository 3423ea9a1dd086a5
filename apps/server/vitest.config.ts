import { configDefaults, defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';

/**
 * The server's tests in tiers, chosen by kind and by measured time per file:
 * - `npm test` (TEST_TIER unset): unit tests and the API on PGlite, one in-process server per
 *   file: what a developer runs after a change;
 * - `npm run test:slow` (TEST_TIER=slow): the files below, which start servers in child
 *   processes, run the SMS engine end to end against simulated SMSCs, or walk every route for
 *   every role (minutes of CPU on a 2-core machine);
 * - TEST_TIER=all: both (the PostgreSQL step of CI, `npm run test:api:pg`).
 * HOSTILE_WALK=1 runs only the walk of every route with hostile input (test/*.walk.ts): its own
 * step of CI (`npm run test:hostile`).
 */
export const SLOW_TIER: Record<string, string> = {
  'test/bundle.test.ts': 'builds the production bundle and starts it in a child process',
  'test/demo-binding.test.ts': 'starts the real server in a child process, twice',
  'test/db-outage.test.ts': 'a child-process server through a TCP proxy that cuts PostgreSQL',
  'test/sms-crash.test.ts': 'SIGKILL of a child-process server in a 10,000-message run',
  'test/sms-crash-windows.test.ts': 'SIGKILL of a child-process server with full windows',
  'test/sms-end-to-end.test.ts': 'the SMS engine end to end against simulated SMSCs',
  'test/sms-dispatch-faults.test.ts': 'dispatch against simulated SMSCs that fail',
  'test/sms-two-processes.test.ts': 'two servers on one database share the SMSC binds',
  'test/sms-two-workers.test.ts': 'two worker loops on one database share the queue',
  'test/voice-workers.test.ts':
    'worker processes placing calls against the carrier simulator: a SIGKILL mid-task, two sharing a trunk (PostgreSQL)',
  'test/ledger-concurrency.test.ts': 'hundreds of parallel charges (PostgreSQL)',
  'test/payments-concurrency.test.ts': 'webhooks under concurrency and a crash (PostgreSQL)',
  'test/rates-concurrency.test.ts': 'hundreds of parallel charges with commissions (PostgreSQL)',
  'test/seed.test.ts': 'seeds fresh databases from the migrations, with and without the demo, several times',
  'test/migrations.test.ts': 'replays the migrations on crafted data, from an empty cluster per test',
  'test/route-access-walk.test.ts': 'every route as nobody and as every demo role',
  'test/seat-baresip.test.ts': 'a SIP phone (baresip) in a child process registering as a seat',
  'test/tenant-isolation.test.ts': 'every route of the money modules, every role, every foreign object',
  'test/api-types.test.ts':
    "generates the web's API types from the whole OpenAPI document and compares them with the committed file (a check of a generated file, as lint is)",
};

const tier = process.env.TEST_TIER ?? 'fast';
if (!['fast', 'slow', 'all'].includes(tier)) throw new Error(`TEST_TIER: fast, slow or all, not ${tier}`);
const walk = process.env.HOSTILE_WALK === '1';
const all = ['test/**/*.test.ts', 'src/**/*.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    include: walk ? ['test/**/*.walk.ts'] : tier === 'slow' ? Object.keys(SLOW_TIER) : all,
    exclude: [...configDefaults.exclude, ...(tier === 'fast' && !walk ? Object.keys(SLOW_TIER) : [])],
    environment: 'node',
    // The files of a worker share their modules (fastify, drizzle, PGlite, the app's) instead of
    // importing them again per file, and the harness's database dumps. Each file builds its own
    // server over its own database; no test changes module state.
    isolate: false,
    // Limits tell a slow test from a hung one; nothing waits for them. A test or set-up that needs
    // longer says so itself, with the reason (the load does not scale those).
    ...testLimits,
  },
});

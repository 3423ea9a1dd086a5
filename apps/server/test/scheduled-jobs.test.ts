import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobRecord, JobRunRecord, KeysetPage, Page } from '@switchboard/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore, type Core } from '../src/app';
import { CacheBus } from '../src/platform/cache-bus';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { type JobDefinition, JobRunner, nextRunOf } from '../src/platform/jobs/index';
import { createLogger } from '../src/platform/logger';
import { MemoryPubSub } from '../src/platform/pubsub';
import { jobRuns } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { EN, eventually, expectError, expectFieldError, expectOk, text, tokenOf, ZH } from './support/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const silent = createLogger('silent', false);

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
});
afterAll(() => s.close());

const list = async (query: Record<string, string> = {}) =>
  expectOk(await s.call<Page<JobRecord>>('GET', '/sys/quartzJob/list', { token: admin, query }));
const jobOf = async (name: string) =>
  (await list({ name, pageSize: '100' })).records.find((j) => j.name === name)!;
const history = async (name: string, query: Record<string, string> = {}) =>
  expectOk(
    await s.call<Page<JobRunRecord>>('GET', '/sys/quartzJob/history', {
      token: admin,
      query: { name, ...query },
    }),
  );
const edit = (name: string, schedule: string, locale = EN) =>
  s.call<JobRecord>('PUT', '/sys/quartzJob/edit', { token: admin, locale, body: { name, schedule } });
const post = (action: 'pause' | 'resume' | 'execute', name: string, token = admin) =>
  s.call<JobRecord & JobRunRecord>('POST', `/sys/quartzJob/${action}`, { token, body: { name } });

/** A job of the test's own whose runs wait until the test lets them end. */
function gatedJob(name: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const definition: JobDefinition = {
    name,
    description: 'waits for the test',
    schedule: '0 0 1 1 *',
    run: async () => {
      await gate;
      return { waited: true };
    },
  };
  return { definition, release: () => release() };
}

describe('GET /sys/quartzJob/list', () => {
  it('answers every registered job with its schedule, state, last run and next run', async () => {
    const page = await list({ pageSize: '100' });
    const names = page.records.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(s.app.jobs.names().filter((n) => !n.startsWith('test.'))));
    expect(names).toEqual([...names].sort());
    expect(page.total).toBe(names.length);
    const sessions = page.records.find((j) => j.name === 'auth.sessions.purge')!;
    expect(sessions).toMatchObject({
      schedule: '10 3 * * *',
      defaultSchedule: '10 3 * * *',
      paused: false,
      runningSince: null,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(sessions.description).toMatch(/sessions/i);
    expect(new Date(sessions.nextRunAt!).getTime()).toBe(nextRunOf('10 3 * * *')!.getTime());
  });

  it('filters by part of the name and by state, sorts by a known column and refuses another', async () => {
    const purges = await list({ name: 'PURGE', pageSize: '100' });
    expect(purges.records.length).toBeGreaterThan(3);
    expect(purges.records.every((j) => j.name.toLowerCase().includes('purge'))).toBe(true);
    const desc = await list({ column: 'name', order: 'desc', pageSize: '100' });
    expect(desc.records.map((j) => j.name)).toEqual(
      (await list({ pageSize: '100' })).records.map((j) => j.name).reverse(),
    );
    const paged = await list({ pageSize: '2', pageNo: '2' });
    expect(paged).toMatchObject({ size: 2, current: 2 });
    expect(paged.records).toHaveLength(2);
    expectError(
      await s.call('GET', '/sys/quartzJob/list', { token: admin, query: { column: 'node' } }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'node' } },
    );
  });

  it('marks runs a dead process left running as failed (their job lock is free)', async () => {
    const [orphan] = await s.app.database.db
      .insert(jobRuns)
      .values({
        jobName: 'smsApi.purge',
        slot: new Date(Date.now() - 120_000),
        trigger: 'manual',
        status: 'running',
        startedAt: new Date(Date.now() - 120_000),
        node: 'gone-host:1',
      })
      .returning({ id: jobRuns.id });
    expect((await jobOf('smsApi.purge')).runningSince).toBeNull();
    const [run] = (await history('smsApi.purge')).records.filter((r) => r.id === orphan!.id);
    expect(run).toMatchObject({ status: 'failed', error: 'the process running it stopped' });
  });
});

describe('PUT /sys/quartzJob/edit', () => {
  it('changes the schedule (spaces tidied) and answers the next run of the new one', async () => {
    const job = expectOk(await edit('auth.smsCodes.purge', '  5   */2 * * * '));
    expect(job).toMatchObject({
      name: 'auth.smsCodes.purge',
      schedule: '5 */2 * * *',
      defaultSchedule: '25 * * * *',
    });
    expect(new Date(job.nextRunAt!).getTime()).toBe(nextRunOf('5 */2 * * *')!.getTime());
    expect((await jobOf('auth.smsCodes.purge')).schedule).toBe('5 */2 * * *');
    // Six fields with one second first are fine too; back to the default.
    expect(expectOk(await edit('auth.smsCodes.purge', '0 25 * * * *')).schedule).toBe('0 25 * * * *');
    expectOk(await edit('auth.smsCodes.purge', '25 * * * *'));
  });

  it('refuses a bad cron expression in the caller’s language, and keeps the old schedule', async () => {
    for (const locale of [EN, ZH]) {
      expectError(await edit('auth.smsCodes.purge', '61 * * * *', locale), 400, 'JOB_SCHEDULE_INVALID', {
        locale,
        params: { schedule: '61 * * * *' },
      });
      expectError(await edit('auth.smsCodes.purge', 'every day', locale), 400, 'JOB_SCHEDULE_INVALID', {
        locale,
        params: { schedule: 'every day' },
      });
      expectError(await edit('auth.smsCodes.purge', '* * * * * *', locale), 400, 'JOB_SCHEDULE_TOO_OFTEN', {
        locale,
      });
      expectError(await edit('auth.smsCodes.purge', '0 0 30 2 *', locale), 400, 'JOB_SCHEDULE_NEVER_RUNS', {
        locale,
        params: { schedule: '0 0 30 2 *' },
      });
    }
    expect(text('JOB_SCHEDULE_INVALID', ZH, { schedule: 'x' })).toContain('cron 表达式');
    expectFieldError(
      await edit('auth.smsCodes.purge', '   '),
      'schedule',
      /Schedule is required|schedule is required/i,
    );
    expect((await jobOf('auth.smsCodes.purge')).schedule).toBe('25 * * * *');
  });

  it('answers 404 for a job that is not registered', async () => {
    expectError(await edit('no.such.job', '0 * * * *'), 404, 'NOT_FOUND');
    expectError(await post('pause', 'no.such.job'), 404, 'NOT_FOUND');
    expectError(await post('execute', 'no.such.job'), 404, 'NOT_FOUND');
    expectError(
      await s.call('GET', '/sys/quartzJob/history', { token: admin, query: { name: 'no.such.job' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /sys/quartzJob/pause, resume', () => {
  it('pauses a job (no next run, its scheduled runs skipped) and resumes it, in the operation log', async () => {
    const paused = expectOk(await post('pause', 'smppServer.purge'));
    expect(paused).toMatchObject({ name: 'smppServer.purge', paused: true, nextRunAt: null });
    expect((await list({ paused: 'true' })).records.map((j) => j.name)).toEqual(['smppServer.purge']);
    // A timer firing now (in any process: the flag is read from the database) runs nothing.
    const slot = new Date(Date.UTC(2030, 0, 1, 4, 23));
    expect(await s.app.jobs.runScheduled('smppServer.purge', slot, paused.schedule)).toMatchObject({
      status: 'skipped',
      runId: undefined,
    });
    const resumed = expectOk(await post('resume', 'smppServer.purge'));
    expect(resumed).toMatchObject({ paused: false });
    expect(resumed.nextRunAt).not.toBeNull();
    expect(await s.app.jobs.runScheduled('smppServer.purge', slot, resumed.schedule)).toMatchObject({
      status: 'ok',
    });
    const runs = await s.app.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, 'smppServer.purge'), eq(jobRuns.slot, slot)));
    expect(runs).toHaveLength(1);
    const log = await eventually(async () => {
      const page = expectOk(
        await s.call<KeysetPage<{ route: string; action: string | null; statusCode: number }>>(
          'GET',
          '/sys/log/operationLog',
          { token: admin, query: { pageSize: '500', username: 'admin' } },
        ),
      );
      expect(page.records.some((r) => r.route === '/api/sys/quartzJob/resume')).toBe(true);
      return page.records;
    });
    expect(log).toContainEqual(
      expect.objectContaining({
        route: '/api/sys/quartzJob/pause',
        action: 'system:quartzJob:pause',
        statusCode: 200,
      }),
    );
    expect(log).toContainEqual(
      expect.objectContaining({
        route: '/api/sys/quartzJob/edit',
        action: 'system:quartzJob:edit',
        statusCode: 400,
      }),
    );
  });
});

describe('POST /sys/quartzJob/execute and GET /sys/quartzJob/history', () => {
  it('runs a job once now, paused or not, recorded as a manual run with its duration and result', async () => {
    expectOk(await post('pause', 'auth.captchas.purge'));
    const run = expectOk(await post('execute', 'auth.captchas.purge'));
    expect(run).toMatchObject({ jobName: 'auth.captchas.purge', trigger: 'manual' });
    const done = await eventually(async () => {
      const [latest] = (await history('auth.captchas.purge')).records;
      expect(latest).toMatchObject({ id: run.id, status: 'ok', trigger: 'manual', error: null });
      return latest!;
    });
    expect(done.result).toEqual({ deleted: expect.any(Number) });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(done.finishedAt!).getTime()).toBeGreaterThanOrEqual(new Date(done.startedAt).getTime());
    const job = await jobOf('auth.captchas.purge');
    expect(job).toMatchObject({ lastStatus: 'ok', paused: true, runningSince: null });
    expect(job.lastResult).toMatch(/"deleted":\d+/);
    expect(job.lastRunAt).not.toBeNull();
    expectOk(await post('resume', 'auth.captchas.purge'));
  });

  it('answers a long run as running, shows it in the list while under way, then its end', async () => {
    const slow = gatedJob('test.slowReport');
    await s.app.jobs.register([slow.definition]);
    const run = expectOk(await post('execute', 'test.slowReport'));
    expect(run).toMatchObject({ status: 'running', finishedAt: null, durationMs: null });
    const job = await jobOf('test.slowReport');
    expect(job.runningSince).toBe(run.startedAt);
    // A second run now would overlap the first: recorded as skipped, the first goes on.
    const second = expectOk(await post('execute', 'test.slowReport'));
    expect(second).toMatchObject({ status: 'skipped', error: 'the previous run is still under way' });
    slow.release();
    await eventually(async () => {
      const runs = (await history('test.slowReport')).records;
      expect(runs.find((r) => r.id === run.id)).toMatchObject({ status: 'ok', result: { waited: true } });
    });
    expect((await jobOf('test.slowReport')).runningSince).toBeNull();
  });

  it('pages and filters the history, newest first', async () => {
    const failing: JobDefinition = {
      name: 'test.flaky',
      description: 'fails every other time',
      schedule: '0 0 1 1 *',
      run: async () => {
        calls++;
        if (calls % 2 === 0) throw new Error('upstream unavailable');
        return { call: calls };
      },
    };
    let calls = 0;
    await s.app.jobs.register([failing]);
    for (let i = 0; i < 4; i++) await s.app.jobs.runNow('test.flaky');
    const all = await history('test.flaky');
    expect(all.total).toBe(4);
    expect(all.records.map((r) => r.startedAt)).toEqual(
      [...all.records.map((r) => r.startedAt)].sort().reverse(),
    );
    const failed = await history('test.flaky', { status: 'failed' });
    expect(failed.total).toBe(2);
    expect(failed.records[0]).toMatchObject({
      status: 'failed',
      error: 'upstream unavailable',
      result: null,
    });
    expect((await history('test.flaky', { trigger: 'schedule' })).total).toBe(0);
    const page = await history('test.flaky', { pageSize: '3', pageNo: '2' });
    expect(page.records).toHaveLength(1);
    expect((await history('test.flaky', { column: 'durationMs', order: 'asc' })).records).toHaveLength(4);
    expectFieldError(
      await s.call('GET', '/sys/quartzJob/history', {
        token: admin,
        query: { name: 'test.flaky', status: 'lost' },
      }),
      'status',
      /status/i,
    );
  });
});

describe('who may manage jobs', () => {
  it('refuses customers and agents every route, and nobody without a session', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', '/sys/quartzJob/list', {}],
      ['GET', '/sys/quartzJob/history', { query: { name: 'auth.sessions.purge' } }],
      ['PUT', '/sys/quartzJob/edit', { body: { name: 'auth.sessions.purge', schedule: '0 * * * *' } }],
      ['POST', '/sys/quartzJob/pause', { body: { name: 'auth.sessions.purge' } }],
      ['POST', '/sys/quartzJob/resume', { body: { name: 'auth.sessions.purge' } }],
      ['POST', '/sys/quartzJob/execute', { body: { name: 'auth.sessions.purge' } }],
    ];
    for (const username of ['customer', 'agent', 'distributor', 'sales']) {
      const token = await tokenOf(s, username);
      for (const [method, route, options] of calls) {
        for (const locale of [EN, ZH]) {
          expectError(
            await s.call(method, route, { ...options, token, locale }),
            403,
            'NO_OPERATION_PERMISSION',
            {
              locale,
            },
          );
        }
      }
    }
    for (const [method, route, options] of calls) {
      expectError(await s.call(method, route, options), 401, 'UNAUTHORIZED');
    }
    const job = await jobOf('auth.sessions.purge');
    expect(job).toMatchObject({ schedule: '10 3 * * *', paused: false });
    expect((await history('auth.sessions.purge')).records.filter((r) => r.trigger === 'manual')).toEqual([]);
  });
});

describe('the console’s texts', () => {
  it('every registered job has a description in both languages of the console', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const file = path.join(here, `../../web/src/locales/${locale}/jobs.json`);
      const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as { descriptions: Record<string, unknown> };
      for (const name of s.app.jobs.names().filter((n) => !n.startsWith('test.'))) {
        const found = name
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts.descriptions);
        expect(typeof found, `${locale}: descriptions.${name}`).toBe('string');
      }
    }
  });
});

describe('stopping the runner', () => {
  it('waits for a run under way, but only up to its grace', async () => {
    const runner = new JobRunner(s.app.database, silent);
    const slow = gatedJob('test.stopGrace');
    await runner.register([slow.definition]);
    const { done } = await runner.startNow('test.stopGrace');
    await runner.stop(50);
    let ended = false;
    void done.then(() => {
      ended = true;
    });
    await Promise.resolve();
    expect(ended).toBe(false);
    slow.release();
    expect(await done).toMatchObject({ status: 'ok' });
    const quick = new JobRunner(s.app.database, silent);
    await quick.register([{ ...slow.definition, name: 'test.stopQuick', run: async () => ({ n: 1 }) }]);
    const run = await quick.startNow('test.stopQuick');
    await quick.stop();
    expect(await Promise.race([run.done, 'not yet'])).toMatchObject({ status: 'ok' });
  });
});

describe('a change made in an API process reaches the worker processes', () => {
  /** A worker process's runner over the same database: the same jobs, timers started. */
  async function worker(caches: CacheBus, resyncMs?: number) {
    const runner = new JobRunner(s.app.database, silent, { caches, resyncMs });
    const rows = await s.app.jobs.list();
    await runner.register(
      rows
        .filter((row) => row.name === 'auth.sessions.purge')
        .map((row) => ({
          name: row.name,
          description: row.description,
          schedule: row.defaultSchedule,
          run: async () => ({ deleted: 0 }),
        })),
    );
    await runner.start();
    return runner;
  }

  it('a new schedule restarts the timers of a worker on the same broker at once', async () => {
    const caches = new CacheBus(s.app.platform.pubsub, `${s.eventsChannel}_caches`);
    await caches.start();
    const runner = await worker(caches);
    try {
      expect(runner.timerSchedule('auth.sessions.purge')).toBe('10 3 * * *');
      expectOk(await edit('auth.sessions.purge', '11 3 * * *'));
      await eventually(async () => expect(runner.timerSchedule('auth.sessions.purge')).toBe('11 3 * * *'));
      expect(runner.nextRun('auth.sessions.purge')?.getTime()).toBe(nextRunOf('11 3 * * *')!.getTime());
      // A timer still on the old schedule firing meanwhile runs nothing.
      expect(await runner.runScheduled('auth.sessions.purge', new Date(), '10 3 * * *')).toMatchObject({
        status: 'skipped',
      });
    } finally {
      await runner.stop();
      expectOk(await edit('auth.sessions.purge', '10 3 * * *'));
    }
  });

  it('a worker that missed the message catches up on its next read of the schedules', async () => {
    const deaf = new CacheBus(new MemoryPubSub(), 'elsewhere');
    await deaf.start();
    const runner = await worker(deaf, 50);
    try {
      expectOk(await edit('auth.sessions.purge', '12 3 * * *'));
      await eventually(async () => expect(runner.timerSchedule('auth.sessions.purge')).toBe('12 3 * * *'));
    } finally {
      await runner.stop();
      expectOk(await edit('auth.sessions.purge', '10 3 * * *'));
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a worker process of its own on PostgreSQL (LISTEN/NOTIFY or Redis) follows an edit',
    async () => {
      const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
      const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL, SMSC_SIM: '0' });
      const core: Core = await buildCore({
        config: { ...config, databaseUrl: s.databaseUrl },
        database,
        logger: false,
        eventsChannel: s.eventsChannel,
      });
      try {
        await core.startWorkers({ only: [] });
        expect(core.jobs.timerSchedule('ledger.closeDay')).toBe('5 0 * * *');
        expectOk(await edit('ledger.closeDay', '6 0 * * *'));
        await eventually(
          async () => expect(core.jobs.timerSchedule('ledger.closeDay')).toBe('6 0 * * *'),
          10_000,
        );
      } finally {
        await core.close();
        await database.close();
        expectOk(await edit('ledger.closeDay', '5 0 * * *'));
      }
    },
  );
});

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { roleOf } from '../src/process-role';
import { jobRuns, scheduledJobs, sessions } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { eventually, tokenOf, userId } from './support/api';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the job runner', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('registers every module job with its default schedule, not paused', async () => {
    const jobs = await s.app.jobs.list();
    expect(jobs.map((j) => j.name)).toEqual(
      expect.arrayContaining([
        'auth.sessions.purge',
        'auth.captchas.purge',
        'logs.loginLog.purge',
        'logs.operationLog.purge',
        'jobs.history.purge',
      ]),
    );
    for (const job of jobs) {
      expect(job.paused).toBe(false);
      expect(job.schedule).toBe(job.defaultSchedule);
    }
  });

  it('runs a job once on demand and records its run, duration and result', async () => {
    const db = s.app.database.db;
    // A session that ended long ago goes; a live one stays.
    const live = await tokenOf(s, 'customer');
    const [old] = await db
      .insert(sessions)
      .values({
        tokenHash: 'x'.repeat(64),
        userId: userId('customer'),
        expiresAt: new Date(Date.now() - 400 * 86_400_000),
      })
      .returning({ id: sessions.id });
    const outcome = await s.app.jobs.runNow('auth.sessions.purge');
    expect(outcome).toMatchObject({ status: 'ok', result: { deleted: 1 } });
    expect(await db.select().from(sessions).where(eq(sessions.id, old!.id))).toEqual([]);
    expect((await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: live })).status).toBe(200);
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'auth.sessions.purge'));
    expect(row).toMatchObject({ lastStatus: 'ok', lastResult: '{"deleted":1}' });
    expect(row!.lastDurationMs).toBeGreaterThanOrEqual(0);
    const [run] = await s.app.jobs.history('auth.sessions.purge', 1);
    expect(run).toMatchObject({ trigger: 'manual', status: 'ok', result: { deleted: 1 } });
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.startedAt.getTime());
  });

  it('records a failing job as failed with its error', async () => {
    const runner = s.app.jobs;
    await runner.register([
      {
        name: 'test.fails',
        description: 'always fails',
        schedule: '0 0 1 1 *',
        run: async () => {
          throw new Error('disk on fire');
        },
      },
    ]);
    expect(await runner.runNow('test.fails')).toMatchObject({ status: 'failed', error: 'disk on fire' });
    const [run] = await runner.history('test.fails', 1);
    expect(run).toMatchObject({ status: 'failed', error: 'disk on fire' });
  });

  it('skips a run while the previous one of the same job is still under way', async () => {
    const runner = s.app.jobs;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await runner.register([
      {
        name: 'test.slow',
        description: 'waits for the test',
        schedule: '0 0 1 1 *',
        run: async () => {
          started();
          await gate;
          return { done: true };
        },
      },
    ]);
    const first = runner.runNow('test.slow');
    await running;
    expect(await runner.runNow('test.slow')).toMatchObject({ status: 'skipped' });
    release();
    expect(await first).toMatchObject({ status: 'ok', result: { done: true } });
  });

  it('refuses schedules that are not cron patterns', async () => {
    await expect(s.app.jobs.update('auth.captchas.purge', { schedule: '61 * * * *' })).rejects.toThrow(
      /invalid/,
    );
    await expect(
      s.app.jobs.register([
        { name: 'test.bad', description: 'x', schedule: 'every day', run: async () => undefined },
      ]),
    ).rejects.toThrow(/invalid schedule/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two worker processes on one PostgreSQL database', () => {
  const name = `sb_test_jobs_${Date.now().toString(36)}`;
  let url: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('run each scheduled slot of a job exactly once between them', async () => {
    const env = { DATABASE_URL: url, SEED_DEMO: '0', ADMIN_PASSWORD: 'Given1234', LOG_LEVEL: 'warn' };
    // Prepare the database as a first start would, and schedule one job every second.
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const core = await buildCore({ config: loadConfig(env), database, logger: false });
    await core.close();
    await database.db
      .update(scheduledJobs)
      .set({ schedule: '* * * * * *' })
      .where(eq(scheduledJobs.name, 'auth.captchas.purge'));

    const outputs: string[] = ['', ''];
    for (const i of [0, 1]) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role', 'worker'], {
        cwd: serverDir,
        env: { ...process.env, ...env, REDIS_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d: Buffer) => {
        outputs[i] += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => {
        outputs[i] += d.toString();
      });
      children.push(child);
    }
    // Both workers are up...
    await eventually(async () => {
      for (const out of outputs) expect(out).toContain('worker running');
    }, 90_000);
    // ...and the job has run for several slots since.
    const runs = await eventually(async () => {
      const rows = await database.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'auth.captchas.purge'));
      expect(rows.filter((r) => r.status === 'ok').length).toBeGreaterThanOrEqual(5);
      return rows;
    }, 90_000);
    for (const child of children) child.kill('SIGTERM');

    const slots = runs.map((r) => r.slot.getTime());
    expect(new Set(slots).size).toBe(slots.length);
    // Every slot is a whole second (the schedule's times, the same in both processes).
    expect(slots.every((t) => t % 1000 === 0)).toBe(true);
    expect(runs.every((r) => r.trigger === 'schedule')).toBe(true);
    const [summary] = await database.db
      .select({ nodes: sql<number>`count(distinct ${jobRuns.node})::int` })
      .from(jobRuns);
    expect(summary!.nodes).toBeGreaterThanOrEqual(1);
    await database.close();
  });
});

describe('the process role', () => {
  it('is all by default, api or worker when named, and refuses anything else', () => {
    expect(roleOf([])).toEqual({ role: 'all' });
    expect(roleOf(['--role', 'worker'])).toEqual({ role: 'worker' });
    expect(roleOf(['--role=api'])).toEqual({ role: 'api' });
    expect(roleOf(['--role', 'everything'])).toEqual({
      error: '--role must be one of api, worker, all (got "everything")',
    });
  });
});

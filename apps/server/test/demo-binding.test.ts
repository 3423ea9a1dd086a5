import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/db/seed/demo-users';
import { stableId } from '../src/platform/stable-id';
import { createPgDatabase, freePort, login, type SpawnedServer, spawnServer } from './support/spawned-server';

/**
 * Where a demo listens when HOST is unset (issue 21 item 4): on 127.0.0.1 while any demo user can
 * sign in with the well-known default password, at its first start AND when restarted on the same
 * data (the binding followed "seeded at this start", so the restart listened on every interface);
 * on every interface once those passwords were changed. Real server starts on one database: a
 * PGlite data directory, or a PostgreSQL database when DATABASE_URL is set.
 */

const adminUrl = process.env.DATABASE_URL;
const LOCAL_ONLY = 'Listening on 127.0.0.1 only';

/** An address of this machine that is not loopback (undefined when it has none). */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Whether a TCP connection to address:port is accepted (a refusal answers false). */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
  });
}

/** The server's output once its start-up lines are printed (after its workers started). */
function startupLines(server: SpawnedServer): Promise<string> {
  const marker = 'Switchboard is running at';
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      server.child.stdout!.off('data', check);
      server.child.off('exit', exited);
    };
    // Registered after spawnServer's own listener: output() already holds the chunk.
    function check() {
      if (!server.output().includes(marker)) return;
      cleanup();
      resolve(server.output());
    }
    function exited() {
      cleanup();
      reject(new Error(`server exited:\n${server.output()}`));
    }
    server.child.stdout!.on('data', check);
    server.child.once('exit', exited);
    check();
  });
}

describe('the listen address of a demo with HOST unset', () => {
  let env: Record<string, string>;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    env = { SMPP_PORT: 'off', SMSC_SIM: '0', HOST: '' };
    if (adminUrl) {
      const database = await createPgDatabase(adminUrl, 'sb_demo_binding');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-demo-binding-'));
      env.DATA_DIR = dataDir;
    }
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the server on the test's database and answers whether it listens beyond loopback. */
  async function start(): Promise<{ output: string; outside: boolean | undefined; port: number }> {
    const port = await freePort();
    server = await spawnServer({ ...env, PORT: String(port) });
    return {
      output: await startupLines(server),
      outside: outside ? await accepts(outside, port) : undefined,
      port,
    };
  }

  async function stop() {
    await server!.kill('SIGTERM');
    server = undefined;
  }

  it('stays on 127.0.0.1 at a restart while demo users have the default password, opens once they are changed', async () => {
    // First start: the demo is seeded with the default password.
    const first = await start();
    expect(first.output).toContain(LOCAL_ONLY);
    expect(first.output).toContain('Demo mode.');
    if (first.outside !== undefined) expect(first.outside).toBe(false);
    await stop();

    // Second start on the same data: nothing seeded now, the passwords are still the default.
    const second = await start();
    expect(second.output).not.toContain('Demo mode.');
    expect(second.output).toContain(LOCAL_ONLY);
    expect(second.output).toContain(DEMO_USERS.map((u) => u.username).join(', '));
    if (second.outside !== undefined) expect(second.outside).toBe(false);

    // Every demo user's password changed (the administrator's last: it signs the others' off).
    const base = server!.baseUrl;
    const admin = await login(base, 'admin');
    for (const user of [...DEMO_USERS.filter((u) => u.username !== 'admin'), DEMO_USERS[0]!]) {
      const res = await fetch(`${base}${API_PREFIX}/sys/user/changPassword`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-Access-Token': admin },
        body: JSON.stringify({
          userId: stableId(`user:${user.username}`),
          password: 'Changed2026x',
          confirmPassword: 'Changed2026x',
        }),
      });
      expect([user.username, res.status]).toEqual([user.username, 200]);
    }
    await stop();

    // Third start: no user opens with the default password, so every interface.
    const third = await start();
    expect(third.output).not.toContain(LOCAL_ONLY);
    if (third.outside !== undefined) expect(third.outside).toBe(true);
    await stop();
  }, 900_000);
});

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Seat, SeatLiveState } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { eventually, expectOk } from './support/api';
import { freePort } from './support/spawned-server';
import { apiSuite } from './support/suite';

/**
 * A real SIP phone as a seat (issue 26): baresip registers with the registrar of a worker process
 * (digest against the seat's sealed password) and the seat turns idle, its contact kept; an
 * account of the same phone with a wrong password is refused (403) and its seat stays offline;
 * baresip's unregister on exit takes the seat offline. Needs `baresip` (`.ci/run` installs it);
 * skipped, saying so, without it. Slow tier: a phone in a child process.
 */

const hasBaresip = (() => {
  try {
    execFileSync('baresip', ['-h'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // baresip -h exits non-zero after printing its usage: it is there.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();
if (!hasBaresip)
  console.warn('seat-baresip.test.ts skipped: baresip is not installed (apt-get install -y baresip)');

let registrarPort = 0;
const { s, call } = apiSuite(['customer'], async () => {
  registrarPort = await freePort();
  return startServer({ SEAT_SIP_PORT: String(registrarPort) });
});

describe.skipIf(!hasBaresip)('a baresip seat', () => {
  let dir: string;
  let phone: ChildProcess | undefined;
  let output = '';
  let good: Seat;
  let wrong: Seat;

  beforeAll(async () => {
    await s().app.startWorkers({ jobs: false, only: ['callCentre'] });
    const add = async (sipUsername: string) =>
      expectOk(
        await call<Seat>('customer', 'POST', '/seat/add', {
          body: {
            jobNumber: String(Date.now() % 1e6),
            name: sipUsername,
            sipUsername,
            sipPassword: 'Baresip-1',
          },
        }),
      );
    const tag = Date.now().toString(36);
    good = await add(`bare${tag}`);
    wrong = await add(`bad${tag}`);
    dir = mkdtempSync(join(tmpdir(), 'seat-baresip-'));
    // baresip binds to the primary address unless told 127.0.0.1 (voice-notes); no audio device.
    writeFileSync(
      join(dir, 'config'),
      [
        'poll_method epoll',
        'sip_listen 127.0.0.1:0',
        'net_interface 127.0.0.1',
        'module_path /usr/lib/baresip/modules',
        'module g711.so',
        'module_app account.so',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'accounts'),
      [
        `<sip:${good.sipUsername}@127.0.0.1:${registrarPort}>;auth_pass=Baresip-1;regint=60`,
        `<sip:${wrong.sipUsername}@127.0.0.1:${registrarPort}>;auth_pass=Not-the-one;regint=60`,
        '',
      ].join('\n'),
    );
    phone = spawn('baresip', ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    phone.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    phone.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });

  afterAll(() => {
    phone?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const stateOf = async (seatId: string) =>
    expectOk(await call<SeatLiveState[]>('customer', 'GET', '/seat/state')).find((x) => x.seatId === seatId);

  it('registers with its password and turns idle; the wrong password is refused', async () => {
    const live = await eventually(async () => {
      const state = await stateOf(good.id);
      expect(state?.state, output).toBe('idle');
      return state!;
    });
    expect(live.userAgent).toMatch(/baresip/);
    expect(live.contact).toMatch(new RegExp(`^sip:${good.sipUsername}[^@]*@127\\.0\\.0\\.1:\\d+`));
    await eventually(async () => expect(output).toMatch(/403 Forbidden/));
    expect((await stateOf(wrong.id))?.state).toBe('offline');
  });

  it('goes offline when baresip ends (it unregisters on the way out)', async () => {
    phone!.kill('SIGTERM');
    await eventually(async () => expect((await stateOf(good.id))?.state, output).toBe('offline'));
  });
});

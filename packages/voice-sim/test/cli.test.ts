import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseCliArgs } from '../src/cli';
import { outcomeFor } from '../src/outcomes';
import { dial, uac } from './support';

describe('the outcome table', () => {
  it('chooses by the last digit', () => {
    const names = '0123456789'.split('').map((d) => outcomeFor(`86138000000${d}`, { hangupAfterMs: 1 }).name);
    expect(names).toEqual([
      'answers, echoes',
      'busy',
      'no answer',
      'rejected',
      'invalid number',
      'answers, hangs up',
      'answers, presses 1',
      'answers, presses 2',
      'answers, echoes',
      'answers, echoes',
    ]);
    expect(outcomeFor('', { hangupAfterMs: 1 })).toMatchObject({ kind: 'refuse', status: 404 });
  });
});

describe('voice-sim command line', () => {
  it('reads its options and refuses bad ones with a readable message', () => {
    const cfg = parseCliArgs([
      '--port',
      '5090',
      '--account',
      'a:b:c',
      '--sha256',
      '--transport',
      'udp',
      '--ring-limit',
      '3000',
    ]);
    expect(cfg.options).toMatchObject({
      port: 5090,
      accounts: { a: 'b:c' },
      algorithm: 'SHA-256',
      transports: ['udp'],
      ringLimitMs: 3000,
    });
    expect(() => parseCliArgs(['--port', 'x'])).toThrow(/--port must be a whole number/);
    expect(() => parseCliArgs(['--transport', 'tls'])).toThrow(/udp and\/or tcp/);
    expect(() => parseCliArgs(['--account', 'nopassword'])).toThrow(/user:password/);
  });

  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM');
  });

  it('bin/voice-sim.mjs starts, takes a call and prints what happened', async () => {
    const bin = path.join(import.meta.dirname, '..', 'bin', 'voice-sim.mjs');
    const child = spawn(process.execPath, [
      bin,
      '--port',
      '0',
      '--transport',
      'udp',
      '--hangup-after',
      '200',
    ]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await vi.waitFor(() => expect(out).toMatch(/listening on 127\.0\.0\.1:\d+/), {
      timeout: 30_000,
      interval: 50,
    });
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(out)![1]);
    const stack = await uac();
    try {
      const { call } = await dial(stack, port, '8613700000005');
      expect(await call.done).toEqual({ cause: 'normal', by: 'remote' });
      await vi.waitFor(() => expect(out).toContain('END 8613700000005: normal by simulator'), {
        timeout: 10_000,
        interval: 50,
      });
      expect(out).toContain('INVITE 1000 → 8613700000005: answers, hangs up');
    } finally {
      await stack.close();
    }
  });
});

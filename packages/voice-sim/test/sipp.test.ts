/**
 * SIPp as the caller against voice-sim: an answered call with the RFC 4733 key of the sip-tester
 * pcap (the simulator hears '1' and hangs up), a busy number, and a load of 20 calls. Skipped with
 * a message when `sipp` is not installed (CI installs sip-tester).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startVoiceSim, type VoiceSim } from '../src';

function hasSipp(): boolean {
  try {
    execFileSync('sipp', ['-v'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
const SIPP = hasSipp();
if (!SIPP) console.warn('SIPp is not installed (apt-get install -y sip-tester): SIPp scenarios skipped');

function sipp(args: string[]): Promise<{ code: number | null; output: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sipp-'));
  const child = spawn('sipp', ['-nostdin', '-timeout', '30s', '-timeout_error', '-trace_err', ...args], {
    cwd,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, output: `${output.slice(-3000)}\n(logs in ${cwd})` })),
  );
}

const scenario = (name: string) => path.join(import.meta.dirname, 'sipp', name);
const media = () => String(30_000 + 2 * Math.floor(Math.random() * 5000));

describe.skipIf(!SIPP)('SIPp UAC against voice-sim', () => {
  let sim: VoiceSim;
  beforeAll(async () => {
    sim = await startVoiceSim({
      host: '127.0.0.1',
      port: 0,
      transports: ['udp'],
      hangupAfterMs: 1_500,
      answerDelayMs: 50,
    });
  });
  afterAll(async () => {
    await sim?.close();
  });
  const target = () => `127.0.0.1:${sim.port}`;

  it('answered; the simulator hears key 1 from the pcap and hangs up (number ending in 5)', async () => {
    const run = await sipp([
      '-sf',
      scenario('uac-call.xml'),
      '-s',
      '8613900000005',
      '-i',
      '127.0.0.1',
      '-mp',
      media(),
      '-m',
      '1',
      target(),
    ]);
    expect(run.code, run.output).toBe(0);
    const rec = sim.calls.find((c) => c.to === '8613900000005');
    expect(rec).toMatchObject({ answered: true, sipCode: 200, displayName: 'SIPp 测试', keysReceived: '1' });
    await vi.waitFor(() => expect(rec?.end).toEqual({ cause: 'normal', by: 'us' }), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it('busy (number ending in 1): 486, ACKed', async () => {
    const run = await sipp([
      '-sf',
      scenario('uac-refused.xml'),
      '-s',
      '8613900000001',
      '-i',
      '127.0.0.1',
      '-mp',
      media(),
      '-m',
      '1',
      target(),
    ]);
    expect(run.code, run.output).toBe(0);
    expect(sim.calls.find((c) => c.to === '8613900000001')).toMatchObject({ answered: false, sipCode: 486 });
  });

  it('20 calls at 10 per second all complete', async () => {
    const before = sim.calls.length;
    const run = await sipp([
      '-sf',
      scenario('uac-call.xml'),
      '-s',
      '8613900000015',
      '-i',
      '127.0.0.1',
      '-mp',
      media(),
      '-m',
      '20',
      '-r',
      '10',
      '-l',
      '20',
      target(),
    ]);
    expect(run.code, run.output).toBe(0);
    expect(sim.calls.length - before).toBe(20);
  });
});

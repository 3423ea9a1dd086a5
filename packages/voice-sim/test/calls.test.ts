import { buildSdp, FRAME_BYTES, probeNumber, type SipStack } from '@switchboard/voice';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startVoiceSim, type VoiceSim } from '../src';
import { dial, uac } from './support';

let sim: VoiceSim;
let authSim: VoiceSim;
let stack: SipStack;
const wait = { timeout: 10_000, interval: 20 };

beforeAll(async () => {
  sim = await startVoiceSim({
    host: '127.0.0.1',
    port: 0,
    hangupAfterMs: 400,
    keyDelayMs: 100,
    answerDelayMs: 100,
  });
  authSim = await startVoiceSim({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp'],
    accounts: { trunk1: 'pässwörd' },
    inviteAuth: true,
    algorithm: 'SHA-256',
  });
  stack = await uac();
});
afterAll(async () => {
  await stack?.close();
  await sim?.close();
  await authSim?.close();
});

const record = (callId: string) => sim.calls.find((c) => c.callId === callId);

describe('our UAC against voice-sim, by the called number’s last digit', () => {
  for (const [number, cause, code] of [
    ['8613800000001', 'busy', 486],
    ['8613800000003', 'rejected', 603],
    ['8613800000004', 'invalid_number', 404],
  ] as const) {
    it(`${number}: ${cause} (${code})`, async () => {
      const { call } = await dial(stack, sim.port, number);
      expect(await call.done).toEqual({ cause, sipCode: code, by: 'remote' });
      expect(call.trace.lines().map((l) => l.replace(/^\+\d+ms /, ''))).toEqual([
        expect.stringMatching(/^→ INVITE sip:8613800000\d+@127\.0\.0\.1:\d+$/),
        '← 100 Trying',
        `← ${code} ${code === 486 ? 'Busy Here' : code === 603 ? 'Decline' : 'Not Found'}`,
        expect.stringMatching(/^→ ACK /),
      ]);
      await vi.waitFor(() => expect(record(call.callId)?.end?.sipCode).toBe(code), wait);
    });
  }

  it('…2 rings until our ring time-out cancels it: no_answer with 487', async () => {
    const { call } = await dial(stack, sim.port, '8613800000002', { ringTimeoutMs: 600 });
    const progress: number[] = [];
    call.on('progress', (c) => progress.push(c));
    expect(await call.done).toEqual({ cause: 'no_answer', sipCode: 487, by: 'us' });
    expect(progress).toEqual([180]);
    const summaries = call.trace.entries.map((e) => e.summary.split(' ')[0]);
    expect(summaries).toEqual(expect.arrayContaining(['CANCEL', '200', '487', 'ACK']));
    await vi.waitFor(
      () => expect(record(call.callId)?.end).toEqual({ cause: 'cancelled', sipCode: 487, by: 'remote' }),
      wait,
    );
  });

  it('…2 cancelled by hand while ringing ends as cancelled', async () => {
    const { call } = await dial(stack, sim.port, '8613800000012');
    await new Promise<void>((r) => call.once('progress', () => r()));
    call.cancel();
    expect(await call.done).toEqual({ cause: 'cancelled', sipCode: 487, by: 'us' });
  });

  it('…5 answers and hangs up itself: normal, by the remote', async () => {
    const { call } = await dial(stack, sim.port, '8613800000005');
    await call.answered();
    expect(await call.done).toEqual({ cause: 'normal', by: 'remote' });
    expect(call.trace.entries.map((e) => `${e.dir} ${e.summary.split(' ')[0]}`)).toEqual([
      'out INVITE',
      'in 100',
      'in 180',
      'in 200',
      'out ACK',
      'in BYE',
      'out 200',
    ]);
  });

  for (const [number, key] of [
    ['8613800000006', '1'],
    ['8613800000007', '2'],
  ] as const) {
    it(`…${number.at(-1)} answers and presses ${key}; we hang up with BYE`, async () => {
      const { call, keys } = await dial(stack, sim.port, number);
      await call.answered();
      await vi.waitFor(() => expect(keys).toEqual([key]), wait);
      call.hangup();
      expect(await call.done).toEqual({ cause: 'normal', by: 'us' });
      await vi.waitFor(
        () => expect(record(call.callId)?.end).toEqual({ cause: 'normal', by: 'remote' }),
        wait,
      );
      expect(record(call.callId)?.keysSent).toBe(key);
    });
  }

  it('…0 answers and echoes: every packet of a played buffer comes back byte-identical; our key press arrives', async () => {
    const { call, rtp } = await dial(stack, sim.port, '8613800000000');
    await call.answered();
    const prompt = Uint8Array.from({ length: 50 * FRAME_BYTES }, (_, i) => (i * 13) & 0xfe);
    const back: number[] = [];
    rtp.on('audio', (p) => back.push(...p));
    expect(await rtp.play(prompt)).toBe('done');
    await vi.waitFor(() => expect(back).toHaveLength(prompt.length), wait);
    expect(back).toEqual([...prompt]);
    expect(rtp.stats).toMatchObject({ packetsSent: 50, packetsReceived: 50, packetsLost: 0 });
    rtp.sendDtmf('9');
    await vi.waitFor(() => expect(record(call.callId)?.keysReceived).toBe('9'), wait);
    expect(record(call.callId)?.audioPackets).toBe(50);
    call.hangup();
    expect(await call.done).toEqual({ cause: 'normal', by: 'us' });
  });

  it('an offer with no codec the simulator takes is refused with 488', async () => {
    const call = stack.invite({
      to: '8613800000009',
      from: '1000',
      target: { host: '127.0.0.1', port: sim.port, transport: 'udp' },
      sdp: 'v=0\r\nc=IN IP4 127.0.0.1\r\nm=audio 9 RTP/AVP 18\r\na=rtpmap:18 G729/8000\r\n',
      ringTimeoutMs: 5_000,
    });
    expect(await call.done).toEqual({ cause: 'failed', sipCode: 488, by: 'remote' });
  });

  it('…8 over TCP, with a Chinese display name carried intact', async () => {
    const { call } = await dial(stack, sim.port, '8613800000008', {
      transport: 'tcp',
      displayName: '张三 客服',
    });
    await call.answered();
    expect(record(call.callId)?.displayName).toBe('张三 客服');
    call.hangup();
    expect(await call.done).toMatchObject({ cause: 'normal', by: 'us' });
  });
});

describe('digest, OPTIONS and REGISTER against voice-sim', () => {
  it('answers OPTIONS', async () => {
    const res = await stack.options({ host: '127.0.0.1', port: sim.port, transport: 'udp' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toContain('INVITE');
  });

  it('an INVITE challenged with 407 goes through with the right credentials (SHA-256) and fails without', async () => {
    const ok = await dial(stack, authSim.port, '8613800000009', {
      auth: { username: 'trunk1', password: 'pässwörd' },
    });
    await ok.call.answered();
    expect(ok.call.trace.entries.filter((e) => e.summary.startsWith('INVITE'))).toHaveLength(2);
    ok.call.hangup();
    await ok.call.done;
    const bad = await dial(stack, authSim.port, '8613800000009', {
      auth: { username: 'trunk1', password: 'wrong' },
    });
    expect(await bad.call.done).toEqual({ cause: 'failed', sipCode: 407, by: 'remote' });
    const none = await dial(stack, authSim.port, '8613800000009');
    expect(await none.call.done).toEqual({ cause: 'failed', sipCode: 407, by: 'remote' });
  });

  it('registers with digest, refreshes before expiry, and unregisters', async () => {
    const target = { host: '127.0.0.1', port: authSim.port, transport: 'udp' } as const;
    const reg = stack.register({ target, auth: { username: 'trunk1', password: 'pässwörd' }, expiresS: 2 });
    const states: string[] = [];
    reg.on('state', (s) => states.push(s));
    expect(await reg.settled()).toBe('registered');
    expect(authSim.registrations.get('trunk1')?.contact).toMatch(/^<sip:trunk1@127\.0\.0\.1:\d+>/);
    // Refreshed at 80 % of the 2 s granted.
    await vi.waitFor(() => expect(states).toEqual(['registered', 'registered']), wait);
    await reg.unregister();
    expect(reg.state).toBe('unregistered');
    expect(authSim.registrations.has('trunk1')).toBe(false);

    const wrong = stack.register({
      target,
      auth: { username: 'trunk1', password: 'nope' },
      expiresS: 60,
      retryMs: 60_000,
    });
    expect(await wrong.settled()).toBe('failed');
    expect(wrong.lastStatus).toBe(401);
    wrong.stop();
  });
});

describe('number-status probe (INVITE cancelled on the first ringing answer)', () => {
  it('classifies by the simulator’s answer without the callee answering', async () => {
    const target = { host: '127.0.0.1', port: sim.port, transport: 'udp' } as const;
    const sdp = buildSdp({ address: '127.0.0.1', port: 9 });
    const probe = (to: string) => probeNumber(stack, { to, from: '1000', target, sdp, timeoutMs: 5_000 });
    const results = await Promise.all(
      ['8613600000002', '8613600000001', '8613600000004', '8613600000003', '8613600000005'].map(probe),
    );
    expect(results.map((r) => [r.status, r.sipCode])).toEqual([
      ['reachable', 180],
      ['busy', 486],
      ['vacant', 404],
      ['unavailable', 603],
      ['reachable', 180],
    ]);
    const rec = sim.calls.find((c) => c.to === '8613600000005');
    await vi.waitFor(() => expect(rec?.end?.cause).toBe('cancelled'), wait);
    expect(rec?.answered).toBe(false);
  });
});

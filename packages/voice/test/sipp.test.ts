/**
 * Our UAC against SIPp UAS scenarios (one per outcome), RTP echoed by SIPp and the RFC 4733 key
 * press of the pcap shipped with sip-tester. Skipped with a message when `sipp` is not installed
 * (CI installs sip-tester).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acceptAnswer,
  buildSdp,
  type ClientCall,
  createSipStack,
  FRAME_BYTES,
  RtpSession,
  type SipStack,
} from '../src';
import { freeUdpPort, runSipp, SIPP, SKIP_REASON, tcpListening } from './sipp/run';

const scenario = (name: string) => path.join(import.meta.dirname, 'sipp', name);
const wait = { timeout: 15_000, interval: 20 };

/** SIPp reads the status code when it loads a scenario, so the refusal is written out per code. */
function refuseScenario(code: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sipp-scenario-')), `uas-${code}.xml`);
  writeFileSync(file, readFileSync(scenario('uas-refuse.xml'), 'utf8').replaceAll('[code]', String(code)));
  return file;
}

if (!SIPP) console.warn(SKIP_REASON);

describe.skipIf(!SIPP)('our UAC against SIPp', () => {
  let stack: SipStack;
  beforeAll(async () => {
    stack = await createSipStack({
      host: '127.0.0.1',
      port: 0,
      transports: ['udp', 'tcp'],
      userAgent: 'switchboard-test',
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function callSipp(
    file: string,
    extra: string[] = [],
    ringTimeoutMs = 10_000,
    transport: 'udp' | 'tcp' = 'udp',
  ) {
    const port = await freeUdpPort();
    const mediaPort = 20_000 + 2 * Math.floor(Math.random() * 5000);
    const sipp = runSipp([
      '-sf',
      path.isAbsolute(file) ? file : scenario(file),
      '-i',
      '127.0.0.1',
      '-p',
      String(port),
      '-mp',
      String(mediaPort),
      '-m',
      '1',
      ...extra,
    ]);
    if (transport === 'tcp') await tcpListening(port);
    const rtp = await RtpSession.open({ host: '127.0.0.1' });
    const keys: string[] = [];
    rtp.on('dtmf', (k) => keys.push(k));
    const call: ClientCall = stack.invite({
      to: '8613800000000',
      from: '1000',
      target: { host: '127.0.0.1', port, transport },
      sdp: buildSdp({ address: '127.0.0.1', port: rtp.port }),
      ringTimeoutMs,
    });
    call.on('answered', (sdp) => rtp.setRemote(acceptAnswer(sdp)));
    call.on('ended', () => rtp.close());
    return { call, rtp, keys, sipp };
  }

  for (const [code, cause] of [
    [486, 'busy'],
    [480, 'no_answer'],
    [603, 'rejected'],
    [404, 'invalid_number'],
  ] as const) {
    it(`${code} → ${cause}`, async () => {
      const { call, sipp } = await callSipp(refuseScenario(code));
      expect(await call.done).toEqual({ cause, sipCode: code, by: 'remote' });
      const { code: exit, output } = await sipp.done;
      expect(exit, output).toBe(0);
    });
  }

  it('ringing past our ring time-out → CANCEL, 487 → no_answer', async () => {
    const { call, sipp } = await callSipp('uas-ring.xml', [], 1_000);
    expect(await call.done).toEqual({ cause: 'no_answer', sipCode: 487, by: 'us' });
    const { code, output } = await sipp.done;
    expect(code, output).toBe(0);
  });

  it('answered, then the callee hangs up → normal, by the remote', async () => {
    const { call, sipp } = await callSipp('uas-answer-bye.xml');
    await call.answered();
    expect(await call.done).toEqual({ cause: 'normal', by: 'remote' });
    const { code, output } = await sipp.done;
    expect(code, output).toBe(0);
  });

  it('over TCP: answered, then the callee hangs up', async () => {
    const { call, sipp } = await callSipp('uas-answer-bye.xml', ['-t', 't1'], 10_000, 'tcp');
    await call.answered();
    expect(await call.done).toEqual({ cause: 'normal', by: 'remote' });
    const { code, output } = await sipp.done;
    expect(code, output).toBe(0);
  });

  it('answered with SIPp echoing RTP: a played buffer comes back packet for packet, byte-identical', async () => {
    const { call, rtp, sipp } = await callSipp('uas-answer-listen.xml', ['-rtp_echo']);
    await call.answered();
    const prompt = Uint8Array.from({ length: 100 * FRAME_BYTES }, (_, i) => (i * 31 + 5) & 0x7f);
    const back: number[] = [];
    rtp.on('audio', (p) => back.push(...p));
    expect(await rtp.play(prompt)).toBe('done');
    await vi.waitFor(() => expect(back).toHaveLength(prompt.length), wait);
    expect(back).toEqual([...prompt]);
    expect(rtp.stats).toMatchObject({ packetsSent: 100, packetsReceived: 100, packetsLost: 0 });
    call.hangup();
    expect(await call.done).toEqual({ cause: 'normal', by: 'us' });
    const { code, output } = await sipp.done;
    expect(code, output).toBe(0);
  });

  it('answered, SIPp plays dtmf_2833_1.pcap: we read the key 1 once; we hang up', async () => {
    const { call, keys, sipp } = await callSipp('uas-answer-dtmf.xml');
    await call.answered();
    await vi.waitFor(() => expect(keys).toEqual(['1']), wait);
    call.hangup();
    expect(await call.done).toEqual({ cause: 'normal', by: 'us' });
    const { code, output } = await sipp.done;
    expect(code, output).toBe(0);
    expect(keys).toEqual(['1']);
  });
});

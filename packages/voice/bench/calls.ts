/**
 * `npm run bench:voice`: concurrent calls with playback from one process against SIPp (UAS,
 * answering and echoing RTP). Prints concurrent calls, set-up times, RTP sent/echoed/lost,
 * event-loop delay p99 and CPU. Targets on the 2-core machine: 500 concurrent calls, < 0.1 % RTP
 * loss, event-loop p99 < 20 ms, 150 set-ups per second.
 *
 *   npm run bench:voice -- --calls 50 --rate 25 --seconds 10
 *
 * Needs `sipp` (apt-get install -y sip-tester).
 */
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { acceptAnswer, buildSdp, createSipStack, FRAME_BYTES, MediaClock, RtpSession } from '../src';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '50' },
    rate: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '10' },
    slots: { type: 'string', default: '4' },
  },
});
const calls = Number(values.calls);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const p = s.address().port;
  s.close();
  return p;
}

const sipPort = await freePort();
const cwd = mkdtempSync(path.join(tmpdir(), 'bench-voice-'));
const scenario = path.join(import.meta.dirname, '..', 'test', 'sipp', 'uas-answer-listen.xml');
const sipp = spawn(
  'sipp',
  [
    '-nostdin',
    '-sf',
    scenario,
    '-i',
    '127.0.0.1',
    '-p',
    String(sipPort),
    '-mp',
    '46000',
    '-rtp_echo',
    '-m',
    String(calls),
    '-l',
    String(calls + 10),
    '-trace_err',
  ],
  { cwd, stdio: 'ignore' },
);
sipp.on('error', (err) => {
  console.error(`sipp failed to start (${err.message}): apt-get install -y sip-tester`);
  process.exit(2);
});
await new Promise((r) => setTimeout(r, 1_000));

const clock = new MediaClock({ slots: Number(values.slots) });
const stack = await createSipStack({
  host: '127.0.0.1',
  port: 0,
  transports: ['udp'],
  userAgent: 'switchboard-bench',
});
const prompt = Uint8Array.from({ length: seconds * 50 * FRAME_BYTES }, (_, i) => (i * 7) & 0x7f);
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const cpu0 = process.cpuUsage();
const t0 = performance.now();

let up = 0;
let peak = 0;
let failed = 0;
let sent = 0;
let echoed = 0;
const setups: number[] = [];

async function oneCall(i: number): Promise<void> {
  const rtp = await RtpSession.open({ host: '127.0.0.1', clock });
  const started = performance.now();
  const call = stack.invite({
    to: `86138${String(i).padStart(8, '0')}`,
    from: '1000',
    target: { host: '127.0.0.1', port: sipPort, transport: 'udp' },
    sdp: buildSdp({ address: '127.0.0.1', port: rtp.port }),
    ringTimeoutMs: 30_000,
  });
  try {
    const sdp = await call.answered();
    setups.push(performance.now() - started);
    rtp.setRemote(acceptAnswer(sdp));
    up++;
    peak = Math.max(peak, up);
    await rtp.play(prompt);
    await new Promise((r) => setTimeout(r, 300)); // the last echoes in flight
    call.hangup();
    await call.done;
    up--;
  } catch {
    failed++;
  } finally {
    sent += rtp.stats.packetsSent;
    echoed += rtp.stats.packetsReceived;
    rtp.close();
  }
}

const all: Promise<void>[] = [];
for (let i = 0; i < calls; i++) {
  all.push(oneCall(i));
  await new Promise((r) => setTimeout(r, 1000 / rate));
}
await Promise.all(all);
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
loop.disable();
setups.sort((a, b) => a - b);
const pct = (p: number) =>
  setups.length ? setups[Math.min(setups.length - 1, Math.floor(p * setups.length))]!.toFixed(0) : '-';
console.log(
  [
    `calls ${calls} at ${rate}/s, ${seconds} s prompt each, ${values.slots} phase slots`,
    `peak concurrent calls   ${peak}`,
    `failed calls            ${failed}`,
    `set-up ms p50 / p99     ${pct(0.5)} / ${pct(0.99)}`,
    `RTP sent / echoed back  ${sent} / ${echoed} (loss ${sent ? (((sent - echoed) / sent) * 100).toFixed(3) : '0'} %)`,
    `late / skipped ticks    ${clock.stats.lateTicks} / ${clock.stats.skippedTicks}`,
    `event loop p99 / max ms ${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)}`,
    `CPU                     ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(0)} % of one core over ${wall.toFixed(1)} s`,
  ].join('\n'),
);
await stack.close();
sipp.kill('SIGTERM');

/**
 * `npm run bench:voice`: what one worker process carries of calls with IVR playback, against a
 * SIPp UAS (answering, echoing every RTP packet back). The calls go through what a worker runs
 * (the voice engine's SIP stack and media clock, `SipDialer`, `runIvr` playing the demo's speech
 * prompts) without the database: the task engine's leases and charging are not in these figures.
 *
 * 1. Concurrent calls: CALLS calls started at RATE a second, each playing SECONDS of prompt, then
 *    hung up. While all are up (the hold window): event-loop delay p99/max, CPU of this process
 *    (and per call), RTP packets per second. Over the run: set-up times, failures and RTP loss,
 *    counted at the receiver (our RTP sessions, from the sequence numbers of the echoes SIPp sent
 *    back: a packet lost either way counts), and sent minus received as a cross-check.
 * 2. Set-ups per second: steps of RAMP calls a second (call starts paced on an absolute grid), each
 *    step STEP seconds, each call playing HOLD seconds of prompt; per step: calls answered per second,
 *    set-up p50/p99 (INVITE to 200), failures, event-loop p99, CPU per call.
 *
 *   npm run bench:voice -- --calls 500 --rate 50 --seconds 30 --ramp 50,100,150,200 --step 10 --hold 2
 *   npm run bench:voice -- --phase concurrent        (or ramp)
 *
 * Targets (issue 23, this 2-core machine): 500 concurrent calls with under 0.1 % RTP loss and
 * event-loop p99 under 20 ms; 150 set-ups per second. SIPp runs on the same cores and other work
 * may too: the load average and SIPp's own CPU are printed with the figures; compare runs by
 * ratios and CPU per call. UDP receive-buffer overflows of the whole machine (/proc/net/snmp
 * RcvbufErrors, Linux) are printed as well: loss on loopback is a socket buffer overflowing.
 * Needs `sipp` (apt-get install -y sip-tester). Figures only: nothing here passes or fails.
 */
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { IvrPlan } from '@switchboard/contracts';
import { rtpTotals } from '@switchboard/voice';
import type { DialRequest } from '../src/modules/call-task/ports';
import { SipDialer } from '../src/modules/call-task/sip-dialer';
import { DEMO_IVR, readDemoPrompt, TTS_ENGINE } from '../src/modules/ivr';
import type { TrunkTarget } from '../src/modules/trunk';
import { VoiceEngine } from '../src/modules/voice-engine';
import { createLogger } from '../src/platform/logger';
import { REPO_ROOT } from '../src/platform/paths';

const { values } = parseArgs({
  options: {
    phase: { type: 'string', default: 'both' },
    calls: { type: 'string', default: '500' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    ramp: { type: 'string', default: '50,100,150,200' },
    step: { type: 'string', default: '10' },
    hold: { type: 'string', default: '2' },
  },
});
const CALLS = Number(values.calls);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const RAMP = values.ramp.split(',').map(Number);
const STEP = Number(values.step);
const HOLD = Number(values.hold);

// --- the far end: SIPp answering and echoing RTP ---

async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const p = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

const sipPort = await freePort();
const sippDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-voice-'));
const sipp = spawn(
  'sipp',
  [
    '-nostdin',
    '-sf',
    path.join(REPO_ROOT, 'packages/voice/test/sipp/uas-answer-listen.xml'),
    '-i',
    '127.0.0.1',
    '-p',
    String(sipPort),
    '-mp',
    String(40_000 + 2 * Math.floor(Math.random() * 5_000)),
    '-rtp_echo',
    // One socket receives every call's RTP (25,000 packets a second at 500 calls): a 4 MB buffer
    // (the kernel's rmem_max here), as a carrier's per-call sockets would not need.
    '-rtp_buffsize',
    String(4 * 1024 * 1024),
    '-l',
    '5000',
    '-trace_err',
  ],
  { cwd: sippDir, stdio: 'ignore' },
);
sipp.on('error', (err) => {
  console.error(`sipp failed to start (${err.message}): apt-get install -y sip-tester`);
  process.exit(2);
});
await new Promise((r) => setTimeout(r, 1_000));

// --- our side: a worker's voice engine and dialer ---

const log = createLogger('warn');
const engine = new VoiceEngine(
  {
    sipHost: '127.0.0.1',
    sipPort: 0,
    publicAddress: undefined,
    rtpPorts: { min: 20_000, max: 39_998 },
    tls: undefined,
  },
  log,
);
await engine.start();
const dialer = new SipDialer(
  engine,
  // No database here: every call gets its place on the trunk at once.
  {
    takeCall: async () => ({ waitMs: 0 }),
    renewCalls: async () => {},
    endCall: async () => {},
    callerIdFor: async () => '1000',
  },
  log,
);
const trunk: TrunkTarget = {
  trunkId: 'bench',
  name: 'sipp',
  host: '127.0.0.1',
  port: sipPort,
  transport: 'udp',
  authMode: 'ip',
  codecs: ['PCMU'],
  maxCalls: 0,
  cps: 0,
  auth: null,
  callerIdRule: 'task',
  callerGroupId: null,
  fixedCallerId: null,
  stripPrefix: null,
  optionsIntervalS: 0,
} as unknown as TrunkTarget;

/** The demo's two speech prompts, one after the other, for `seconds` of audio. */
function promptOf(seconds: number): Uint8Array {
  const speech = DEMO_IVR.files.map((f) => readDemoPrompt({ ...f, engine: TTS_ENGINE })?.audio);
  if (speech.some((a) => !a)) throw new Error('demo prompts missing: npm run demo:prompts');
  const out = new Uint8Array(Math.round(seconds * 8000));
  for (let at = 0, i = 0; at < out.length; i++) {
    const part = speech[i % speech.length]!.subarray(0, out.length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A one-node flow: the prompt, 200 ms for a key, end (what a task's "press 1" flow does unanswered). */
function planOf(seconds: number): IvrPlan {
  const audio = promptOf(seconds);
  return {
    flowId: null,
    name: `bench ${seconds} s`,
    codec: 'PCMU',
    start: 'menu',
    nodes: {
      menu: {
        id: 'menu',
        prompt: { fileId: 'bench', name: 'demo speech', audio, durationMs: seconds * 1000 },
        repeat: 1,
        timeoutMs: 200,
        branches: {},
        noKey: { type: 'end', result: 'no_key' },
      },
    },
  };
}

// --- measuring ---

/** Streams playing now (each call's RTP is on the engine's media clock while its prompt plays). */
const playing = () => engine.clock.size;

function sippCpuMs(): number {
  try {
    const f = fs.readFileSync(`/proc/${sipp.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, 100 ticks a second
  } catch {
    return Number.NaN;
  }
}

function rcvbufErrors(): number {
  try {
    const lines = fs.readFileSync('/proc/net/snmp', 'utf8').split('\n');
    const [head, row] = lines.filter((l) => l.startsWith('Udp:'));
    const i = head!.split(/\s+/).indexOf('RcvbufErrors');
    return Number(row!.split(/\s+/)[i]);
  } catch {
    return Number.NaN;
  }
}

/** A measuring window: CPU of this process and of SIPp, event-loop delay, wall time. */
function window() {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu = process.cpuUsage();
  const sippCpu = sippCpuMs();
  const t = performance.now();
  const sent = rtpTotals.packetsSent;
  return () => {
    const wall = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    loop.disable();
    return {
      wall,
      cpuPct: ((used.user + used.system) / 1e3 / (wall * 1000)) * 100,
      sippPct: ((sippCpuMs() - sippCpu) / (wall * 1000)) * 100,
      p99: loop.percentile(99) / 1e6,
      max: loop.max / 1e6,
      loadavg: os.loadavg()[0]!,
      sent: rtpTotals.packetsSent - sent,
    };
  };
}

/** Failures by how they ended: "failed × 3, no_answer 487 × 1". */
const whyOf = (results: CallResult[]) => {
  const counts = new Map<string, number>();
  for (const r of results) if (!r.ok) counts.set(r.why, (counts.get(r.why) ?? 0) + 1);
  return [...counts].map(([why, n]) => `${why} × ${n}`).join(', ');
};

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : Number.NaN;
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

let callNo = 0;
interface CallResult {
  ok: boolean;
  /** How a call that was not answered ended (result and SIP code). */
  why: string;
  setupMs: number;
  answeredAt: number;
}

async function oneCall(plan: IvrPlan): Promise<CallResult> {
  const n = callNo++;
  const outcome = await dialer.dial({
    callId: `bench-${n}`,
    to: `86138${String(n).padStart(8, '0')}`,
    callerId: '1000',
    trunks: [trunk] as unknown as DialRequest['trunks'],
    plan: plan as unknown as DialRequest['plan'],
    ringTimeoutS: 30,
    maxTalkS: 3600,
  });
  return {
    ok: outcome.result === 'answered',
    why: `${outcome.result}${outcome.sipCode ? ` ${outcome.sipCode}` : ''}`,
    setupMs: outcome.ringMs,
    answeredAt: outcome.answeredAt?.getTime() ?? 0,
  };
}

/** Starts `count` calls at `rate` a second on an absolute grid (late starts catch up). */
async function paced(count: number, rate: number, start: (i: number) => Promise<CallResult>) {
  const t0 = performance.now();
  const calls: Promise<CallResult>[] = [];
  for (let i = 0; i < count; ) {
    const due = t0 + (i * 1000) / rate;
    const now = performance.now();
    if (due > now) {
      await new Promise((r) => setTimeout(r, due - now));
      continue;
    }
    calls.push(start(i));
    i++;
  }
  return calls;
}

function rtpSince(before: typeof rtpTotals) {
  const sent = rtpTotals.packetsSent - before.packetsSent;
  const received = rtpTotals.packetsReceived - before.packetsReceived;
  const lost = rtpTotals.packetsLost - before.packetsLost;
  return { sent, received, lost, late: rtpTotals.lateTicks - before.lateTicks };
}

const machine = `${os.cpus().length} cores, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at start`;
console.log(`bench:voice: our worker's dialer against SIPp (UAS, RTP echo) on ${machine}`);

// --- 1. concurrent calls ---

if (values.phase === 'both' || values.phase === 'concurrent') {
  const plan = planOf(SECONDS);
  const rtp0 = { ...rtpTotals };
  const drops0 = rcvbufErrors();
  // The hold window: from when all calls play to when the first stops (sampled every 50 ms).
  let hold: ReturnType<typeof window> | undefined;
  let held: ReturnType<ReturnType<typeof window>> | undefined;
  const sampler = setInterval(() => {
    if (!hold && playing() >= CALLS) hold = window();
    else if (hold && !held && playing() < CALLS) held = hold();
  }, 50);
  const whole = window();
  const calls = await paced(CALLS, RATE, () => oneCall(plan));
  const results = await Promise.all(calls);
  clearInterval(sampler);
  const all = whole();
  const rtp = rtpSince(rtp0);
  const setups = results
    .filter((r) => r.ok)
    .map((r) => r.setupMs)
    .sort((a, b) => a - b);
  const failed = results.filter((r) => !r.ok).length;
  const lossPct = (rtp.lost / Math.max(1, rtp.sent)) * 100;
  const gapPct = ((rtp.sent - rtp.received) / Math.max(1, rtp.sent)) * 100;
  console.log(
    [
      '',
      `concurrent: ${f0(CALLS)} calls started at ${RATE}/s, ${SECONDS} s of speech each (slots 4)`,
      `  all ${f0(CALLS)} up together for     ${held ? f1(held.wall) : '-'} s (the hold window)`,
      `  failed calls                  ${failed}${failed ? ` (${whyOf(results)})` : ''}`,
      `  set-up ms p50 / p99           ${f0(pct(setups, 0.5))} / ${f0(pct(setups, 0.99))}`,
      `  RTP sent / echoes received    ${f0(rtp.sent)} / ${f0(rtp.received)}`,
      `  RTP loss at the receiver      ${f0(rtp.lost)} packets by sequence (${lossPct.toFixed(3)} %); sent − received ${f0(rtp.sent - rtp.received)} (${gapPct.toFixed(3)} %)`,
      `  late media ticks              ${f0(rtp.late)} (of ${f0(rtp.sent)} frames)`,
      `  machine UDP buffer overflows  ${f0(rcvbufErrors() - drops0)}`,
      held
        ? `  hold: event loop p99 / max    ${f1(held.p99)} / ${f1(held.max)} ms`
        : '  hold: not reached (raise --seconds)',
      held
        ? `  hold: CPU                     ${f0(held.cpuPct)} % of a core (${(held.cpuPct / CALLS).toFixed(3)} % per call; ${f0(held.sent / held.wall)} packets/s sent), SIPp ${f0(held.sippPct)} %, load ${f1(held.loadavg)}`
        : '',
      `  whole run: event loop p99 / max ${f1(all.p99)} / ${f1(all.max)} ms, CPU ${f0(all.cpuPct)} % over ${f1(all.wall)} s`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

// --- 2. set-ups per second ---

if (values.phase === 'both' || values.phase === 'ramp') {
  const plan = planOf(HOLD);
  console.log(
    `\nset-ups per second: steps of ${STEP} s, each call ${HOLD} s of speech\n` +
      '  offered/s  answered/s  failed  set-up p50/p99 ms  loop p99/max ms  CPU %  CPU ms/call  peak playing  loss %   SIPp %  load',
  );
  for (const rate of RAMP) {
    const rtp0 = { ...rtpTotals };
    const w = window();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, playing());
    }, 50);
    const calls = await paced(Math.round(rate * STEP), rate, () => oneCall(plan));
    const results = await Promise.all(calls);
    clearInterval(sampler);
    const m = w();
    const ok = results.filter((r) => r.ok);
    const answers = ok.map((r) => r.answeredAt).sort((a, b) => a - b);
    const span = answers.length > 1 ? (answers.at(-1)! - answers[0]!) / 1000 : Number.NaN;
    const setups = ok.map((r) => r.setupMs).sort((a, b) => a - b);
    const rtp = rtpSince(rtp0);
    const cpuMs = (m.cpuPct / 100) * m.wall * 1000;
    console.log(
      [
        String(rate).padStart(9),
        f1((answers.length - 1) / span).padStart(11),
        String(results.length - ok.length).padStart(7),
        `${f0(pct(setups, 0.5))} / ${f0(pct(setups, 0.99))}`.padStart(18),
        `${f1(m.p99)} / ${f1(m.max)}`.padStart(16),
        f0(m.cpuPct).padStart(6),
        f1(cpuMs / results.length).padStart(12),
        String(peak).padStart(11),
        ((rtp.lost / Math.max(1, rtp.sent)) * 100).toFixed(3).padStart(7),
        f0(m.sippPct).padStart(8),
        f1(m.loadavg).padStart(5),
        results.length > ok.length ? `  (${whyOf(results)})` : '',
      ].join(' '),
    );
  }
}

await engine.stop();
sipp.kill('SIGTERM');
// What SIPp took as errors (-trace_err), if anything: the last lines.
for (const name of fs.readdirSync(sippDir).filter((n) => n.endsWith('_errors.log'))) {
  const lines = fs.readFileSync(path.join(sippDir, name), 'utf8').trim().split('\n');
  console.log(`\nSIPp ${name} (${lines.length} lines), last:\n${lines.slice(-6).join('\n')}`);
}
if (process.env.BENCH_KEEP_SIPP) console.log(`SIPp logs kept in ${sippDir}`);
else fs.rmSync(sippDir, { recursive: true, force: true });

/**
 * `npm run bench:smsc`: submit_sm per second over loopback against the simulator with a window of
 * 10 requests in flight (BENCH_WINDOW) for BENCH_SECONDS (5) per run: the simulator in this
 * process (as the server's demo mode runs it) and in a process of its own (as a real SMSC is),
 * without receipts, with receipts answered by the client, and (for comparison) with Nagle left
 * on at both ends. Figures only; nothing is asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import smpp, { type Pdu, type Session } from 'smpp';
import { startSmsc } from '../src';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const window = Number(process.env.BENCH_WINDOW ?? 10);

interface Run {
  name: string;
  noDelay: boolean;
  receipts: boolean;
  /** The simulator in a child process rather than this one. */
  separate: boolean;
}

interface Target {
  port: number;
  stop(): Promise<unknown>;
}

async function inProcess(noDelay: boolean): Promise<Target> {
  const smsc = await startSmsc({
    accounts: [{ systemId: 'bench', password: 'bench' }],
    noDelay,
    maxRecords: 10_000,
  });
  return { port: smsc.port, stop: () => smsc.stop() };
}

async function childProcess(noDelay: boolean): Promise<Target> {
  const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(new URL('./server.ts', import.meta.url));
  const child: ChildProcess = spawn(tsx, [script], {
    env: { ...process.env, BENCH_NODELAY: noDelay ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function connect(port: number, noDelay: boolean): Promise<Session> {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ host: '127.0.0.1', port });
    session.socket.setNoDelay(noDelay);
    session.once('error', reject);
    session.once('connect', () =>
      session.bind_transceiver({ system_id: 'bench', password: 'bench' }, (resp: Pdu) =>
        resp.command_status === 0
          ? resolve(session)
          : reject(new Error(`bind status ${resp.command_status}`)),
      ),
    );
  });
}

async function run({ name, noDelay, receipts, separate }: Run): Promise<void> {
  const smsc = separate ? await childProcess(noDelay) : await inProcess(noDelay);
  const session = await connect(smsc.port, noDelay);
  let received = 0;
  session.on('deliver_sm', (pdu: Pdu) => {
    received++;
    session.send(pdu.response());
  });
  let ok = 0;
  let failed = 0;
  let inFlight = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await new Promise<void>((resolve) => {
    const send = () => {
      inFlight++;
      session.submit_sm(
        {
          source_addr: 'Bench',
          destination_addr: '8613800000000',
          registered_delivery: receipts ? 1 : 0,
          data_coding: 0,
          short_message: 'Your verification code is 123456',
        },
        (resp: Pdu) => {
          inFlight--;
          if (resp.command_status === 0) ok++;
          else failed++;
          if (performance.now() < deadline) send();
          else if (inFlight === 0) resolve();
        },
      );
    };
    for (let i = 0; i < window; i++) send();
  });
  const elapsed = (performance.now() - started) / 1000;
  session.destroy();
  await smsc.stop();
  const rate = (n: number) => Math.round(n / elapsed).toLocaleString('en-US');
  console.log(
    `${name.padEnd(48)} ${rate(ok).padStart(7)} submits/s` +
      (receipts ? `, ${rate(received).padStart(7)} receipts/s` : '') +
      (failed ? ` (${failed} refused)` : ''),
  );
}

const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`smsc-sim over loopback, window ${window}, ${seconds} s per run (load average ${load})`);
const runs: Run[] = [
  { name: 'one process, setNoDelay, no receipts', noDelay: true, receipts: false, separate: false },
  { name: 'one process, setNoDelay, receipts answered', noDelay: true, receipts: true, separate: false },
  { name: 'one process, Nagle left on, no receipts', noDelay: false, receipts: false, separate: false },
  { name: 'two processes, setNoDelay, no receipts', noDelay: true, receipts: false, separate: true },
  { name: 'two processes, setNoDelay, receipts answered', noDelay: true, receipts: true, separate: true },
  { name: 'two processes, Nagle left on, no receipts', noDelay: false, receipts: false, separate: true },
];
for (const r of runs) await run(r);

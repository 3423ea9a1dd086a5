/** Runs SIPp as a child process for the tests; `SIPP` is undefined when it is not installed. */
import { execFileSync, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findSipp(): string | undefined {
  try {
    execFileSync('sipp', ['-v'], { stdio: 'ignore' });
    return 'sipp';
  } catch (err) {
    // `sipp -v` exits non-zero after printing its version; only a missing binary throws ENOENT.
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'sipp';
  }
}
export const SIPP = findSipp();
export const SKIP_REASON = 'SIPp is not installed (apt-get install -y sip-tester): SIPp scenarios skipped';

export async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface SippRun {
  /** Resolves with SIPp's exit code (0: every call succeeded) and its output. */
  done: Promise<{ code: number | null; output: string }>;
  kill(): void;
}

export function runSipp(args: string[]): SippRun {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sipp-'));
  const child = spawn(
    SIPP ?? 'sipp',
    ['-nostdin', '-timeout', '30s', '-timeout_error', '-trace_err', ...args],
    {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return {
    done: new Promise((resolve) =>
      child.on('close', (code) => resolve({ code, output: `${output.slice(-3000)}\n(logs in ${cwd})` })),
    ),
    kill: () => child.kill('SIGTERM'),
  };
}

/** Resolves once something accepts TCP connections on `port` (SIPp with -t t1 has started). */
export async function tcpListening(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on TCP ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

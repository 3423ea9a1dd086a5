/**
 * sox for the voice tests (`apt-get install -y sox`; `.ci/run` installs it): audio made and read
 * by an implementation that is not ours. `SOX` is false without it, and the tests that need it are
 * skipped, saying so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function hasSox(): boolean {
  try {
    execFileSync('sox', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
export const SOX = hasSox();
export const SOX_SKIP_REASON =
  'sox is not installed (apt-get install -y sox): the checks against sox are skipped';

/** Runs sox with `args`, where `{in}` is a file holding `input` and `{out}` a file read back after. */
export function sox(args: string[], input?: Uint8Array, outExt = 'wav'): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sox-'));
  try {
    const inFile = path.join(dir, 'in');
    const outFile = path.join(dir, `out.${outExt}`);
    if (input) fs.writeFileSync(inFile, input);
    execFileSync(
      'sox',
      args.map((a) => a.replace('{in}', inFile).replace('{out}', outFile)),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return new Uint8Array(fs.readFileSync(outFile));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What a call should carry of a WAV file, as sox makes it: mono (mean), 8 kHz, peak at -1 dBFS, 16-bit samples. */
export function soxTelephonyReference(wav: Uint8Array): Int16Array {
  const raw = sox(
    ['-t', 'wav', '{in}', '-t', 's16', '{out}', 'remix', '-', 'rate', '8000', 'gain', '-n', '-1'],
    wav,
    's16',
  );
  return new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
}

/** µ-law bytes decoded by sox to 16-bit samples. */
export function soxDecodeMulaw(audio: Uint8Array): Int16Array {
  const raw = sox(['-t', 'ul', '-r', '8000', '-c', '1', '{in}', '-t', 's16', '{out}'], audio, 's16');
  return new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
}

/**
 * Signal-to-noise ratio of `actual` against `reference` in dB, over their common length less
 * `edge` samples at each end (where resamplers differ in how they start and stop).
 */
export function snrDb(reference: ArrayLike<number>, actual: ArrayLike<number>, edge = 80): number {
  const n = Math.min(reference.length, actual.length);
  let signal = 0;
  let noise = 0;
  for (let i = edge; i < n - edge; i++) {
    const r = reference[i] as number;
    const d = (actual[i] as number) - r;
    signal += r * r;
    noise += d * d;
  }
  return noise === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10(signal / noise);
}

/**
 * CPU-heavy audio work off the event loop: `toTelephonyOffThread` runs `toTelephony` (read,
 * resample to 8 kHz, normalise, encode) in a worker thread, so a server resampling a long upload
 * or a text-to-speech result (264 s of Mandarin: about 2 s of CPU on a loaded machine) keeps
 * answering requests and keeps its calls' RTP on time meanwhile.
 *
 * One worker per process, started on the first job and ended after `IDLE_MS` without one (it
 * never keeps the process alive). Jobs run one at a time in the order given. A `WavError` thrown
 * in the worker is thrown here again with its reason; if the worker dies, its jobs fail and the
 * next job starts a new one.
 *
 * Where the worker's code is: beside this file (`worker.ts`, run through tsx's loader) when
 * running from the TypeScript sources (tests, `npm run dev`, the benches), or beside the server's
 * bundle (`AUDIO_WORKER_BUNDLE`, which `apps/server/build.mjs` writes next to `main.mjs`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { G711Codec } from './g711';
import type { TelephonyAudio } from './telephony';
import { WavError } from './wav';

/** The worker's file name beside a bundle (apps/server/build.mjs writes it). */
export const AUDIO_WORKER_BUNDLE = 'audio-worker.mjs';
/** A worker with nothing to do for this long is ended. */
const IDLE_MS = 30_000;

export interface AudioJob {
  id: number;
  wav: Uint8Array;
  codec: G711Codec;
}

export type AudioJobResult =
  | { id: number; ok: true; audio: Uint8Array; durationMs: number }
  | { id: number; ok: false; name: string; message: string; reason?: WavError['reason'] };

interface Pending {
  resolve: (audio: TelephonyAudio) => void;
  reject: (error: Error) => void;
  codec: G711Codec;
}

/** tsx's `tsImport` (its package's `./esm/api` export, as `import` resolves it). */
function tsxApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const exported = JSON.parse(readFileSync(manifest, 'utf8')).exports['./esm/api'].import.default;
  return pathToFileURL(path.join(path.dirname(manifest), exported)).href;
}

/** The worker: the bundled file beside the bundle, or `worker.ts` through tsx from the sources. */
function startThread(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${AUDIO_WORKER_BUNDLE}`, here));
  const entry = new URL('./worker.ts', here).href;
  const code = `import(${JSON.stringify(tsxApi(here))}).then((t) => t.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
  return new Worker(code, { eval: true });
}

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const w = startThread();
  w.unref();
  w.on('message', (r: AudioJobResult) => {
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    if (r.ok) p.resolve({ codec: p.codec, audio: r.audio, durationMs: r.durationMs });
    else if (r.reason) p.reject(new WavError(r.reason, r.message));
    else p.reject(Object.assign(new Error(r.message), { name: r.name }));
    if (pending.size === 0) idleTimer();
  });
  const gone = (error: Error) => {
    if (worker !== w) return;
    worker = undefined;
    failAll(error);
  };
  w.on('error', (error) => gone(error instanceof Error ? error : new Error(String(error))));
  w.on('exit', (code) => gone(new Error(`the audio worker stopped (exit code ${code})`)));
  return w;
}

function idleTimer(): void {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    idle = undefined;
    if (pending.size > 0 || !worker) return;
    const w = worker;
    worker = undefined;
    void w.terminate();
  }, IDLE_MS);
  idle.unref();
}

/** `toTelephony` in the audio worker thread: any WAV `readWav` takes to 8 kHz G.711. */
export function toTelephonyOffThread(wav: Uint8Array, codec: G711Codec): Promise<TelephonyAudio> {
  if (idle) clearTimeout(idle);
  idle = undefined;
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<TelephonyAudio>((resolve, reject) => {
    pending.set(id, { resolve, reject, codec });
    // Copied to the worker: the caller's bytes stay the caller's (a Buffer may share its pool).
    w.postMessage({ id, wav, codec } satisfies AudioJob);
  });
}

/** Ends the audio worker now (failing jobs still running); the next job starts another. */
export async function stopAudioWorker(): Promise<void> {
  if (idle) clearTimeout(idle);
  idle = undefined;
  const w = worker;
  worker = undefined;
  failAll(new Error('the audio worker was stopped'));
  await w?.terminate();
}

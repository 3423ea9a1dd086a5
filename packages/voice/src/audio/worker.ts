/**
 * The audio worker thread (see `off-thread.ts`): converts WAV files to telephony audio off the
 * event loop of the process that asked. One job at a time, in the order they came.
 */
import { parentPort } from 'node:worker_threads';
import type { AudioJob, AudioJobResult } from './off-thread';
import { toTelephony } from './telephony';
import { WavError } from './wav';

parentPort?.on('message', (job: AudioJob) => {
  let reply: AudioJobResult;
  try {
    const result = toTelephony(job.wav, job.codec);
    reply = { id: job.id, ok: true, audio: result.audio, durationMs: result.durationMs };
  } catch (error) {
    reply = {
      id: job.id,
      ok: false,
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof WavError ? { reason: error.reason } : {}),
    };
  }
  parentPort?.postMessage(reply, reply.ok ? [reply.audio.buffer as ArrayBuffer] : []);
});

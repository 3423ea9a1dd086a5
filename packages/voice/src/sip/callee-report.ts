/**
 * What a callee received, as it reports it at the end of a call: the body of its BYE, or of its
 * 200 to ours, typed CALLEE_REPORT_TYPE. The carrier simulator sends one for every answered
 * call; the CLI test shows it (a real carrier's callee sends none: nothing is invented then).
 */
import { type G711Codec, g711Decode } from '../audio/g711';

export const CALLEE_REPORT_TYPE = 'application/vnd.switchboard.callee-report+json';

export interface CalleeReport {
  /** The calling number as presented to the callee: the user part of From. */
  from: string;
  displayName: string | null;
  /** P-Asserted-Identity, when the call carried one. */
  assertedIdentity: string | null;
  /** The called number as it arrived (request-URI user part). */
  to: string;
  /** The codec the callee answered with. */
  codec: string | null;
  /** Key presses it heard (RFC 4733). */
  keys: string;
  /** Audio packets received, what they add up to, and their level (RMS, dBFS; null: none). */
  audioPackets: number;
  audioMs: number;
  levelDbfs: number | null;
}

/** Reads a report body; undefined when it is not one (another type, not JSON, wrong shape). */
export function parseCalleeReport(contentType: string | undefined, body: string): CalleeReport | undefined {
  if (!contentType || contentType.split(';')[0]!.trim().toLowerCase() !== CALLEE_REPORT_TYPE)
    return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x.slice(0, 256) : null);
  const count = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? Math.round(x) : 0);
  return {
    from: text(v.from) ?? '',
    displayName: text(v.displayName),
    assertedIdentity: text(v.assertedIdentity),
    to: text(v.to) ?? '',
    codec: text(v.codec),
    keys: (text(v.keys) ?? '').slice(0, 64),
    audioPackets: count(v.audioPackets),
    audioMs: count(v.audioMs),
    levelDbfs:
      typeof v.levelDbfs === 'number' && Number.isFinite(v.levelDbfs)
        ? Math.round(v.levelDbfs * 10) / 10
        : null,
  };
}

/** Sums what a callee hears: packets, their length and their level, for its report. */
export class HeardAudio {
  packets = 0;
  private samples = 0;
  private squares = 0;

  add(payload: Uint8Array, codec: G711Codec): void {
    this.packets++;
    const pcm = g711Decode(payload, codec);
    this.samples += pcm.length;
    for (const s of pcm) this.squares += s * s;
  }

  /** Milliseconds of audio (8 kHz). */
  get ms(): number {
    return Math.round(this.samples / 8);
  }

  /** RMS level in dBFS (null: nothing heard; digital silence is far below -90). */
  get levelDbfs(): number | null {
    if (this.samples === 0) return null;
    const rms = Math.sqrt(this.squares / this.samples) / 32768;
    return rms === 0 ? -120 : Math.max(-120, Math.round(200 * Math.log10(rms)) / 10);
  }
}

import type { CalleeReportView, CallResult, SipLadderEntry } from '@switchboard/contracts';
import { type CodecName, dialWithMedia, g711Encode, parseCalleeReport } from '@switchboard/voice';
import { resultOf } from '../call-task';
import { sipPeerOf, type TrunkService, type TrunkTarget } from '../trunk';
import type { VoiceEngine } from '../voice-engine';

/** How long a test call rings at most before it is cancelled. */
export const CLI_RING_TIMEOUT_S = 30;
/** The ladder keeps at most this many messages, each at most this long. */
const LADDER_MAX = 60;
const MESSAGE_TEXT_MAX = 4000;
/** The keys are pressed this long after the answer. */
const KEYS_AFTER_MS = 500;

export interface CliTestCall {
  id: string;
  to: string;
  callerId: string;
  keys: string;
  holdS: number;
}

export interface CliTestOutcome {
  sentCallerId: string;
  result: CallResult;
  sipCode: number | null;
  error: string | null;
  ringMs: number | null;
  talkMs: number | null;
  ladder: SipLadderEntry[];
  media: {
    codec: string | null;
    packetsSent: number;
    packetsReceived: number;
    keysSent: string;
    keysReceived: string;
  } | null;
  callee: CalleeReportView | null;
}

/** A test tone: `seconds` of 440 Hz at -10 dBFS peak, in the call's codec. */
export function testTone(seconds: number, codec: CodecName): Uint8Array {
  const samples = new Int16Array(seconds * 8000);
  const amplitude = 32767 * 10 ** (-10 / 20);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return g711Encode(samples, codec);
}

const dialString = (to: string) => to.replace(/[^\d+]/g, '');

/**
 * One CLI test call over this process's SIP stack: the chosen caller ID through the trunk's
 * caller-ID rule, the INVITE (digest answered), on answer a test tone for `holdS` seconds and the
 * keys pressed, then our BYE (or theirs). Answers the SIP ladder (every message with its time),
 * our side of the media, and what the callee reported it received (the carrier simulator sends
 * it with the end of the call; a callee that sends none leaves it null).
 */
export async function placeCliTest(
  voice: VoiceEngine,
  trunks: Pick<TrunkService, 'takeCall' | 'endCall' | 'callerIdFor'>,
  target: TrunkTarget,
  test: CliTestCall,
): Promise<CliTestOutcome> {
  const sentCallerId = (await trunks.callerIdFor(target, test.callerId, `cli:${test.id}`)) || 'anonymous';
  const failed = (error: string): CliTestOutcome => ({
    sentCallerId,
    result: 'failed',
    sipCode: null,
    error,
    ringMs: null,
    talkMs: null,
    ladder: [],
    media: null,
    callee: null,
  });
  const stack = await voice.stack();
  const codecs = (target.codecs.length > 0 ? target.codecs : ['PCMU', 'PCMA']) as CodecName[];
  // The test's place on the trunk, as every call's (shared by every process, paced at its calls
  // per second); it lasts past the longest test, a dead worker's goes after that.
  const placeId = `cli:${test.id}@${target.trunkId}`;
  const place = await trunks.takeCall(target, placeId, (CLI_RING_TIMEOUT_S + 60) * 1000);
  if (!place) return failed('The trunk is at its limit of concurrent calls');
  try {
    if (place.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, place.waitMs));
    const started = Date.now();
    const { call, rtp, media } = await dialWithMedia(
      stack,
      {
        to: dialString(test.to),
        from: sentCallerId,
        target: sipPeerOf(target),
        ...(target.auth ? { auth: { username: target.auth.username, password: target.auth.password } } : {}),
        ringTimeoutMs: CLI_RING_TIMEOUT_S * 1000,
      },
      {
        portRange: voice.rtpPorts,
        codecs,
        clock: voice.clock,
        ...(voice.rtpHost ? { rtpHost: voice.rtpHost } : {}),
      },
    );
    let keysReceived = '';
    rtp.on('dtmf', (key) => {
      keysReceived += key;
    });
    const negotiated = await media.catch(() => undefined);
    let answeredAt: number | null = null;
    if (negotiated) {
      answeredAt = Date.now();
      void rtp.play(testTone(test.holdS, negotiated.codec));
      const keys = setTimeout(() => {
        for (const key of test.keys) rtp.sendDtmf(key, 120);
      }, KEYS_AFTER_MS);
      const hold = setTimeout(() => call.hangup(), test.holdS * 1000);
      await call.done;
      clearTimeout(keys);
      clearTimeout(hold);
    }
    const end = await call.done;
    const ended = Date.now();
    const report = call.endBody ? parseCalleeReport(call.endBody.contentType, call.endBody.body) : undefined;
    return {
      sentCallerId,
      result: negotiated ? 'answered' : resultOf(end),
      sipCode: negotiated ? 200 : (end.sipCode ?? null),
      error: null,
      ringMs: (answeredAt ?? ended) - started,
      talkMs: answeredAt === null ? 0 : ended - answeredAt,
      ladder: call.trace.entries.slice(0, LADDER_MAX).map((e) => ({
        atMs: e.atMs,
        dir: e.dir,
        peer: e.peer,
        summary: e.summary.slice(0, 200),
        text: e.text.slice(0, MESSAGE_TEXT_MAX),
      })),
      media: negotiated
        ? {
            codec: negotiated.codec,
            packetsSent: rtp.stats.packetsSent,
            packetsReceived: rtp.stats.packetsReceived,
            keysSent: test.keys,
            keysReceived,
          }
        : null,
      callee: report ?? null,
    };
  } catch (error) {
    return failed(error instanceof Error ? error.message.slice(0, 256) : String(error).slice(0, 256));
  } finally {
    await trunks.endCall(placeId).catch(() => {});
  }
}

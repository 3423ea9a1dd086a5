/**
 * A B2BUA bridge of two call legs, each a SIP call (ours as UAC or UAS) with its own RTP session:
 * audio relayed both ways on the shared media clock (each leg sends what the other heard, one frame
 * a tick, transcoded between µ-law and A-law where the legs differ), RFC 4733 key events passed
 * through (restamped, duration and end kept), and the end of either leg (its BYE, or ours) ends
 * the other. What an IVR transfer to a number and the call centre's seats build on.
 */
import { transcode } from '../audio/telephony';
import type { CodecName } from '../sdp/sdp';
import type { EndInfo } from '../sip/client-call';
import type { RtpPacket, TelephoneEvent } from './packet';
import type { RtpSession } from './session';

/** One side of a bridge: an answered call (ClientCall or ServerCall) and its media. */
export interface BridgeLeg {
  call: {
    readonly done: Promise<EndInfo>;
    /** BYE when answered (CANCEL or 480 while ringing); nothing once ended. */
    hangup(): void;
  };
  rtp: RtpSession;
  /** The leg's negotiated codec. */
  codec: CodecName;
}

export type BridgeSide = 'a' | 'b';

export interface BridgeEnd {
  /** The leg whose end ended the bridge, or `us` (`stop()`). */
  endedBy: BridgeSide | 'us';
  a: EndInfo;
  b: EndInfo;
  /** How long the legs were bridged, from `bridgeCalls()` to the first end. */
  bridgedMs: number;
}

export interface CallBridge {
  /** Resolves once both legs have ended. */
  readonly done: Promise<BridgeEnd>;
  /** Hangs up both legs (the bridge's own end: a maximum talk time, a shutdown). */
  stop(): void;
}

/**
 * Bridges two answered legs until one ends. Each leg's RTP session is put in relay mode (what it
 * was playing or echoing stops); the listeners come off when the bridge ends.
 */
export function bridgeCalls(a: BridgeLeg, b: BridgeLeg): CallBridge {
  const startedAt = performance.now();
  let endedBy: BridgeSide | 'us' | undefined;
  let bridgedMs = 0;
  const detach: (() => void)[] = [];

  const wire = (from: BridgeLeg, to: BridgeLeg) => {
    const onAudio = (payload: Uint8Array) => {
      to.rtp.relay(from.codec === to.codec ? payload : transcode(payload, from.codec, to.codec));
    };
    const onEvent = (event: TelephoneEvent, packet: RtpPacket) => to.rtp.relayEvent(event, packet.timestamp);
    from.rtp.on('audio', onAudio);
    from.rtp.on('event', onEvent);
    detach.push(() => {
      from.rtp.off('audio', onAudio);
      from.rtp.off('event', onEvent);
    });
  };
  for (const leg of [a, b]) {
    leg.rtp.echo = false;
    leg.rtp.stop();
    leg.rtp.setRelaying(true);
  }
  wire(a, b);
  wire(b, a);

  const finish = (by: BridgeSide | 'us') => {
    if (endedBy) return;
    endedBy = by;
    bridgedMs = performance.now() - startedAt;
    for (const d of detach.splice(0)) d();
    a.rtp.setRelaying(false);
    b.rtp.setRelaying(false);
    if (by !== 'a') a.call.hangup();
    if (by !== 'b') b.call.hangup();
  };
  void a.call.done.then(() => finish('a'));
  void b.call.done.then(() => finish('b'));

  const done = Promise.all([a.call.done, b.call.done]).then(([ea, eb]) => ({
    endedBy: endedBy ?? 'us',
    a: ea,
    b: eb,
    bridgedMs,
  }));
  return { done, stop: () => finish('us') };
}

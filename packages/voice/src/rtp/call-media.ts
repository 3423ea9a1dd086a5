/**
 * A call with its media: the SIP call plus its RTP session, the SDP offer or answer made from the
 * session's port, and the negotiated codec applied when the other side has answered. What the
 * server's dialer and the simulator build on.
 */
import {
  acceptAnswer,
  answerOffer,
  buildSdp,
  type CodecName,
  type NegotiatedMedia,
  SdpError,
} from '../sdp/sdp';
import type { ClientCall, InviteOptions } from '../sip/client-call';
import type { ServerCall } from '../sip/server-call';
import type { SipStack } from '../sip/stack';
import type { MediaClock } from './clock';
import { RtpSession } from './session';

export interface MediaOptions {
  /** The address RTP binds to and the SDP announces (the stack's public address if not given). */
  rtpHost?: string;
  portRange?: { min: number; max: number };
  codecs?: CodecName[];
  clock?: MediaClock;
}

export interface DialledCall {
  call: ClientCall;
  rtp: RtpSession;
  /** Resolves with the negotiated media once answered; rejects if the call ends first or the answer has no usable codec. */
  media: Promise<NegotiatedMedia>;
}

function openRtp(stack: SipStack, o: MediaOptions): Promise<RtpSession> {
  const opts: Parameters<typeof RtpSession.open>[0] = { host: o.rtpHost ?? stack.config.host };
  if (o.portRange) opts.portRange = o.portRange;
  if (o.clock) opts.clock = o.clock;
  return RtpSession.open(opts);
}

/** Places a call offering `codecs` (PCMU, PCMA) and telephone-event; the RTP session closes when the call ends. */
export async function dialWithMedia(
  stack: SipStack,
  invite: Omit<InviteOptions, 'sdp'>,
  o: MediaOptions = {},
): Promise<DialledCall> {
  const rtp = await openRtp(stack, o);
  const codecs = o.codecs ?? ['PCMU', 'PCMA'];
  const call = stack.invite({
    ...invite,
    sdp: buildSdp({ address: o.rtpHost ?? stack.address, port: rtp.port, codecs }),
  });
  call.once('ended', () => rtp.close());
  const media = new Promise<NegotiatedMedia>((resolve, reject) => {
    call.answered().then(
      (sdp) => {
        try {
          const m = acceptAnswer(sdp, codecs);
          rtp.setRemote(m);
          resolve(m);
        } catch (err) {
          call.hangup();
          reject(err);
        }
      },
      (end) => reject(Object.assign(new Error(`call ended: ${end.cause}`), { end })),
    );
  });
  media.catch(() => {});
  return { call, rtp, media };
}

/**
 * Answers an incoming call with media: picks a codec from the offer, opens RTP and sends the 200.
 * Rejects the call with 488 (and throws SdpError) when the offer has nothing we take.
 */
export async function answerWithMedia(
  stack: SipStack,
  call: ServerCall,
  o: MediaOptions = {},
): Promise<{ rtp: RtpSession; media: NegotiatedMedia }> {
  const rtp = await openRtp(stack, o);
  let answer: ReturnType<typeof answerOffer>;
  try {
    answer = answerOffer(call.remoteSdp, {
      address: o.rtpHost ?? stack.address,
      port: rtp.port,
      prefer: o.codecs ?? ['PCMU', 'PCMA'],
    });
  } catch (err) {
    rtp.close();
    call.reject(488);
    throw err instanceof SdpError ? err : new SdpError(String(err));
  }
  if (call.state !== 'ringing') {
    rtp.close();
    throw new Error('the call ended before it was answered');
  }
  rtp.setRemote(answer.media);
  call.once('ended', () => rtp.close());
  call.answer(answer.sdp);
  return { rtp, media: answer.media };
}

import type { CallResult, IvrPlan } from '@switchboard/contracts';
import { type CodecName, dialWithMedia, type EndInfo } from '@switchboard/voice';
import type { Logger } from '../../platform/logger';
import type { TrunkService, TrunkTarget } from '../trunk';
import { runIvr, type VoiceEngine } from '../voice-engine';
import type { Dialer, DialOutcome, DialRequest } from './ports';

/** Answers before any answer that send the call on to the next trunk (the trunk, not the number, failed). */
export function failsOver(end: EndInfo): boolean {
  if (end.sipCode === undefined) return end.cause === 'failed'; // no answer at all: time-out, transport error
  return end.sipCode === 408 || (end.sipCode >= 500 && end.sipCode < 600);
}

/** A call's end cause as a task's result. */
export function resultOf(end: EndInfo): CallResult {
  switch (end.cause) {
    case 'busy':
    case 'rejected':
    case 'invalid_number':
    case 'failed':
    case 'no_answer':
      return end.cause;
    case 'cancelled':
      return 'no_answer';
    default:
      return 'failed';
  }
}

/** The called number as the request-URI's user part: digits, with the leading + kept. */
const dialString = (to: string) => to.replace(/[^\d+]/g, '');

/**
 * The SIP dialer of the task engine (`callPorts.dialer` in worker processes): tries the ordered
 * trunks in turn, skipping one at its concurrent-call limit or on a transport it lacks (TLS),
 * pacing each trunk's call starts to its calls per second (per process), and
 * goes on to the next on 408, 5xx or no answer at all before the call is answered; sends the
 * trunk's caller ID (its rule applied to the task's) and digest credentials; on answer runs the
 * IVR plan (transfers are not placed yet: the call ends there, the keys kept), hangs up at the
 * task's maximum talk time, and counts its calls on the trunk (`callStarted`/`callEnded`).
 */
export class SipDialer implements Dialer {
  /** Per trunk: the earliest a next call may start in this process (its calls per second). */
  private readonly nextStart = new Map<string, number>();

  constructor(
    private readonly voice: VoiceEngine,
    private readonly trunks: Pick<TrunkService, 'callStarted' | 'callEnded' | 'callerIdFor' | 'localCallsUp'>,
    private readonly log?: Logger,
  ) {}

  async dial(request: DialRequest): Promise<DialOutcome> {
    const startedAt = new Date();
    const targets = request.trunks as unknown as TrunkTarget[];
    let last: DialOutcome = {
      result: 'failed',
      startedAt,
      endedAt: startedAt,
      ringMs: 0,
      talkMs: 0,
      keys: '',
    };
    for (const target of targets) {
      if (target.transport === 'tls') continue;
      if (target.maxCalls > 0 && this.trunks.localCallsUp(target.trunkId) >= target.maxCalls) continue;
      const outcome = await this.attempt(request, target, startedAt);
      if (outcome.attempt === 'next') {
        last = outcome.outcome;
        continue;
      }
      return outcome.outcome;
    }
    return last;
  }

  /** Waits for the trunk's next call slot (`cps` calls a second, in this process). */
  private async pace(target: TrunkTarget): Promise<void> {
    if (!(target.cps > 0)) return;
    const now = Date.now();
    const at = Math.max(now, this.nextStart.get(target.trunkId) ?? 0);
    this.nextStart.set(target.trunkId, at + 1000 / target.cps);
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  private async attempt(
    request: DialRequest,
    target: TrunkTarget,
    startedAt: Date,
  ): Promise<{ attempt: 'done' | 'next'; outcome: DialOutcome }> {
    const stack = await this.voice.stack();
    await this.pace(target);
    const callerId = await this.trunks.callerIdFor(
      target,
      request.callerId ?? '',
      request.taskId ?? request.callId,
    );
    const codecs = (target.codecs.length > 0 ? target.codecs : ['PCMU', 'PCMA']) as CodecName[];
    const tried = new Date();
    this.trunks.callStarted(target.trunkId);
    try {
      const { call, rtp, media } = await dialWithMedia(
        stack,
        {
          to: dialString(request.to),
          from: callerId || 'anonymous',
          target: { host: target.host, port: target.port, transport: target.transport as 'udp' | 'tcp' },
          ...(target.auth
            ? { auth: { username: target.auth.username, password: target.auth.password } }
            : {}),
          ringTimeoutMs: request.ringTimeoutS * 1000,
        },
        {
          portRange: this.voice.rtpPorts,
          codecs,
          clock: this.voice.clock,
          ...(this.voice.rtpHost ? { rtpHost: this.voice.rtpHost } : {}),
        },
      );
      const negotiated = await media.catch(() => undefined);
      if (!negotiated) {
        const end = await call.done;
        const endedAt = new Date();
        const outcome: DialOutcome = {
          result: resultOf(end),
          trunkId: target.trunkId,
          startedAt,
          endedAt,
          ringMs: endedAt.getTime() - tried.getTime(),
          talkMs: 0,
          keys: '',
          hangupBy: end.by,
          ...(end.sipCode !== undefined ? { sipCode: end.sipCode } : {}),
        };
        return { attempt: failsOver(end) ? 'next' : 'done', outcome };
      }
      const answeredAt = new Date();
      const maxTalk = setTimeout(() => call.hangup(), request.maxTalkS * 1000);
      const ivr = await runIvr(rtp, request.plan as unknown as IvrPlan, negotiated.codec, call.done).catch(
        (error: unknown) => {
          this.log?.warn({ err: error, callId: request.callId }, 'IVR run failed; hanging up');
          return { how: 'end' as const, result: '', keys: '' };
        },
      );
      if (ivr.how === 'transfer')
        this.log?.info(
          { callId: request.callId, number: ivr.number },
          'IVR transfer asked: transfers are not placed yet',
        );
      call.hangup();
      const end = await call.done;
      clearTimeout(maxTalk);
      const endedAt = new Date();
      return {
        attempt: 'done',
        outcome: {
          result: 'answered',
          sipCode: 200,
          trunkId: target.trunkId,
          startedAt,
          answeredAt,
          endedAt,
          ringMs: answeredAt.getTime() - tried.getTime(),
          talkMs: endedAt.getTime() - answeredAt.getTime(),
          keys: ivr.keys,
          ivrResult: ivr.how === 'end' ? ivr.result : '',
          hangupBy: end.by,
        },
      };
    } catch (error) {
      this.log?.warn({ err: error, trunkId: target.trunkId }, 'call could not be placed on the trunk');
      const endedAt = new Date();
      return {
        attempt: 'next',
        outcome: {
          result: 'failed',
          trunkId: target.trunkId,
          startedAt,
          endedAt,
          ringMs: 0,
          talkMs: 0,
          keys: '',
        },
      };
    } finally {
      this.trunks.callEnded(target.trunkId);
    }
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
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

/** How long a call's place on a trunk holds unless renewed (the dialer renews it while the call lasts). */
export const TRUNK_CALL_LEASE_MS = 20_000;
/** While every trunk of a call is full: how often a place is asked for again, and for how long at most. */
const FULL_RETRY_MS = 200;
export const TRUNK_FULL_WAIT_MS = 60_000;

/**
 * The SIP dialer of the task engine (`callPorts.dialer` in worker processes): tries the ordered
 * trunks in turn, skipping one on a transport it lacks (TLS) or at its max concurrent calls; takes
 * each call's place on its trunk through the database (`trunks.takeCall`), so a trunk's max
 * concurrent calls and calls per second hold across every worker process, waits for the call's
 * start slot, and goes on to the next trunk on 408, 5xx or no answer at all before the call is
 * answered. When every trunk is full it asks again until a place frees (at most
 * TRUNK_FULL_WAIT_MS, then the call fails unplaced). Sends the trunk's caller ID (its rule applied
 * to the task's) and digest credentials; on answer runs the IVR plan (transfers are not placed
 * yet: the call ends there, the keys kept), hangs up at the task's maximum talk time. The places of
 * its calls up are renewed while they last and given back when they end.
 */
export class SipDialer implements Dialer {
  /** The places this process holds on trunks (call ids), renewed while the calls last. */
  private readonly held = new Set<string>();
  private renewer: NodeJS.Timeout | undefined;

  constructor(
    private readonly voice: VoiceEngine,
    private readonly trunks: Pick<TrunkService, 'takeCall' | 'renewCalls' | 'endCall' | 'callerIdFor'>,
    private readonly log?: Logger,
  ) {}

  async dial(request: DialRequest): Promise<DialOutcome> {
    const startedAt = new Date();
    const targets = (request.trunks as unknown as TrunkTarget[]).filter((t) => t.transport !== 'tls');
    let last: DialOutcome = {
      result: 'failed',
      startedAt,
      endedAt: startedAt,
      ringMs: 0,
      talkMs: 0,
      keys: '',
    };
    const giveUpAt = Date.now() + TRUNK_FULL_WAIT_MS;
    for (;;) {
      let placed = false;
      for (const target of targets) {
        const outcome = await this.attempt(request, target, startedAt);
        if (outcome.attempt === 'full') continue;
        placed = true;
        if (outcome.attempt === 'next') {
          last = outcome.outcome;
          continue;
        }
        return outcome.outcome;
      }
      if (placed || targets.length === 0 || Date.now() >= giveUpAt) return last;
      await sleep(FULL_RETRY_MS);
    }
  }

  /** Keeps this process's places renewed while it holds any. */
  private hold(callId: string) {
    this.held.add(callId);
    this.renewer ??= setInterval(() => {
      this.trunks
        .renewCalls([...this.held], TRUNK_CALL_LEASE_MS)
        .catch((error: unknown) => this.log?.warn({ err: error }, 'trunk call places not renewed'));
    }, TRUNK_CALL_LEASE_MS / 4);
    this.renewer.unref();
  }

  private async release(callId: string) {
    this.held.delete(callId);
    if (this.held.size === 0 && this.renewer) {
      clearInterval(this.renewer);
      this.renewer = undefined;
    }
    await this.trunks
      .endCall(callId)
      .catch((error: unknown) => this.log?.warn({ err: error, callId }, 'trunk call place not given back'));
  }

  private async attempt(
    request: DialRequest,
    target: TrunkTarget,
    startedAt: Date,
  ): Promise<{ attempt: 'done' | 'next'; outcome: DialOutcome } | { attempt: 'full' }> {
    const placeId = `${request.callId}@${target.trunkId}`;
    let place: { waitMs: number } | undefined;
    try {
      place = await this.trunks.takeCall(target, placeId, TRUNK_CALL_LEASE_MS);
    } catch (error) {
      this.log?.warn({ err: error, trunkId: target.trunkId }, 'no place could be taken on the trunk');
      return { attempt: 'next', outcome: failedOn(target, startedAt) };
    }
    if (!place) return { attempt: 'full' };
    this.hold(placeId);
    try {
      return await this.place(request, target, startedAt, place.waitMs);
    } finally {
      await this.release(placeId);
    }
  }

  private async place(
    request: DialRequest,
    target: TrunkTarget,
    startedAt: Date,
    waitMs: number,
  ): Promise<{ attempt: 'done' | 'next'; outcome: DialOutcome }> {
    const waited = Date.now() + waitMs;
    const stack = await this.voice.stack();
    const callerId = await this.trunks.callerIdFor(
      target,
      request.callerId ?? '',
      request.taskId ?? request.callId,
    );
    const codecs = (target.codecs.length > 0 ? target.codecs : ['PCMU', 'PCMA']) as CodecName[];
    // The call's start slot (the trunk's calls per second), as close to the INVITE as it gets.
    if (waited > Date.now()) await sleep(waited - Date.now());
    const tried = new Date();
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
      return { attempt: 'next', outcome: failedOn(target, startedAt) };
    }
  }
}

/** A call that failed on a trunk before it rang (no place, or not placed): ended now. */
function failedOn(target: TrunkTarget, startedAt: Date): DialOutcome {
  return {
    result: 'failed',
    trunkId: target.trunkId,
    startedAt,
    endedAt: new Date(),
    ringMs: 0,
    talkMs: 0,
    keys: '',
  };
}

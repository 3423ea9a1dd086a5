import { setTimeout as sleep } from 'node:timers/promises';
import type { CallResult, IvrPlan } from '@switchboard/contracts';
import {
  bridgeCalls,
  type ClientCall,
  type CodecName,
  dialWithMedia,
  type EndInfo,
  type RtpSession,
} from '@switchboard/voice';
import type { Logger } from '../../platform/logger';
import { sipPeerOf, type TrunkService, type TrunkTarget } from '../trunk';
import { runIvr, type VoiceEngine } from '../voice-engine';
import type { Dialer, DialOutcome, DialRequest, TransferOutcome } from './ports';

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

/** One leg to place: where, as whom, and on which trunks (in failover order). */
interface LegRequest {
  /** Names the leg's places on trunks (`<placeKey>@<trunk id>`). */
  placeKey: string;
  to: string;
  /** The caller ID chosen for the call, before each trunk's rule. */
  callerId: string | null;
  /** What a trunk's caller-group rotation is kept by (the task). */
  rotationKey: string;
  targets: TrunkTarget[];
  ringTimeoutS: number;
  /** While every trunk is full: how long a place is asked for before the leg fails unplaced. */
  fullWaitMs: number;
  /** Settles when the leg is no longer wanted: a ringing leg is cancelled, no other trunk tried. */
  unwanted?: Promise<unknown>;
}

/** A leg the callee answered, with its media. */
interface AnsweredLeg {
  call: ClientCall;
  rtp: RtpSession;
  codec: CodecName;
  target: TrunkTarget;
  callerId: string;
  /** When the INVITE went out (after the trunk's start slot). */
  triedAt: Date;
  answeredAt: Date;
}

/** A leg that was not answered (or not placed): its result as a task's. */
interface FailedLeg {
  result: CallResult;
  sipCode?: number;
  trunkId?: string;
  callerId?: string;
  ringMs: number;
  endedAt: Date;
  hangupBy?: 'us' | 'remote';
}

type LegAttempt<T> =
  | { attempt: 'done'; answered: T }
  | { attempt: 'done' | 'next'; failed: FailedLeg }
  | { attempt: 'full' };

/**
 * The SIP dialer of the task engine (`callPorts.dialer` in worker processes): tries the ordered
 * trunks in turn, skipping one at its max concurrent calls; takes each call's place on its trunk
 * through the database (`trunks.takeCall`), so a trunk's max concurrent calls and calls per
 * second hold across every worker process, waits for the call's start slot, and goes on to the
 * next trunk on 408, 5xx or no answer at all before the call is answered. When every trunk is
 * full it asks again until a place frees (at most TRUNK_FULL_WAIT_MS, then the call fails
 * unplaced). Sends the trunk's caller ID (its rule applied to the task's) and digest credentials
 * (over UDP, TCP or TLS, the certificate checked unless the trunk says not); on answer runs the
 * IVR plan and hangs up at the task's maximum talk time.
 *
 * A flow that reaches a `transfer` places a second leg to its number the same way (the task's
 * trunk or its company's routes, the same caller-ID rules, a place of its own on its trunk) while
 * the first waits in silence; answered, the two are bridged (`bridgeCalls`: RTP both ways, keys
 * passed through, either side's BYE ends both) until one side hangs up or the maximum talk time
 * ends the first leg; not answered (busy, no answer, refused, no trunk), the first leg is hung up
 * at once. The outcome carries the second leg (`transfer`). The places of its calls up are
 * renewed while they last and given back when they end.
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
    const leg = await this.dialLeg(
      {
        placeKey: request.callId,
        to: request.to,
        callerId: request.callerId,
        rotationKey: request.taskId ?? request.callId,
        targets: request.trunks as unknown as TrunkTarget[],
        ringTimeoutS: request.ringTimeoutS,
        fullWaitMs: TRUNK_FULL_WAIT_MS,
      },
      (answered) => this.answered(request, startedAt, answered),
    );
    if ('answered' in leg) return leg.answered;
    const f = leg.failed;
    return {
      result: f.result,
      ...(f.trunkId !== undefined ? { trunkId: f.trunkId } : {}),
      ...(f.sipCode !== undefined ? { sipCode: f.sipCode } : {}),
      ...(f.hangupBy ? { hangupBy: f.hangupBy } : {}),
      startedAt,
      endedAt: f.endedAt,
      ringMs: f.ringMs,
      talkMs: 0,
      keys: '',
    };
  }

  /** The first leg answered: the IVR, then a transfer if the flow asks for one, then the hang-up. */
  private async answered(request: DialRequest, startedAt: Date, leg: AnsweredLeg): Promise<DialOutcome> {
    const { call, rtp } = leg;
    const maxTalk = setTimeout(() => call.hangup(), request.maxTalkS * 1000);
    try {
      const ivr = await runIvr(rtp, request.plan as unknown as IvrPlan, leg.codec, call.done).catch(
        (error: unknown) => {
          this.log?.warn({ err: error, callId: request.callId }, 'IVR run failed; hanging up');
          return { how: 'end' as const, result: '', keys: '' };
        },
      );
      const transfer = ivr.how === 'transfer' ? await this.transfer(request, ivr.number, leg) : undefined;
      call.hangup();
      const end = await call.done;
      const endedAt = new Date();
      return {
        result: 'answered',
        sipCode: 200,
        trunkId: leg.target.trunkId,
        startedAt,
        answeredAt: leg.answeredAt,
        endedAt,
        ringMs: leg.answeredAt.getTime() - leg.triedAt.getTime(),
        talkMs: endedAt.getTime() - leg.answeredAt.getTime(),
        keys: ivr.keys,
        ivrResult: ivr.how === 'end' ? ivr.result : '',
        hangupBy: end.by,
        ...(transfer ? { transfer } : {}),
      };
    } finally {
      clearTimeout(maxTalk);
    }
  }

  /**
   * The transfer leg: placed while the first leg waits (given up when the first ends), bridged
   * to it when answered until either ends. Resolves once the transfer is over (the first leg is
   * then ended or about to be).
   */
  private async transfer(request: DialRequest, number: string, first: AnsweredLeg): Promise<TransferOutcome> {
    // Digits, as a task's numbers are kept and dialled (the flow may write a leading +).
    const to = dialString(number).replace(/^\+/, '');
    let targets: TrunkTarget[] = [];
    try {
      targets = ((await request.transferTrunks?.(to)) ?? []) as unknown as TrunkTarget[];
    } catch (error) {
      this.log?.warn({ err: error, callId: request.callId }, 'transfer not routed: it fails unplaced');
    }
    const leg = await this.dialLeg(
      {
        placeKey: `${request.callId}:transfer`,
        to,
        callerId: request.callerId,
        rotationKey: request.taskId ?? request.callId,
        targets,
        ringTimeoutS: request.ringTimeoutS,
        fullWaitMs: request.ringTimeoutS * 1000,
        unwanted: first.call.done,
      },
      async (second): Promise<TransferOutcome> => {
        const bridge = bridgeCalls(first, second);
        const end = await bridge.done;
        return {
          to,
          result: 'answered',
          sipCode: 200,
          trunkId: second.target.trunkId,
          callerId: second.callerId,
          answeredAt: second.answeredAt,
          ringMs: second.answeredAt.getTime() - second.triedAt.getTime(),
          talkMs: Math.round(end.bridgedMs),
        };
      },
    );
    if ('answered' in leg) return leg.answered;
    const f = leg.failed;
    return {
      to,
      result: f.result,
      ...(f.sipCode !== undefined ? { sipCode: f.sipCode } : {}),
      ...(f.trunkId !== undefined ? { trunkId: f.trunkId } : {}),
      callerId: f.callerId ?? null,
      ringMs: f.ringMs,
      talkMs: 0,
    };
  }

  /**
   * Places one leg: the trunks in turn (failover on 408, 5xx, no answer at all), asking again
   * while every one is full; `onAnswered` runs while the leg's place on its trunk is held.
   */
  private async dialLeg<T>(
    leg: LegRequest,
    onAnswered: (answered: AnsweredLeg) => Promise<T>,
  ): Promise<{ answered: T } | { failed: FailedLeg }> {
    let last: FailedLeg = { result: 'failed', ringMs: 0, endedAt: new Date() };
    let unwanted = false;
    void leg.unwanted?.then(() => {
      unwanted = true;
    });
    const giveUpAt = Date.now() + leg.fullWaitMs;
    for (;;) {
      let placed = false;
      for (const target of leg.targets) {
        if (unwanted) return { failed: { ...last, result: 'no_answer', endedAt: new Date() } };
        const outcome = await this.attempt(leg, target, onAnswered);
        if (outcome.attempt === 'full') continue;
        placed = true;
        if ('answered' in outcome) return { answered: outcome.answered };
        last = outcome.failed;
        if (outcome.attempt === 'next') continue;
        return { failed: last };
      }
      if (placed || leg.targets.length === 0 || Date.now() >= giveUpAt || unwanted) return { failed: last };
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

  private async attempt<T>(
    leg: LegRequest,
    target: TrunkTarget,
    onAnswered: (answered: AnsweredLeg) => Promise<T>,
  ): Promise<LegAttempt<T>> {
    const placeId = `${leg.placeKey}@${target.trunkId}`;
    let place: { waitMs: number } | undefined;
    try {
      place = await this.trunks.takeCall(target, placeId, TRUNK_CALL_LEASE_MS);
    } catch (error) {
      this.log?.warn({ err: error, trunkId: target.trunkId }, 'no place could be taken on the trunk');
      return { attempt: 'next', failed: failedOn(target) };
    }
    if (!place) return { attempt: 'full' };
    this.hold(placeId);
    try {
      return await this.place(leg, target, place.waitMs, onAnswered);
    } finally {
      await this.release(placeId);
    }
  }

  private async place<T>(
    leg: LegRequest,
    target: TrunkTarget,
    waitMs: number,
    onAnswered: (answered: AnsweredLeg) => Promise<T>,
  ): Promise<LegAttempt<T>> {
    const waited = Date.now() + waitMs;
    const stack = await this.voice.stack();
    const callerId = await this.trunks.callerIdFor(target, leg.callerId ?? '', leg.rotationKey);
    const codecs = (target.codecs.length > 0 ? target.codecs : ['PCMU', 'PCMA']) as CodecName[];
    // The call's start slot (the trunk's calls per second), as close to the INVITE as it gets.
    if (waited > Date.now()) await sleep(waited - Date.now());
    const tried = new Date();
    let dialled: Awaited<ReturnType<typeof dialWithMedia>>;
    try {
      dialled = await dialWithMedia(
        stack,
        {
          to: dialString(leg.to),
          from: callerId || 'anonymous',
          target: sipPeerOf(target),
          ...(target.auth
            ? { auth: { username: target.auth.username, password: target.auth.password } }
            : {}),
          ringTimeoutMs: leg.ringTimeoutS * 1000,
        },
        {
          portRange: this.voice.rtpPorts,
          codecs,
          clock: this.voice.clock,
          ...(this.voice.rtpHost ? { rtpHost: this.voice.rtpHost } : {}),
        },
      );
    } catch (error) {
      this.log?.warn({ err: error, trunkId: target.trunkId }, 'call could not be placed on the trunk');
      return { attempt: 'next', failed: failedOn(target) };
    }
    const { call, rtp, media } = dialled;
    // Not wanted any more (the other leg ended): a ringing call is cancelled.
    void leg.unwanted?.then(() => {
      if (call.state !== 'answered') call.hangup();
    });
    const negotiated = await media.catch(() => undefined);
    if (!negotiated) {
      const end = await call.done;
      const endedAt = new Date();
      const failed: FailedLeg = {
        result: resultOf(end),
        trunkId: target.trunkId,
        callerId,
        endedAt,
        ringMs: endedAt.getTime() - tried.getTime(),
        hangupBy: end.by,
        ...(end.sipCode !== undefined ? { sipCode: end.sipCode } : {}),
      };
      return { attempt: failsOver(end) ? 'next' : 'done', failed };
    }
    const answered = await onAnswered({
      call,
      rtp,
      codec: negotiated.codec,
      target,
      callerId,
      triedAt: tried,
      answeredAt: new Date(),
    });
    return { attempt: 'done', answered };
  }
}

/** A call that failed on a trunk before it rang (no place, or not placed): ended now. */
function failedOn(target: TrunkTarget): FailedLeg {
  return { result: 'failed', trunkId: target.trunkId, ringMs: 0, endedAt: new Date() };
}

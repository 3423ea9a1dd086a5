import { randomUUID } from 'node:crypto';
import type { NumberStatusResult } from '@switchboard/contracts';
import { buildSdp, probeNumber } from '@switchboard/voice';
import type { Logger } from '../../platform/logger';
import { sipPeerOf, type TrunkService, type TrunkTarget } from '../trunk';
import type { VoiceEngine } from '../voice-engine';
import { classifyProbe } from './classify';

/** How long a probe waits for the first ringing or final answer. */
export const PROBE_TIMEOUT_MS = 15_000;

/** A probe's place on its trunk lasts past its longest wait; a dead worker's goes after that. */
const PROBE_PLACE_LEASE_MS = PROBE_TIMEOUT_MS + 15_000;

export interface ProbeOutcome {
  status: NumberStatusResult;
  sipCode: number | null;
  ms: number | null;
  trunkId: string | null;
  error: string | null;
}

/** The called number as the request-URI's user part: digits, with the leading + kept. */
const dialString = (to: string) => to.replace(/[^\d+]/g, '');

/**
 * Number-status probes over this process's SIP stack (`probeNumber` of `@switchboard/voice`:
 * an INVITE cancelled on the first 18x): along the route's trunks in order, skipping a TLS trunk
 * or one at its call limit (its places are the database's, shared by every process: `takeCall`,
 * paced at the trunk's calls per second), going on to the next when the trunk failed
 * (`classifyProbe`). The offer names the discard port: no media flows on a probe.
 */
export class NumberProber {
  constructor(
    private readonly voice: VoiceEngine,
    private readonly trunks: Pick<TrunkService, 'takeCall' | 'endCall' | 'callerIdFor'>,
    private readonly log?: Logger,
  ) {}

  async probe(targets: readonly TrunkTarget[], to: string, key: string): Promise<ProbeOutcome> {
    let last: ProbeOutcome = { status: 'failed', sipCode: null, ms: null, trunkId: null, error: 'NO_TRUNK' };
    for (const target of targets) {
      // One place per probe (`key` is the check's, shared by its numbers: the caller-ID rotation's).
      const placeId = `probe:${randomUUID()}@${target.trunkId}`;
      let place: { waitMs: number } | undefined;
      try {
        place = await this.trunks.takeCall(target, placeId, PROBE_PLACE_LEASE_MS);
      } catch (error) {
        this.log?.warn({ err: error, trunkId: target.trunkId }, 'no place could be taken on the trunk');
        last = { status: 'failed', sipCode: null, ms: null, trunkId: target.trunkId, error: 'TRUNK_ERROR' };
        continue;
      }
      if (!place) {
        last = { ...last, error: 'TRUNK_FULL' };
        continue;
      }
      try {
        const { waitMs } = place;
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        const stack = await this.voice.stack();
        const from = (await this.trunks.callerIdFor(target, '', key)) || 'anonymous';
        const codecs = target.codecs.length > 0 ? target.codecs : (['PCMU', 'PCMA'] as const);
        const result = await probeNumber(stack, {
          to: dialString(to),
          from,
          target: sipPeerOf(target),
          ...(target.auth
            ? { auth: { username: target.auth.username, password: target.auth.password } }
            : {}),
          sdp: buildSdp({ address: this.voice.rtpHost ?? stack.address, port: 9, codecs: [...codecs] }),
          timeoutMs: PROBE_TIMEOUT_MS,
        });
        const verdict = classifyProbe(result);
        last = {
          status: verdict.status,
          sipCode: result.sipCode ?? null,
          ms: result.ms,
          trunkId: target.trunkId,
          error: verdict.error,
        };
        if (!verdict.nextTrunk) return last;
      } catch (error) {
        this.log?.warn({ err: error, trunkId: target.trunkId }, 'number probe could not be placed');
        last = { status: 'failed', sipCode: null, ms: null, trunkId: target.trunkId, error: 'TRUNK_ERROR' };
      } finally {
        await this.trunks
          .endCall(placeId)
          .catch((error: unknown) => this.log?.warn({ err: error, placeId }, 'probe place not given back'));
      }
    }
    return last;
  }
}

import type { NumberStatusResult } from '@switchboard/contracts';
import { buildSdp, probeNumber } from '@switchboard/voice';
import type { Logger } from '../../platform/logger';
import type { TrunkService, TrunkTarget } from '../trunk';
import type { VoiceEngine } from '../voice-engine';
import { classifyProbe } from './classify';

/** How long a probe waits for the first ringing or final answer. */
export const PROBE_TIMEOUT_MS = 15_000;

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
 * or one at its call limit in this process, going on to the next when the trunk failed
 * (`classifyProbe`). The offer names the discard port: no media flows on a probe.
 */
export class NumberProber {
  constructor(
    private readonly voice: VoiceEngine,
    private readonly trunks: Pick<TrunkService, 'callStarted' | 'callEnded' | 'callerIdFor' | 'localCallsUp'>,
    private readonly log?: Logger,
  ) {}

  async probe(targets: readonly TrunkTarget[], to: string, key: string): Promise<ProbeOutcome> {
    let last: ProbeOutcome = { status: 'failed', sipCode: null, ms: null, trunkId: null, error: 'NO_TRUNK' };
    for (const target of targets) {
      if (target.transport === 'tls') continue;
      if (target.maxCalls > 0 && this.trunks.localCallsUp(target.trunkId) >= target.maxCalls) {
        last = { ...last, error: 'TRUNK_FULL' };
        continue;
      }
      const stack = await this.voice.stack();
      const from = (await this.trunks.callerIdFor(target, '', key)) || 'anonymous';
      const codecs = target.codecs.length > 0 ? target.codecs : (['PCMU', 'PCMA'] as const);
      this.trunks.callStarted(target.trunkId);
      try {
        const result = await probeNumber(stack, {
          to: dialString(to),
          from,
          target: { host: target.host, port: target.port, transport: target.transport as 'udp' | 'tcp' },
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
        this.trunks.callEnded(target.trunkId);
      }
    }
    return last;
  }
}

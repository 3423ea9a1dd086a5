import type { Registration } from '@switchboard/voice';
import type { VoiceEngine } from '../voice-engine';
import type { TrunkProbe } from './monitor';
import { sipPeerOf, type TrunkTarget } from './routing';
import type { TrunkCheck } from './trunk-state';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The trunk monitor's SIP probe: a register trunk's registration is kept up through the stack
 * (REGISTER with its digest credentials, refreshed by the stack before it expires; a changed
 * target or account registers anew) and answers `registered` while it holds; an IP-trust trunk
 * is sent OPTIONS and is `reachable` on any answer but 408/503 (what the stack reports for a
 * time-out or a transport error). Otherwise `unreachable` with the reason.
 */
export class SipTrunkProbe implements TrunkProbe {
  private readonly registrations = new Map<string, { key: string; registration: Registration }>();

  constructor(private readonly voice: VoiceEngine) {
    // No registration outlives the stack (its refresh timer would send on a closed transport).
    voice.onStop(() => {
      for (const id of [...this.registrations.keys()]) void this.forget(id);
    });
  }

  async check(target: TrunkTarget): Promise<TrunkCheck> {
    const stack = await this.voice.stack();
    const peer = sipPeerOf(target);
    if (target.authMode !== 'register') {
      try {
        // The stack answers a time-out as 408 and a transport error as 503: neither is a live trunk.
        const res = await stack.options(peer);
        if (res.status === 408 || res.status === 503)
          return { state: 'unreachable', error: `OPTIONS: ${res.status} ${res.reason}` };
        return { state: 'reachable', error: null };
      } catch (error) {
        return { state: 'unreachable', error: `OPTIONS: ${errorText(error)}` };
      }
    }
    if (!target.auth) return { state: 'unreachable', error: 'REGISTER: the trunk has no SIP account' };
    const key = JSON.stringify([peer, target.auth]);
    let held = this.registrations.get(target.trunkId);
    if (held && held.key !== key) {
      await this.forget(target.trunkId);
      held = undefined;
    }
    if (!held) {
      const registration = stack.register({
        target: peer,
        auth: { username: target.auth.username, password: target.auth.password },
        expiresS: target.auth.expiresS,
        ...(target.auth.realm ? { domain: target.auth.realm } : {}),
      });
      held = { key, registration };
      this.registrations.set(target.trunkId, held);
    }
    const { registration } = held;
    const state =
      registration.state === 'registered' || registration.state === 'failed'
        ? registration.state
        : await registration.settled();
    if (state === 'registered') return { state: 'registered', error: null };
    return {
      state: 'unreachable',
      error: `REGISTER: ${registration.lastStatus ? `answered ${registration.lastStatus}` : 'no answer'}`,
    };
  }

  async forget(trunkId: string): Promise<void> {
    const held = this.registrations.get(trunkId);
    this.registrations.delete(trunkId);
    held?.registration.stop();
  }
}

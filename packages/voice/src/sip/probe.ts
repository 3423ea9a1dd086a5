/**
 * Number-status probe: an INVITE cancelled on the first ringing answer (18x), so the number is
 * classified without the callee answering: reachable, busy, unavailable or vacant. A callee that
 * answers at once is reachable too (the call is ended with a BYE straight away).
 */

import type { Target } from './core';
import type { Credentials } from './digest';
import type { SipStack } from './stack';

export type NumberStatus = 'reachable' | 'busy' | 'unavailable' | 'vacant' | 'failed';

export interface ProbeResult {
  status: NumberStatus;
  sipCode?: number;
  /** Milliseconds from the INVITE to the answer that decided it. */
  ms: number;
}

export function statusOfCode(code: number): NumberStatus {
  if (code < 300) return 'reachable';
  if (code === 486 || code === 600) return 'busy';
  if (code === 404 || code === 484 || code === 604 || code === 410) return 'vacant';
  if (code === 480 || code === 408 || code === 603 || code === 487 || code === 503) return 'unavailable';
  return 'failed';
}

export interface ProbeOptions {
  to: string;
  from: string;
  target: Target;
  auth?: Credentials;
  /** An offer is required by most carriers even for a probe. */
  sdp: string;
  /** Without any answer by then: unavailable (default 15 s). */
  timeoutMs?: number;
}

export async function probeNumber(stack: SipStack, o: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const invite: Parameters<SipStack['invite']>[0] = {
    to: o.to,
    from: o.from,
    target: o.target,
    sdp: o.sdp,
    ringTimeoutMs: o.timeoutMs ?? 15_000,
  };
  if (o.auth) invite.auth = o.auth;
  const call = stack.invite(invite);
  let decided: ProbeResult | undefined;
  call.on('progress', (code) => {
    if (decided || code < 180) return;
    decided = { status: 'reachable', sipCode: code, ms: Math.round(performance.now() - started) };
    call.cancel();
  });
  call.on('answered', () => {
    decided ??= { status: 'reachable', sipCode: 200, ms: Math.round(performance.now() - started) };
    call.hangup();
  });
  const end = await call.done;
  if (decided) return decided;
  const ms = Math.round(performance.now() - started);
  if (end.cause === 'no_answer' && end.by === 'us')
    return { status: 'unavailable', ms, ...(end.sipCode ? { sipCode: end.sipCode } : {}) };
  return end.sipCode
    ? { status: statusOfCode(end.sipCode), sipCode: end.sipCode, ms }
    : { status: 'failed', ms };
}

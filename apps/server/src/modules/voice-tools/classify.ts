import type { NumberStatusResult } from '@switchboard/contracts';
import { type ProbeResult, statusOfCode } from '@switchboard/voice';

/**
 * What a number-status probe's answer means: the number's status, and whether the trunk (not the
 * number) failed so the next trunk of the route is tried: no answer at all (a transport error or
 * time-out: `failed` without a code), 408, or a 5xx before any ringing. On the last trunk the
 * status stands as the code says (a 503 is `unavailable`; no answer at all is `failed`).
 */
export function classifyProbe(result: Pick<ProbeResult, 'status' | 'sipCode'>): {
  status: NumberStatusResult;
  nextTrunk: boolean;
  error: string | null;
} {
  const code = result.sipCode;
  if (code === undefined) {
    if (result.status === 'failed') return { status: 'failed', nextTrunk: true, error: 'TRUNK_ERROR' };
    return { status: result.status, nextTrunk: false, error: null };
  }
  // A ringing (18x) or answered (2xx) number is reachable whatever came after.
  if (code < 300) return { status: 'reachable', nextTrunk: false, error: null };
  const status = statusOfCode(code);
  const trunkFailed = code === 408 || (code >= 500 && code < 600);
  return { status, nextTrunk: trunkFailed, error: status === 'failed' ? `SIP_${code}` : null };
}

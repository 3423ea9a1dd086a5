import { useState } from 'react';
import { newCheckKey, useCaptchaProof } from '../api/get-captcha-proof';

/**
 * A captcha while `enabled`: its check key, the proof once worked out, its state for
 * CaptchaCheck, and `renew` for a new one (the server uses a captcha up, right or wrong).
 */
export function useCaptcha(enabled: boolean) {
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const proof = useCaptchaProof(checkKey, enabled);
  const state: 'working' | 'done' | 'error' = proof.isError ? 'error' : proof.data ? 'done' : 'working';
  return {
    checkKey,
    proof: proof.data,
    state,
    error: proof.isError ? proof.error.message : undefined,
    renew: () => setCheckKey(newCheckKey()),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import {
  CAPTCHA_TTL_MS,
  type CaptchaChallenge,
  leadingZeroBits,
  proofOfWorkText,
} from '@switchboard/contracts';
import type { Db } from '../../platform/db';
import { AuthRepo } from './repo';

/** A nonce as the solver writes it (decimal, at most 16 digits). */
const NONCE = /^\d{1,16}$/;

/**
 * The captcha: a proof of work (contracts' captchaChallengeSchema). Challenges live in the
 * database so that any server process can check them; each is used once, right or wrong.
 */
export class CaptchaService {
  private readonly repo: AuthRepo;

  constructor(
    db: Db,
    /** Zero bits a proof needs (CAPTCHA_DIFFICULTY). */
    private readonly difficulty: number,
  ) {
    this.repo = new AuthRepo(db);
  }

  /** A new challenge for checkKey (replacing an earlier one). */
  async issue(checkKey: string): Promise<CaptchaChallenge> {
    const challenge = randomBytes(16).toString('hex');
    await this.repo.upsertCaptcha({ checkKey, challenge, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
    return { algorithm: 'SHA-256', challenge, difficulty: this.difficulty };
  }

  /** True when `nonce` proves the work for checkKey's live challenge; the challenge is used up. */
  async consume(checkKey: string, nonce: string): Promise<boolean> {
    const challenge = await this.repo.takeCaptcha(checkKey);
    if (challenge === undefined || !NONCE.test(nonce.trim())) return false;
    const digest = createHash('sha256').update(proofOfWorkText(challenge, nonce.trim())).digest();
    return leadingZeroBits(digest) >= this.difficulty;
  }

  purgeExpired() {
    return this.repo.purgeCaptchas();
  }
}

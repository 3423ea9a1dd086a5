import { createHash } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@switchboard/contracts';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db';
import { AuthRepo } from './repo';

/** Makes the text and picture of a captcha. Tests pass one with a known text. */
export type CaptchaGenerator = () => { text: string; svg: string };

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
  return { text, svg: data };
};

/** A generator whose pictures always show `text` (INSECURE_FIXED_CAPTCHA, for browser tests only). */
export const fixedCaptchaGenerator =
  (text: string): CaptchaGenerator =>
  () => ({ text, svg: drawText(text) });

/** svg-captcha's default export draws a given text (its type declarations omit it). */
const drawText = svgCaptcha as unknown as (text: string, options?: { noise?: number }) => string;

const hashAnswer = (checkKey: string, answer: string) =>
  createHash('sha256').update(`${checkKey}:${answer.trim().toLowerCase()}`).digest('hex');

/** Captchas live in the database so that any server process can check them. */
export class CaptchaService {
  private readonly repo: AuthRepo;

  constructor(
    db: Db,
    private readonly generate: CaptchaGenerator,
  ) {
    this.repo = new AuthRepo(db);
  }

  /** A new picture for checkKey (replacing an earlier one), as a data: URL. */
  async issue(checkKey: string): Promise<string> {
    const { text, svg } = this.generate();
    await this.repo.upsertCaptcha({
      checkKey,
      answerHash: hashAnswer(checkKey, text),
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /** True when the answer is right; a captcha is used once, right or wrong. */
  async consume(checkKey: string, answer: string): Promise<boolean> {
    const stored = await this.repo.takeCaptcha(checkKey);
    return stored !== undefined && stored === hashAnswer(checkKey, answer);
  }

  purgeExpired() {
    return this.repo.purgeCaptchas();
  }
}

import { createHash } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@switchboard/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { captchas } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Makes the text and picture of a captcha. Tests pass one with a known text. */
export type CaptchaGenerator = () => { text: string; svg: string };

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
  return { text, svg: data };
};

const hashAnswer = (checkKey: string, answer: string) =>
  createHash('sha256').update(`${checkKey}:${answer.trim().toLowerCase()}`).digest('hex');

/** Captchas live in the database so that any server process can check them. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly generate: CaptchaGenerator,
  ) {}

  /** A new picture for checkKey (replacing an earlier one), as a data: URL. */
  async issue(checkKey: string): Promise<string> {
    const { text, svg } = this.generate();
    const values = {
      checkKey,
      answerHash: hashAnswer(checkKey, text),
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    };
    await this.db
      .insert(captchas)
      .values(values)
      .onConflictDoUpdate({
        target: captchas.checkKey,
        set: { answerHash: values.answerHash, expiresAt: values.expiresAt },
      });
    // Expired captchas are cleared as new ones are made.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /** True when the answer is right; a captcha is used once, right or wrong. */
  async consume(checkKey: string, answer: string): Promise<boolean> {
    const deleted = await this.db
      .delete(captchas)
      .where(and(eq(captchas.checkKey, checkKey), gt(captchas.expiresAt, new Date())))
      .returning({ answerHash: captchas.answerHash });
    const row = deleted[0];
    return row !== undefined && row.answerHash === hashAnswer(checkKey, answer);
  }
}

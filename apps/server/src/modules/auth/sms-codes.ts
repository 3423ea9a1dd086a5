import { createHash, randomInt } from 'node:crypto';
import {
  type Locale,
  SMS_CODE_DIGITS,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_PER_ADDRESS_HOUR,
  SMS_CODE_PER_PHONE_HOUR,
  SMS_CODE_RESEND_MS,
  SMS_CODE_TTL_MS,
  type SmsCodePurpose,
} from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Config } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { PLATFORM_COMPANY_ID } from '../sms';
import { AuthRepo } from './repo';

const HOUR_MS = 3_600_000;

/** The phone as users.phone stores it (E.164), or PHONE_INVALID. */
export function phoneOf(phone: string, country?: string): string {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode | undefined);
  if (!parsed?.isValid()) throw new AppError('PHONE_INVALID', 400);
  return parsed.number;
}

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** The text of a code, in the language of whoever asked for it. */
export function codeText(code: string, locale: Locale): string {
  const minutes = SMS_CODE_TTL_MS / 60_000;
  return locale === 'zh-CN'
    ? `您的验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。`
    : `Your verification code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}

/**
 * Codes sent by SMS (sign-in, password reset). A code goes out through the platform's own OTP
 * path: a message of kind otp from the platform itself (`sms.accept` with `platform: true`), routed
 * like any OTP and charged to no one. Codes are stored hashed, good for SMS_CODE_TTL_MS, used once
 * (only a phone's newest code of a purpose counts; it survives SMS_CODE_MAX_ATTEMPTS wrong tries).
 * Requests are limited per phone (one a minute, SMS_CODE_PER_PHONE_HOUR an hour) and per address
 * (SMS_CODE_PER_ADDRESS_HOUR an hour), counted in the database so every server process agrees.
 */
export class SmsCodeService {
  private readonly repo: AuthRepo;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly services: Pick<Services, 'sms' | 'users'>,
    private readonly log: Logger,
  ) {
    this.repo = new AuthRepo(db);
  }

  private newCode(): string {
    if (this.config.fixedOtp) return this.config.fixedOtp;
    return String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
  }

  /**
   * Sends a code to `phone` when a user has it; the answer is the same either way (whether a phone
   * belongs to a user is nobody's business), and either way the request counts toward the limits.
   */
  async request(
    input: { phone: string; country?: string | undefined; purpose: SmsCodePurpose },
    ip: string,
    locale: Locale,
  ) {
    const phone = phoneOf(input.phone, input.country);
    const user = await this.services.users.findByPhone(phone);
    const code = this.newCode();
    const now = Date.now();
    const row = await withTransaction(
      this.db,
      async () => {
        await this.repo.lockPhone(phone);
        const counts = await this.repo.codeCounts(phone, ip, {
          resend: new Date(now - SMS_CODE_RESEND_MS),
          hour: new Date(now - HOUR_MS),
        });
        if (
          counts.phoneRecent > 0 ||
          counts.phoneHour >= SMS_CODE_PER_PHONE_HOUR ||
          counts.addressHour >= SMS_CODE_PER_ADDRESS_HOUR
        ) {
          // Each limit reached frees at a time of its own: the caller is told the latest of them.
          const frees = [
            counts.phoneRecent > 0 && counts.phoneNewest ? +counts.phoneNewest + SMS_CODE_RESEND_MS : 0,
            counts.phoneHour >= SMS_CODE_PER_PHONE_HOUR && counts.phoneOldest
              ? +counts.phoneOldest + HOUR_MS
              : 0,
            counts.addressHour >= SMS_CODE_PER_ADDRESS_HOUR && counts.addressOldest
              ? +counts.addressOldest + HOUR_MS
              : 0,
          ];
          throw new AppError('TOO_MANY_REQUESTS', 429, {
            wait: Math.ceil((Math.max(...frees) - now) / 1000),
          });
        }
        const id = crypto.randomUUID();
        await this.repo.insertCode({
          id,
          phone,
          purpose: input.purpose,
          userId: user?.id ?? null,
          codeHash: user ? hashCode(id, code) : null,
          ip,
          createdAt: new Date(now),
          expiresAt: new Date(now + SMS_CODE_TTL_MS),
        });
        return { id };
      },
      this.log,
    );
    if (user) {
      const result = await this.services.sms.accept({
        companyId: PLATFORM_COMPANY_ID,
        userId: user.id,
        kind: 'otp',
        source: 'system',
        platform: true,
        recipients: [{ number: phone }],
        text: codeText(code, locale),
      });
      const message = result.messages[0];
      if (message?.id) await this.repo.setCodeMessage(row.id, message.id);
      if (message?.status !== 'accepted') {
        // Not routable now (no OTP route): logged for staff; the caller sees the same answer.
        this.log.warn({ phone, reason: message?.reason }, 'sms code not sent');
      }
    }
    return { resendAfter: SMS_CODE_RESEND_MS / 1000, expiresIn: SMS_CODE_TTL_MS / 1000 };
  }

  /** True once for the right code of the phone's newest live code of `purpose`. */
  async consume(phone: string, purpose: SmsCodePurpose, code: string): Promise<boolean> {
    const row = await this.repo.newestCode(phone, purpose);
    if (!row?.codeHash || row.usedAt || row.expiresAt.getTime() <= Date.now()) return false;
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return false;
    if (row.codeHash !== hashCode(row.id, code)) {
      await this.repo.countCodeAttempt(row.id);
      return false;
    }
    return this.repo.useCode(row.id);
  }

  purgeExpired() {
    return this.repo.purgeCodes(new Date(Date.now() - 2 * HOUR_MS));
  }
}

import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TOTP_DIGITS, USERNAME_MAX_LENGTH } from './constants';
import type { ErrorCode } from './errors';

/**
 * Schema messages are error codes (see errors.ts); the server and the web translate them into
 * the user's language.
 */
/** A required string: missing gives `requiredCode`, a non-string FIELD_INVALID_TYPE. */
export function requiredText(max: number, requiredCode: ErrorCode = 'FIELD_REQUIRED') {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredCode : 'FIELD_INVALID_TYPE') })
    .min(1, requiredCode)
    .max(max, 'FIELD_TOO_LONG');
}

export const usernameSchema = z
  .string({ error: (issue) => (issue.input == null ? 'FIELD_REQUIRED' : 'FIELD_INVALID_TYPE') })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG');

/** At least 8 characters with digits, upper and lower case letters. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /\d/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value)
  );
}

export const newPasswordSchema = requiredText(PASSWORD_MAX_LENGTH, 'NEW_PASSWORD_REQUIRED').refine(
  isStrongPassword,
  'PASSWORD_TOO_WEAK',
);

export const CAPTCHA_MAX_LENGTH = 16;
export const CAPTCHA_KEY_MAX_LENGTH = 64;

const captchaFields = {
  captcha: z.string().max(CAPTCHA_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  checkKey: z.string().max(CAPTCHA_KEY_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  googleCode: z.string().max(16, 'FIELD_TOO_LONG').optional(),
};

/**
 * A captcha that must be answered (sign-up): the proof of work for the challenge of `checkKey`
 * (GET /sys/randomImage/:checkKey), within the login captcha's limits.
 */
export const requiredCaptchaFields = {
  captcha: requiredText(CAPTCHA_MAX_LENGTH, 'CAPTCHA_REQUIRED').trim().min(1, 'CAPTCHA_REQUIRED'),
  checkKey: requiredText(CAPTCHA_KEY_MAX_LENGTH, 'CAPTCHA_REQUIRED'),
};

export const loginSchema = z.object({
  username: usernameSchema,
  password: requiredText(256),
  ...captchaFields,
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const captchaKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'FIELD_INVALID');

export const casValidateSchema = z.object({
  ticket: requiredText(512),
  service: requiredText(2048).pipe(z.url('FIELD_INVALID')),
});

export const updatePasswordSchema = z
  .object({
    username: usernameSchema,
    oldpassword: requiredText(256, 'OLD_PASSWORD_REQUIRED'),
    password: newPasswordSchema,
    confirmpassword: requiredText(PASSWORD_MAX_LENGTH, 'CONFIRM_PASSWORD_REQUIRED'),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: 'PASSWORDS_DIFFERENT',
    path: ['confirmpassword'],
    // Checked as soon as both are strings, even while another field is still wrong.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmpassword?: unknown };
      return typeof v.password === 'string' && typeof v.confirmpassword === 'string';
    },
  });
export type UpdatePasswordPayload = z.infer<typeof updatePasswordSchema>;

export const selectDepartSchema = z.object({
  orgCode: requiredText(64),
  username: usernameSchema.optional(),
});
export type SelectDepartPayload = z.input<typeof selectDepartSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string({ error: (issue) => (issue.input == null ? 'FIELD_REQUIRED' : 'FIELD_INVALID_TYPE') })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), 'GOOGLE_CODE_INVALID'),
});

export const userIdSchema = z.object({ userId: z.string().uuid('FIELD_INVALID') });
export type UserIdPayload = z.input<typeof userIdSchema>;

/** Freezes (status 2) or thaws (status 1) users. */
export const userIdsSchema = z.object({
  ids: z.array(z.string().uuid('FIELD_INVALID')).min(1, 'FIELD_REQUIRED').max(500),
  status: z.union([z.literal(1), z.literal(2)]),
});
export type UserStatusPayload = z.input<typeof userIdsSchema>;

export const ipWhitelistSchema = z.object({
  userId: z.string().uuid('FIELD_INVALID'),
  /** Addresses or CIDR ranges, IPv4 or IPv6. Empty means any address. */
  rules: z.array(z.string().trim().min(1).max(64, 'FIELD_TOO_LONG')).max(100),
});
export type IpWhitelistPayload = z.input<typeof ipWhitelistSchema>;

export const userInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Current department. */
  orgCode: z.string().nullable(),
  roles: z.array(z.string()),
  googleAuthBound: z.boolean(),
  /** Spec section 2, header: items hidden for this user. */
  hideHeaderItems: z.boolean(),
  /** ISO 4217 code of the platform currency: every amount the console shows is in it. */
  currency: z.string(),
});
export type UserInfo = z.input<typeof userInfoSchema>;

export const departmentSchema = z.object({
  id: z.string(),
  departName: z.string(),
  /** Its Chinese name, when it has one (shown to Chinese readers: `departmentName`). */
  departNameZh: z.string().nullable(),
  orgCode: z.string(),
  parentId: z.string().nullable(),
  /** The agent company the department belongs to: its users get the agent home. */
  agentId: z.string().nullable(),
});
export type Department = z.input<typeof departmentSchema>;

/** A department's name in a language: the Chinese one for Chinese readers when it has one. */
export const departmentName = (
  department: { departName: string | null; departNameZh?: string | null },
  locale: string,
): string =>
  locale === 'zh-CN' && department.departNameZh ? department.departNameZh : (department.departName ?? '');

/** The caller's departments and the current one (null until one is chosen). */
export const currentUserDepartsSchema = z.object({
  list: z.array(departmentSchema),
  orgCode: z.string().nullable(),
});
export type CurrentUserDeparts = z.input<typeof currentUserDepartsSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
  departs: z.array(departmentSchema),
  /** Several departments and none current: the console asks for one. */
  multiDepart: z.boolean(),
});
export type LoginResult = z.input<typeof loginResultSchema>;

export const loginRequirementsSchema = z.object({ captchaRequired: z.boolean() });
export type LoginRequirements = z.input<typeof loginRequirementsSchema>;

export const loginRequirementsQuerySchema = z.object({
  username: z.string().trim().max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
});

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** PNG data: URL of the otpauth URI. */
  qrCode: z.string(),
});
export type TotpSetup = z.input<typeof totpSetupSchema>;

/**
 * The captcha is a proof of work, not a picture (pictures were read by a program): the server
 * gives a random challenge for a check key; the browser finds a nonce such that SHA-256 of
 * `challenge:nonce` starts with `difficulty` zero bits, and sends it as `captcha` with the
 * `checkKey`. The server checks it with one hash, once (right or wrong), before it expires. No
 * program can skip the work, and every attempt costs its CPU.
 */
export const captchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  difficulty: z.number().int().min(1).max(32),
});
export type CaptchaChallenge = z.input<typeof captchaChallengeSchema>;

/** The text whose SHA-256 the proof is about. */
export const proofOfWorkText = (challenge: string, nonce: string) => `${challenge}:${nonce}`;

/** How many leading bits of `digest` are zero. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

interface DigestCrypto {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
}

/**
 * Finds the nonce of a challenge with Web Crypto (browsers and Node 20+): 2^difficulty hashes on
 * average. `signal` stops it (a new challenge replaced this one).
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  signal?: { readonly aborted: boolean },
): Promise<string> {
  const crypto = (globalThis as unknown as { crypto?: DigestCrypto }).crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available');
  const encoder = new (
    globalThis as unknown as { TextEncoder: new () => { encode(t: string): Uint8Array } }
  ).TextEncoder();
  for (let nonce = 0; ; nonce++) {
    if (signal?.aborted) throw new Error('aborted');
    const text = proofOfWorkText(challenge.challenge, String(nonce));
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
    if (leadingZeroBits(digest) >= challenge.difficulty) return String(nonce);
  }
}

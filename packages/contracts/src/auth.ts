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

const captchaFields = {
  captcha: z.string().max(16, 'FIELD_TOO_LONG').optional(),
  checkKey: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  googleCode: z.string().max(16, 'FIELD_TOO_LONG').optional(),
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

export const totpCodeSchema = z.object({
  code: z
    .string({ error: (issue) => (issue.input == null ? 'FIELD_REQUIRED' : 'FIELD_INVALID_TYPE') })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), 'GOOGLE_CODE_INVALID'),
});

export const userIdSchema = z.object({ userId: z.string().uuid('FIELD_INVALID') });

export const userIdsSchema = z.object({
  ids: z.array(z.string().uuid('FIELD_INVALID')).min(1, 'FIELD_REQUIRED').max(500),
  status: z.union([z.literal(1), z.literal(2)]),
});

export const ipWhitelistSchema = z.object({
  userId: z.string().uuid('FIELD_INVALID'),
  /** Addresses or CIDR ranges, IPv4 or IPv6. Empty means any address. */
  rules: z.array(z.string().trim().min(1).max(64, 'FIELD_TOO_LONG')).max(100),
});

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  isAdmin: boolean;
  orgCode: string | null;
  /** Roles are informative; the server checks permissions on every call. */
  roles: string[];
  googleAuthBound: boolean;
  /** Header items (recharge, language, contact, test tool) are hidden for this user. */
  hideHeaderItems: boolean;
}

export interface Department {
  id: string;
  departName: string;
  orgCode: string;
  parentId: string | null;
  agentId: string | null;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs: Department[];
  /** Set when the user has several departments and none is current: ask for one. */
  multiDepart: boolean;
}

export interface CaptchaImage {
  /** data: URL of an SVG image. */
  image: string;
  key: string;
}

/** Answer of the login pre-check telling the form which extra fields are needed. */
export interface LoginRequirements {
  captchaRequired: boolean;
}

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
  /** data: URL of a PNG QR code of the URI. */
  qrCode: string;
}

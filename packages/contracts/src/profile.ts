import { z } from 'zod';
import { requiredText } from './auth';
import { TOTP_DIGITS } from './constants';

/** My account: the signed-in user's own record (GET /sys/user/profile). */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  /** Address of the avatar image, or null. */
  avatar: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  googleAuthBound: z.boolean(),
});
export type Profile = z.input<typeof profileSchema>;

const optionalText = (max: number) =>
  z
    .string({ error: () => 'FIELD_INVALID_TYPE' })
    .trim()
    .max(max, 'FIELD_TOO_LONG')
    .transform((v) => (v === '' ? null : v))
    .nullish();

/**
 * What a user may change of their own record: real name (required), phone (checked and stored as
 * E.164; `country` is the country of a number typed without +code) and e-mail, both unique.
 */
export const profileUpdateSchema = z.object({
  realname: requiredText(64).trim().min(1, 'FIELD_REQUIRED'),
  phone: optionalText(32),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
    .optional(),
  email: z
    .string({ error: () => 'FIELD_INVALID_TYPE' })
    .trim()
    .toLowerCase()
    .max(128, 'FIELD_TOO_LONG')
    .transform((v) => (v === '' ? null : v))
    .pipe(z.email('EMAIL_INVALID').nullable())
    .nullish(),
});
export type ProfileUpdatePayload = z.input<typeof profileUpdateSchema>;

/** Largest avatar image accepted. */
export const AVATAR_MAX_BYTES = 512 * 1024;
/** Avatar image types accepted (checked by the file's own bytes, not its name). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Unbinding Google Authenticator proves it is the user: the password or a current code. */
export const googleAuthUnbindSchema = z
  .object({
    password: z.string().max(256, 'FIELD_TOO_LONG').optional(),
    code: z
      .string()
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), 'GOOGLE_CODE_INVALID')
      .optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: 'UNBIND_PROOF_REQUIRED',
    path: ['password'],
  });
export type GoogleAuthUnbindPayload = z.input<typeof googleAuthUnbindSchema>;

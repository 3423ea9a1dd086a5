import { z } from 'zod';
import { newPasswordSchema, requiredText } from './auth';
import { PASSWORD_MAX_LENGTH } from './constants';
import { pageQuerySchema } from './paging';
import { SMS_STATUSES } from './sms';
import { dateTime, uuid } from './wire';

/**
 * Codes sent by SMS (issue 12, customer access): sign-in with a code (`/sys/phoneLogin`) and a
 * forgotten password reset with a code (`/user/alteration`), through the platform's own OTP path.
 */

/** Digits of a code sent by SMS. */
export const SMS_CODE_DIGITS = 6;
/** How long a code may be used. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong codes a code survives: then it is spent (a new one must be requested). */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** One code per phone per this long. */
export const SMS_CODE_RESEND_MS = 60_000;
/** Codes per phone per hour, and per requesting address per hour. */
export const SMS_CODE_PER_PHONE_HOUR = 5;
export const SMS_CODE_PER_ADDRESS_HOUR = 10;

export const SMS_CODE_PURPOSES = ['login', 'reset'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/** International format (+8613800138000); a national number with `country`. */
export const codePhoneSchema = requiredText(32, 'PHONE_REQUIRED').trim();
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
  .optional();
export const smsCodeSchema = requiredText(16, 'SMS_CODE_REQUIRED')
  .trim()
  .regex(/^\d{6}$/, 'SMS_CODE_INVALID');

/** `POST /sys/sms`: send a code to a phone (answered alike whether a user has that phone or not). */
export const smsCodeRequestSchema = z.object({
  phone: codePhoneSchema,
  country,
  purpose: z.enum(SMS_CODE_PURPOSES),
});
export type SmsCodeRequest = z.input<typeof smsCodeRequestSchema>;
export const smsCodeSentSchema = z.object({
  /** Seconds before another code may be requested for this phone. */
  resendAfter: z.number().int(),
  /** Seconds the code is good for. */
  expiresIn: z.number().int(),
});

/** `POST /sys/phoneLogin`. */
export const phoneLoginSchema = z.object({
  phone: codePhoneSchema,
  country,
  code: smsCodeSchema,
  /** When the user bound Google Authenticator. */
  googleCode: z.string().max(16, 'FIELD_TOO_LONG').optional(),
});
export type PhoneLoginPayload = z.input<typeof phoneLoginSchema>;

/** `POST /sys/user/passwordReset` (the page `/user/alteration`). */
export const passwordResetSchema = z
  .object({
    phone: codePhoneSchema,
    country,
    code: smsCodeSchema,
    password: newPasswordSchema,
    confirmpassword: requiredText(PASSWORD_MAX_LENGTH, 'CONFIRM_PASSWORD_REQUIRED'),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: 'PASSWORDS_DIFFERENT',
    path: ['confirmpassword'],
  });
export type PasswordResetPayload = z.input<typeof passwordResetSchema>;

// ---------------------------------------------------------------- test tool (/TestToolRecord)

/** `POST /sms/testTool/send`: a test message through one gateway, routing bypassed. */
export const smsTestSendSchema = z.object({
  gatewayId: uuid,
  to: requiredText(32, 'PHONE_REQUIRED').trim(),
  text: requiredText(1_000).refine((v) => v.trim().length > 0, 'FIELD_REQUIRED'),
});
export type SmsTestSendPayload = z.input<typeof smsTestSendSchema>;

export const smsTestPartSchema = z.object({
  partNo: z.number().int(),
  upstreamId: z.string(),
  status: z.string().nullable(),
  errorCode: z.string().nullable(),
  submittedAt: dateTime,
  doneAt: dateTime.nullable(),
});

/** One test and its trace: accepted, submitted (the gateway's ids), receipt (final status). */
export const smsTestRecordSchema = z.object({
  id: uuid,
  createdAt: dateTime,
  username: z.string().nullable(),
  gatewayId: uuid,
  gatewayName: z.string().nullable(),
  to: z.string(),
  text: z.string(),
  messageId: uuid.nullable(),
  status: z.enum(SMS_STATUSES),
  errorCode: z.string().nullable(),
  sentAt: dateTime.nullable(),
  doneAt: dateTime.nullable(),
  parts: z.array(smsTestPartSchema),
});
export type SmsTestRecord = z.input<typeof smsTestRecordSchema>;
export type SmsTestRecordOut = z.output<typeof smsTestRecordSchema>;

export const smsTestListQuerySchema = pageQuerySchema;
export const smsTestIdQuerySchema = z.object({ id: uuid });

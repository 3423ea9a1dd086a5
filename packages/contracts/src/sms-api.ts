import { z } from 'zod';
import { money } from './money';
import type { SmsKind } from './rate';
import { SMS_API_RECIPIENTS_MAX, SMS_STATUSES, SMS_TEXT_MAX, senderId } from './sms';
import { dateTime, dateTimeInput, uuid } from './wire';

/**
 * The customer HTTP API (issue 12, "Customer access"): `/api/openapi/v1`, HTTP Basic with an API
 * key (user name) and its secret (password), described by its own OpenAPI document at
 * `/api/openapi/v1/openapi.json`. Answers are the platform's envelope.
 */

/** Under API_PREFIX (`/api`). */
export const SMS_API_PREFIX = '/openapi/v1';
/** The customer API's OpenAPI document (under API_PREFIX). */
export const SMS_API_OPENAPI_PATH = `${SMS_API_PREFIX}/openapi.json`;

/** The kinds as the API names them (`otp_premium` is the platform's `premium_otp`). */
export const SMS_API_KINDS = ['marketing', 'notification', 'otp', 'otp_premium'] as const;
export type SmsApiKind = (typeof SMS_API_KINDS)[number];
export const SMS_API_KIND_OF = {
  marketing: 'marketing',
  notification: 'notification',
  otp: 'otp',
  otp_premium: 'premium_otp',
} as const satisfies Record<SmsApiKind, SmsKind>;
export const apiKindOf = (kind: SmsKind): SmsApiKind => (kind === 'premium_otp' ? 'otp_premium' : kind);

/** A request with the same key and the same body is answered what it was answered the first time. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 128;
/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

export const CLIENT_REF_MAX = 64;

const number = z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG');

/** `POST /sms`. */
export const smsApiSendSchema = z.object({
  kind: z.enum(SMS_API_KINDS),
  /** An approved sender id of the company; the gateway's default when absent. */
  from: senderId.optional(),
  /** One number or up to 1000, international (with or without `+`). */
  to: z
    .union([number, z.array(number).min(1, 'FIELD_REQUIRED')])
    .superRefine((value, ctx) => {
      if (Array.isArray(value) && value.length > SMS_API_RECIPIENTS_MAX) {
        ctx.addIssue({ code: 'custom', message: 'BATCH_TOO_LARGE', params: { max: SMS_API_RECIPIENTS_MAX } });
      }
    })
    .meta({ description: `One number, or a list of up to ${SMS_API_RECIPIENTS_MAX}` }),
  text: z.string().min(1, 'FIELD_REQUIRED').max(SMS_TEXT_MAX, 'FIELD_TOO_LONG'),
  /** Sent at this time (not earlier than now); now when absent. */
  scheduledAt: dateTimeInput.optional(),
  /** The caller's own reference, returned with the message and in delivery reports. */
  clientRef: z.string().trim().min(1, 'FIELD_REQUIRED').max(CLIENT_REF_MAX, 'FIELD_TOO_LONG').optional(),
});
export type SmsApiSend = z.input<typeof smsApiSendSchema>;

export const smsApiAcceptedSchema = z.object({
  /** null: not stored (the same number given twice in one request). */
  id: uuid.nullable(),
  to: z.string(),
  parts: z.number().int(),
  price: money,
  status: z.enum(SMS_STATUSES),
  /** Why it is not sent (`NUMBER_INVALID`, `NO_ROUTE`, `BALANCE_INSUFFICIENT`…), null when accepted. */
  errorCode: z.string().nullable(),
  /** The same, in the caller's language. */
  reason: z.string().nullable(),
});
export type SmsApiAccepted = z.input<typeof smsApiAcceptedSchema>;

export const smsApiSendResultSchema = z.object({
  batchId: uuid,
  messages: z.array(smsApiAcceptedSchema),
});
export type SmsApiSendResult = z.input<typeof smsApiSendResultSchema>;

/** `GET /sms/{id}`. */
export const smsApiMessageSchema = z.object({
  id: uuid,
  to: z.string(),
  kind: z.enum(SMS_API_KINDS),
  status: z.enum(SMS_STATUSES),
  parts: z.number().int(),
  price: money,
  errorCode: z.string().nullable(),
  /** When the platform accepted it. */
  submittedAt: dateTime,
  /** When it reached its final status (null until then). */
  doneAt: dateTime.nullable(),
  clientRef: z.string().nullable(),
});
export type SmsApiMessage = z.input<typeof smsApiMessageSchema>;

export const smsApiIdParamsSchema = z.object({ id: uuid });

/** `GET /balance`. */
export const smsApiBalanceSchema = z.object({
  balance: money,
  creditLimit: money,
  /** What can still be spent: balance plus credit limit. */
  available: money,
  currency: z.string(),
});
export type SmsApiBalance = z.input<typeof smsApiBalanceSchema>;

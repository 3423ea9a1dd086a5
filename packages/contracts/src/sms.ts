import { z } from 'zod';
import { money } from './money';
import { SMS_KINDS, type SmsKind } from './rate';
import { resourceListQuerySchema } from './resource';
import { dateQuery, dateQueryEnd, dateTime, dateTimeInput, uuid } from './wire';

/**
 * The SMS engine's shared vocabulary: message statuses (one list, both languages come from the
 * `sms.status.<code>` i18n keys and the `sms_status` dictionary) and gateway bind states.
 */

/**
 * Where a message is. `accepted`: persisted and charged, waiting for dispatch (or for its
 * scheduled time); `queued`: claimed by a dispatcher; `sent`: the gateway answered submit_sm with
 * an id; the rest are final and never change again.
 */
export const SMS_STATUSES = [
  'accepted',
  'queued',
  'sent',
  'delivered',
  'undeliverable',
  'rejected',
  'expired',
  'timeout',
  'invalid_number',
  'arrears',
  'failed',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const SMS_FINAL_STATUSES = [
  'delivered',
  'undeliverable',
  'rejected',
  'expired',
  'timeout',
  'invalid_number',
  'arrears',
  'failed',
] as const satisfies readonly SmsStatus[];
export type SmsFinalStatus = (typeof SMS_FINAL_STATUSES)[number];

const finals: ReadonlySet<string> = new Set(SMS_FINAL_STATUSES);
export const isFinalSmsStatus = (status: string): status is SmsFinalStatus => finals.has(status);

/** A gateway bind's state as the console shows it live. */
export const GATEWAY_BIND_STATES = ['bound', 'connecting', 'down', 'disabled'] as const;
export type GatewayBindState = (typeof GATEWAY_BIND_STATES)[number];

// --- sending (console, HTTP API and SMPP share the pipeline) ---

/** The console's paths of the four kinds (Jeecg's names, spelling kept: otpReguler). */
export const SMS_KIND_PATHS = {
  marketing: 'marketing',
  notification: 'notify',
  otp: 'otpReguler',
  premium_otp: 'otpPremium',
} as const satisfies Record<SmsKind, string>;
export type SmsKindPath = (typeof SMS_KIND_PATHS)[SmsKind];
export const smsKindOfPath = (path: string): SmsKind | undefined =>
  (Object.entries(SMS_KIND_PATHS) as [SmsKind, string][]).find(([, p]) => p === path)?.[0];

/** Where a message came from. */
export const SMS_SOURCES = ['console', 'api', 'smpp', 'system'] as const;
export type SmsSource = (typeof SMS_SOURCES)[number];

/** The most recipients of one console send (a file import); the HTTP API takes SMS_API_RECIPIENTS_MAX. */
export const SMS_RECIPIENTS_MAX = 50_000;
export const SMS_API_RECIPIENTS_MAX = 1_000;
/** The longest text (characters) before variables are filled in. */
export const SMS_TEXT_MAX = 1_000;
/** Sender ids: letters, digits and underscore (spec section 5); alphanumeric at most 11 (GSM), digits at most 15. */
export const SENDER_ID_MAX = 15;
export const SENDER_ID_ALPHA_MAX = 11;
export const senderId = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(SENDER_ID_MAX, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9_]+$/, 'SENDER_INVALID')
  .refine((s) => /^\d+$/.test(s) || s.length <= SENDER_ID_ALPHA_MAX, 'SENDER_INVALID');
/** Variables of one recipient (`{name}` in the text), from an imported file's columns. */
export const SMS_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
export const recipientSchema = z.object({
  number: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
  vars: z.record(z.string().regex(SMS_VARIABLE_NAME), z.string().max(SMS_TEXT_MAX)).optional(),
});
export type Recipient = z.input<typeof recipientSchema>;

/** One send from the console: recipients typed, pasted or imported; sent now or at `scheduledAt`. */
export const smsSendInputSchema = z.object({
  recipients: z.array(recipientSchema).min(1, 'FIELD_REQUIRED').max(SMS_RECIPIENTS_MAX, 'BATCH_TOO_LARGE'),
  text: z.string().min(1, 'FIELD_REQUIRED').max(SMS_TEXT_MAX, 'FIELD_TOO_LONG'),
  sender: senderId.optional(),
  templateId: uuid.optional(),
  /** Not earlier than now (SCHEDULE_IN_PAST). */
  scheduledAt: dateTimeInput.optional(),
});
export type SmsSendInput = z.input<typeof smsSendInputSchema>;

/** Why one recipient is not sent. */
export const SMS_RECIPIENT_PROBLEMS = [
  'NUMBER_INVALID',
  'NUMBER_DUPLICATE',
  'NO_ROUTE',
  'RATE_NOT_FOUND',
] as const;
export const recipientProblemSchema = z.object({
  /** 0-based position in `recipients`. */
  index: z.number().int(),
  number: z.string(),
  reason: z.string(),
});

/** What a send would do, before it is done: counts, parts and cost. */
export const smsPreviewSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  problems: z.array(recipientProblemSchema),
  /** Parts of all valid messages together (each priced per part). */
  parts: z.number().int(),
  encoding: z.enum(['gsm7', 'ucs2']),
  amount: money,
  currency: z.string(),
  /**
   * The company's balance plus its credit limit can cover `amount`; null when it can but a
   * recipient has no price (RATE_NOT_FOUND), so what the send would cost is not known.
   */
  covered: z.boolean().nullable(),
});
export type SmsPreview = z.input<typeof smsPreviewSchema>;

export const smsSendResultSchema = z.object({
  batchId: uuid,
  accepted: z.number().int(),
  problems: z.array(recipientProblemSchema),
  amount: money,
  scheduledAt: dateTime.nullable(),
});
export type SmsSendResult = z.input<typeof smsSendResultSchema>;

/** A batch's state: scheduled (cancellable until it starts), cancelled, dispatching, done. */
export const SMS_BATCH_STATES = ['scheduled', 'cancelled', 'dispatching', 'done'] as const;
export type SmsBatchState = (typeof SMS_BATCH_STATES)[number];

export const smsBatchRowSchema = z.object({
  id: uuid,
  kind: z.enum(SMS_KINDS),
  companyId: uuid,
  companyName: z.string(),
  source: z.enum(SMS_SOURCES),
  sender: z.string().nullable(),
  text: z.string(),
  total: z.number().int(),
  /** Messages by status (only statuses with messages). */
  counts: z.partialRecord(z.enum(SMS_STATUSES), z.number().int()),
  amount: money,
  state: z.enum(SMS_BATCH_STATES),
  scheduledAt: dateTime.nullable(),
  createdAt: dateTime,
  createdBy: z.string().nullable(),
});
export type SmsBatchRow = z.input<typeof smsBatchRowSchema>;

export const smsMessageRowSchema = z.object({
  id: uuid,
  batchId: uuid.nullable(),
  kind: z.enum(SMS_KINDS),
  companyId: uuid,
  companyName: z.string(),
  to: z.string(),
  countryCode: z.string().nullable(),
  sender: z.string().nullable(),
  text: z.string(),
  parts: z.number().int(),
  price: money,
  status: z.enum(SMS_STATUSES),
  errorCode: z.string().nullable(),
  clientRef: z.string().nullable(),
  source: z.enum(SMS_SOURCES),
  createdAt: dateTime,
  sentAt: dateTime.nullable(),
  doneAt: dateTime.nullable(),
  /** Staff only (null for customers and resellers). */
  gatewayName: z.string().nullable(),
  routeName: z.string().nullable(),
  cost: money.nullable(),
});
export type SmsMessageRow = z.input<typeof smsMessageRowSchema>;

/** Records: the current day unless a period is given; export only within the past week. */
export const smsMessageListQuerySchema = resourceListQuerySchema({
  dateFrom: dateQuery.optional(),
  dateTo: dateQueryEnd.optional(),
  number: z.string().trim().max(32, 'FIELD_TOO_LONG').optional(),
  status: z.enum(SMS_STATUSES).optional(),
  batchId: uuid.optional(),
  companyId: uuid.optional(),
  /** Staff only. */
  gatewayId: uuid.optional(),
});
export type SmsMessageListQuery = z.input<typeof smsMessageListQuerySchema>;

export const smsBatchListQuerySchema = resourceListQuerySchema({
  dateFrom: dateQuery.optional(),
  dateTo: dateQueryEnd.optional(),
  state: z.enum(SMS_BATCH_STATES).optional(),
  companyId: uuid.optional(),
});
export type SmsBatchListQuery = z.input<typeof smsBatchListQuerySchema>;

/**
 * `POST /sms/{kindPath}/importNumbers` (multipart `file`: txt with one number per line, or
 * xlsx/csv whose first row names the columns: a `number` column (or the first column) and the
 * rest as variables): the recipients read and the rows that could not be read.
 */
export const smsNumberImportSchema = z.object({
  recipients: z.array(recipientSchema),
  /** Variable names (the columns other than the number). */
  columns: z.array(z.string()),
  problems: z.array(z.object({ row: z.number().int(), number: z.string(), reason: z.string() })),
});
export type SmsNumberImport = z.input<typeof smsNumberImportSchema>;

// --- delivery-report callbacks (the company's delivery log) ---

export const SMS_CALLBACK_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type SmsCallbackState = (typeof SMS_CALLBACK_STATES)[number];

/** What is posted to a company's callback URL when a message reaches its final status. */
export const smsCallbackBodySchema = z.object({
  id: uuid,
  clientRef: z.string().nullable(),
  to: z.string(),
  status: z.enum(SMS_STATUSES),
  errorCode: z.string().nullable(),
  doneAt: dateTime,
});
export type SmsCallbackBody = z.input<typeof smsCallbackBodySchema>;

export const smsCallbackAttemptSchema = z.object({
  at: dateTime,
  /** The receiver's HTTP status (null: no answer). */
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  durationMs: z.number().int(),
});

export const smsCallbackRowSchema = z.object({
  messageId: uuid,
  companyId: uuid,
  companyName: z.string(),
  body: z.string(),
  state: z.enum(SMS_CALLBACK_STATES),
  attempts: z.number().int(),
  nextAt: dateTime.nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  log: z.array(smsCallbackAttemptSchema),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type SmsCallbackRow = z.input<typeof smsCallbackRowSchema>;

export const smsCallbackListQuerySchema = resourceListQuerySchema({
  dateFrom: dateQuery.optional(),
  dateTo: dateQueryEnd.optional(),
  state: z.enum(SMS_CALLBACK_STATES).optional(),
  companyId: uuid.optional(),
});
export type SmsCallbackListQuery = z.input<typeof smsCallbackListQuerySchema>;

/** `?id=` of a kind's cancel and queryById. */
export const smsIdQuerySchema = z.object({ id: uuid });

import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { CALL_RESULTS } from './voice-task';
import { dateTime, uuid } from './wire';

/**
 * The voice tools of `/voip` (issue 23): the CLI test (a test call with a chosen caller ID
 * through a chosen trunk, showing the SIP exchange and what the callee received) and number-status
 * checks (an INVITE cancelled on the first ringing answer, in bulk, priced from the company's ND
 * rate group). Both run on the worker processes' SIP stack; the API stores the request and the
 * result.
 */

// --- number-status checks ---

/** What a check found a number to be (`failed`: it could not be checked: no route, no rate, a trunk error). */
export const NUMBER_STATUSES = ['reachable', 'busy', 'unavailable', 'vacant', 'failed'] as const;
export type NumberStatusResult = (typeof NUMBER_STATUSES)[number];

/** A check is running until every number is done; stopped by its user or when the balance ran out. */
export const STATUS_CHECK_STATES = ['running', 'done', 'stopped'] as const;
export type StatusCheckState = (typeof STATUS_CHECK_STATES)[number];
export const STATUS_CHECK_STOP_REASONS = ['user', 'BALANCE_INSUFFICIENT'] as const;
export type StatusCheckStopReason = (typeof STATUS_CHECK_STOP_REASONS)[number];

/** A number of a check: pending, being checked (a lease), done; skipped when its check stopped first. */
export const STATUS_CHECK_NUMBER_STATES = ['pending', 'checking', 'done', 'skipped'] as const;
export type StatusCheckNumberState = (typeof STATUS_CHECK_NUMBER_STATES)[number];

/** Numbers a check holds at most. */
export const STATUS_CHECK_NUMBERS_MAX = 50_000;

export const statusCheckInputSchema = z.object({
  /** Staff and resellers name the company; a customer's is its own. */
  companyId: uuid.optional(),
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64),
  /** Typed, pasted or imported numbers (importNumbers reads a file into this). */
  numbers: z.array(z.string().max(40)).min(1, 'STATUS_CHECK_NUMBERS_REQUIRED').max(STATUS_CHECK_NUMBERS_MAX),
});
export type StatusCheckInput = z.infer<typeof statusCheckInputSchema>;

export const statusCheckCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  checking: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  reachable: z.number().int(),
  busy: z.number().int(),
  unavailable: z.number().int(),
  vacant: z.number().int(),
  failed: z.number().int(),
});
export type StatusCheckCounts = z.infer<typeof statusCheckCountsSchema>;

export const statusCheckSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  name: z.string(),
  state: z.enum(STATUS_CHECK_STATES),
  stopReason: z.enum(STATUS_CHECK_STOP_REASONS).nullable(),
  counts: statusCheckCountsSchema,
  /** What the check was charged so far (decimal string). */
  amount: z.string(),
  createdAt: dateTime,
  finishedAt: dateTime.nullable(),
});
/** As the console receives it (timestamps as ISO text); the server's is `z.output`. */
export type StatusCheck = z.input<typeof statusCheckSchema>;

export const statusCheckListQuerySchema = pageQuerySchema.extend({
  name: z.string().max(64).optional(),
  state: z.enum(STATUS_CHECK_STATES).optional(),
  companyId: uuid.optional(),
});

export const statusCheckNumberSchema = z.object({
  id: uuid,
  number: z.string(),
  state: z.enum(STATUS_CHECK_NUMBER_STATES),
  status: z.enum(NUMBER_STATUSES).nullable(),
  sipCode: z.number().int().nullable(),
  /** Milliseconds from the INVITE to the answer that decided it. */
  ms: z.number().int().nullable(),
  /** Why a number failed: NO_ROUTE, RATE_NOT_FOUND, NUMBER_INVALID, TRUNK_ERROR. */
  error: z.string().nullable(),
  amount: z.string(),
  checkedAt: dateTime.nullable(),
});
export type StatusCheckNumber = z.input<typeof statusCheckNumberSchema>;

export const statusCheckNumbersQuerySchema = pageQuerySchema.extend({
  id: uuid,
  status: z.enum(NUMBER_STATUSES).optional(),
  number: z.string().max(40).optional(),
});

export const statusCheckIdSchema = z.object({ id: uuid });

/** The websocket message id of a check's live progress (cmd 'topic'; its text is StatusCheckProgress as JSON). */
export const STATUS_CHECK_PROGRESS_MESSAGE = 'voice.statusCheck.progress';

export const statusCheckProgressSchema = z.object({
  kind: z.literal('statusCheck'),
  id: uuid,
  state: z.enum(STATUS_CHECK_STATES),
  stopReason: z.enum(STATUS_CHECK_STOP_REASONS).nullable(),
  counts: statusCheckCountsSchema,
  amount: z.string(),
});
export type StatusCheckProgress = z.infer<typeof statusCheckProgressSchema>;

// --- CLI test ---

/** How long a test call is held when not said (seconds). */
export const CLI_TEST_HOLD_DEFAULT = 5;

/** Keys a test call presses (RFC 4733), at most 16. */
export const DTMF_KEYS = /^[0-9*#A-D]{0,16}$/;

export const cliTestInputSchema = z.object({
  trunkId: uuid,
  /** The caller ID to present (the trunk's caller-ID rule is applied to it). */
  callerId: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,32}$/, 'CLI_TEST_CALLER_INVALID'),
  /** The number to call. */
  to: z.string().trim().min(1, 'FIELD_REQUIRED').max(40),
  /** Keys to press once the call is answered. */
  keys: z.string().trim().toUpperCase().regex(DTMF_KEYS, 'CLI_TEST_KEYS_INVALID').default(''),
  /** How long the answered call is held, playing a test tone (2 to 30 s). */
  holdS: z
    .number({ message: 'CLI_TEST_HOLD_INVALID' })
    .int('CLI_TEST_HOLD_INVALID')
    .min(2, 'CLI_TEST_HOLD_INVALID')
    .max(30, 'CLI_TEST_HOLD_INVALID')
    .default(CLI_TEST_HOLD_DEFAULT),
});
export type CliTestInput = z.input<typeof cliTestInputSchema>;

export const CLI_TEST_STATES = ['queued', 'running', 'done'] as const;
export type CliTestState = (typeof CLI_TEST_STATES)[number];

/** One SIP message of the ladder: when (ms since the INVITE), which way, its start line and whole text. */
export const sipLadderEntrySchema = z.object({
  atMs: z.number().int(),
  dir: z.enum(['out', 'in']),
  peer: z.string(),
  summary: z.string(),
  text: z.string(),
});
export type SipLadderEntry = z.infer<typeof sipLadderEntrySchema>;

/** What the callee reported it received (the carrier simulator does; a real callee does not). */
export const calleeReportSchema = z.object({
  from: z.string(),
  displayName: z.string().nullable(),
  assertedIdentity: z.string().nullable(),
  to: z.string(),
  codec: z.string().nullable(),
  keys: z.string(),
  audioPackets: z.number().int(),
  audioMs: z.number().int(),
  levelDbfs: z.number().nullable(),
});
export type CalleeReportView = z.infer<typeof calleeReportSchema>;

/** Our side of the media: codec, RTP packets each way, keys sent and heard. */
export const cliTestMediaSchema = z.object({
  codec: z.string().nullable(),
  packetsSent: z.number().int(),
  packetsReceived: z.number().int(),
  keysSent: z.string(),
  keysReceived: z.string(),
});

export const cliTestSchema = z.object({
  id: uuid,
  trunkId: uuid,
  trunkName: z.string(),
  to: z.string(),
  callerId: z.string(),
  /** The caller ID sent, after the trunk's caller-ID rule (null until placed). */
  sentCallerId: z.string().nullable(),
  keys: z.string(),
  holdS: z.number().int(),
  state: z.enum(CLI_TEST_STATES),
  result: z.enum(CALL_RESULTS).nullable(),
  sipCode: z.number().int().nullable(),
  /** Why the call could not be placed (a TLS trunk, a transport error), when it could not. */
  error: z.string().nullable(),
  ringMs: z.number().int().nullable(),
  talkMs: z.number().int().nullable(),
  ladder: z.array(sipLadderEntrySchema),
  media: cliTestMediaSchema.nullable(),
  callee: calleeReportSchema.nullable(),
  createdAt: dateTime,
  finishedAt: dateTime.nullable(),
});
/** As the console receives it (timestamps as ISO text); the server's is `z.output`. */
export type CliTest = z.input<typeof cliTestSchema>;

export const cliTestListQuerySchema = pageQuerySchema.extend({
  trunkId: uuid.optional(),
});

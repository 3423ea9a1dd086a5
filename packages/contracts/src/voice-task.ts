import { z } from 'zod';
import {
  HANGUP_SMS_MAX,
  TIME_PERIOD_MIN_MINUTES,
  TIME_PERIODS_MAX,
  TTL_MAX_S,
  TTL_MIN_S,
  TTS_TEXT_MAX,
} from './constants';
import { pageQuerySchema } from './paging';
import { dateTime, uuid } from './wire';

/**
 * Group call tasks (issue 23; spec sections 4 and 5): the task state machine, written once and
 * used by the server (which refuses an action its state does not allow) and the console (which
 * offers only the allowed ones), and the rules of a task (call ratio, daily periods, TTL,
 * hang-up SMS, TTS text) with their bilingual error codes (errors/voice-task.ts).
 */

// --- states and actions (spec section 4) ---

/**
 * waiting to submit, submitting, calling, task success, task cancelled, task paused, running.
 * `running`: submitted and live, waiting for its next period (or for numbers to come due);
 * `calling`: inside a period, placing calls. The engine moves a task between the two by itself.
 */
export const CALL_TASK_STATES = [
  'waiting_submit',
  'submitting',
  'calling',
  'success',
  'cancelled',
  'paused',
  'running',
] as const;
export type CallTaskState = (typeof CALL_TASK_STATES)[number];

/** What a user may do to a task: run (submit), pause, resume, stop, re-call all or failed only. */
export const CALL_TASK_ACTIONS = ['run', 'pause', 'resume', 'stop', 'recall_all', 'recall_failed'] as const;
export type CallTaskAction = (typeof CALL_TASK_ACTIONS)[number];

/** What the task engine does to a task by itself. */
export const CALL_TASK_EVENTS = [
  /** The numbers are stored: the task is live. */
  'submitted',
  /** A period began (and numbers are due). */
  'period_started',
  /** The period ended: the task waits for the next one. */
  'period_ended',
  /** Every number has its final result. */
  'finished',
  /** The company's balance ran out: paused with reason BALANCE_INSUFFICIENT. */
  'balance_out',
  /** Balance is back: a task paused for balance runs again. */
  'balance_back',
] as const;
export type CallTaskEvent = (typeof CALL_TASK_EVENTS)[number];

/**
 * The one table of transitions: for each action or event, the states it applies in and the state
 * it leads to. Anything not here is refused (CALL_TASK_ACTION_NOT_ALLOWED).
 */
export const CALL_TASK_TRANSITIONS: Readonly<
  Record<CallTaskAction | CallTaskEvent, { from: readonly CallTaskState[]; to: CallTaskState }>
> = {
  run: { from: ['waiting_submit'], to: 'submitting' },
  pause: { from: ['running', 'calling'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  stop: { from: ['waiting_submit', 'submitting', 'running', 'calling', 'paused'], to: 'cancelled' },
  recall_all: { from: ['success', 'cancelled'], to: 'running' },
  recall_failed: { from: ['success', 'cancelled'], to: 'running' },
  submitted: { from: ['submitting'], to: 'running' },
  period_started: { from: ['running'], to: 'calling' },
  period_ended: { from: ['calling'], to: 'running' },
  finished: { from: ['running', 'calling'], to: 'success' },
  balance_out: { from: ['running', 'calling'], to: 'paused' },
  balance_back: { from: ['paused'], to: 'running' },
};

/** The state an action or event leads to from `state`, or null when it is not allowed there. */
export function nextCallTaskState(
  state: CallTaskState,
  step: CallTaskAction | CallTaskEvent,
): CallTaskState | null {
  const t = CALL_TASK_TRANSITIONS[step];
  return t.from.includes(state) ? t.to : null;
}

/** The user actions a task in `state` allows (the console shows these, the server accepts these). */
export function callTaskActionsOf(state: CallTaskState): CallTaskAction[] {
  return CALL_TASK_ACTIONS.filter((action) => CALL_TASK_TRANSITIONS[action].from.includes(state));
}

/** A task may be edited (and deleted) only before it is submitted. */
export const callTaskEditable = (state: CallTaskState) => state === 'waiting_submit';

/** Why a task is paused: by a user, or by the engine for lack of balance. */
export const CALL_TASK_PAUSE_REASONS = ['user', 'BALANCE_INSUFFICIENT'] as const;
export type CallTaskPauseReason = (typeof CALL_TASK_PAUSE_REASONS)[number];

// --- results ---

/** What became of a number (and of each call attempt). */
export const CALL_RESULTS = [
  'answered',
  'busy',
  'no_answer',
  'rejected',
  'invalid_number',
  'failed',
] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

/** A number's state in its task: waiting, being called (claimed), or done with a result. */
export const CALL_NUMBER_STATES = ['pending', 'dialling', 'done'] as const;
export type CallNumberState = (typeof CALL_NUMBER_STATES)[number];

/** Results "re-call failed only" calls again: everything but answered. */
export const isFailedResult = (result: CallResult | null) => result !== null && result !== 'answered';

// --- rules (spec section 5) ---

// The figures of spec section 5 (constants.ts): periods, TTL, hang-up SMS and TTS lengths.
const CALL_TASK_PERIODS_MAX = TIME_PERIODS_MAX;
const CALL_TASK_PERIOD_MIN_MINUTES = TIME_PERIOD_MIN_MINUTES;
/** The most concurrent calls of one task. */
export const CALL_RATIO_MAX = 500;
/** The most numbers of one task. */
export const CALL_TASK_NUMBERS_MAX = 100_000;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Minutes since midnight of an `HH:mm` time (NaN when it is not one). */
export function minutesOf(time: string): number {
  const match = HHMM.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

export const callPeriodSchema = z.object({
  start: z.string().regex(HHMM, 'CALL_PERIOD_TIME_INVALID'),
  end: z.string().regex(HHMM, 'CALL_PERIOD_TIME_INVALID'),
});
export type CallPeriod = z.infer<typeof callPeriodSchema>;

/**
 * The problem of a list of daily periods, or null: at least one and at most 5, each start not
 * after its end and at least 5 minutes long, none overlapping another (touching is allowed).
 */
export function periodsProblem(
  periods: readonly CallPeriod[],
): { code: CallTaskRuleCode; index: number } | null {
  if (periods.length === 0) return { code: 'CALL_PERIODS_REQUIRED', index: 0 };
  if (periods.length > CALL_TASK_PERIODS_MAX)
    return { code: 'CALL_PERIODS_TOO_MANY', index: CALL_TASK_PERIODS_MAX };
  const spans = periods.map((p, index) => ({ start: minutesOf(p.start), end: minutesOf(p.end), index }));
  for (const s of spans) {
    if (Number.isNaN(s.start) || Number.isNaN(s.end))
      return { code: 'CALL_PERIOD_TIME_INVALID', index: s.index };
    if (s.start > s.end) return { code: 'CALL_PERIOD_START_AFTER_END', index: s.index };
    if (s.end - s.start < CALL_TASK_PERIOD_MIN_MINUTES)
      return { code: 'CALL_PERIOD_TOO_SHORT', index: s.index };
  }
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end)
      return { code: 'CALL_PERIODS_OVERLAP', index: sorted[i]!.index };
  }
  return null;
}

/** Whether `minute` (minutes since midnight, local time) is inside one of the periods ([start, end)). */
export const inPeriods = (periods: readonly CallPeriod[], minute: number) =>
  periods.some((p) => minute >= minutesOf(p.start) && minute < minutesOf(p.end));

/** The error codes of the rules (texts in errors/voice-task.ts). */
export type CallTaskRuleCode =
  | 'CALL_PERIODS_REQUIRED'
  | 'CALL_PERIODS_TOO_MANY'
  | 'CALL_PERIOD_TIME_INVALID'
  | 'CALL_PERIOD_START_AFTER_END'
  | 'CALL_PERIOD_TOO_SHORT'
  | 'CALL_PERIODS_OVERLAP';

/** An IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const hangupSmsSchema = z.object({
  /** To answered numbers only, or to every number once its calls are over. */
  to: z.enum(['answered', 'all']),
  text: z.string().trim().min(1, 'HANGUP_SMS_REQUIRED').max(HANGUP_SMS_MAX, 'HANGUP_SMS_TOO_LONG'),
});
export type HangupSms = z.infer<typeof hangupSmsSchema>;

/** A TTS text (IVR files): 1 to 800 characters. */
export const ttsTextSchema = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(TTS_TEXT_MAX, 'TTS_TEXT_TOO_LONG');

const callTaskFields = {
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64),
  /** The IVR flow the calls run (module `ivr`). */
  ivrFlowId: uuid,
  /** Caller IDs: a caller group, or caller ids (module `caller`); none: the trunk's own. */
  callerGroupId: uuid.nullable().default(null),
  callerIds: z.array(z.string().trim().min(1).max(32)).max(100).default([]),
  /** A trunk, or a voice route; neither: the company's routing (module `trunk`). */
  trunkId: uuid.nullable().default(null),
  routeId: uuid.nullable().default(null),
  /** Concurrent calls of the task: greater than 0. */
  callRatio: z
    .number({ message: 'CALL_RATIO_INVALID' })
    .int('CALL_RATIO_INVALID')
    .min(1, 'CALL_RATIO_INVALID')
    .max(CALL_RATIO_MAX, 'CALL_RATIO_INVALID'),
  periods: z.array(callPeriodSchema).max(CALL_TASK_PERIODS_MAX + 1),
  /** The company's time zone the periods are read in (IANA). */
  timeZone: z.string().default('UTC'),
  /** The longest a call may last, 60 to 600 seconds. */
  ttlS: z
    .number({ message: 'CALL_TTL_INVALID' })
    .int('CALL_TTL_INVALID')
    .min(TTL_MIN_S, 'CALL_TTL_INVALID')
    .max(TTL_MAX_S, 'CALL_TTL_INVALID'),
  hangupSms: hangupSmsSchema.nullable().default(null),
};

/** Adds the rules that span fields (periods, time zone) as issues of their fields. */
function checkTask(task: { periods?: readonly CallPeriod[]; timeZone?: string }, ctx: z.RefinementCtx) {
  if (task.periods) {
    const problem = periodsProblem(task.periods);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.code, path: ['periods'] });
  }
  if (task.timeZone !== undefined && !isTimeZone(task.timeZone)) {
    ctx.addIssue({ code: 'custom', message: 'CALL_TIME_ZONE_INVALID', path: ['timeZone'] });
  }
}

export const callTaskInputSchema = z
  .object({
    ...callTaskFields,
    /** Staff and resellers name the company; a customer's is its own. */
    companyId: uuid.optional(),
    /** Typed, pasted or imported numbers (importNumbers reads a file into this). */
    numbers: z.array(z.string().max(40)).min(1, 'CALL_TASK_NUMBERS_REQUIRED').max(CALL_TASK_NUMBERS_MAX),
  })
  .superRefine(checkTask);
export type CallTaskInput = z.infer<typeof callTaskInputSchema>;

export const callTaskEditSchema = z
  .object({
    id: uuid,
    ...callTaskFields,
    numbers: z
      .array(z.string().max(40))
      .min(1, 'CALL_TASK_NUMBERS_REQUIRED')
      .max(CALL_TASK_NUMBERS_MAX)
      .optional(),
  })
  .superRefine(checkTask);
export type CallTaskEdit = z.infer<typeof callTaskEditSchema>;

export const callTaskActionSchema = z.object({ id: uuid });
export const callTaskRecallSchema = z.object({ id: uuid, only: z.enum(['all', 'failed']) });

export const callTaskCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  dialling: z.number().int(),
  done: z.number().int(),
  answered: z.number().int(),
  busy: z.number().int(),
  no_answer: z.number().int(),
  rejected: z.number().int(),
  invalid_number: z.number().int(),
  failed: z.number().int(),
});
export type CallTaskCounts = z.infer<typeof callTaskCountsSchema>;

export const callTaskSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  name: z.string(),
  state: z.enum(CALL_TASK_STATES),
  pauseReason: z.enum(CALL_TASK_PAUSE_REASONS).nullable(),
  ivrFlowId: uuid,
  callerGroupId: uuid.nullable(),
  callerIds: z.array(z.string()),
  trunkId: uuid.nullable(),
  routeId: uuid.nullable(),
  callRatio: z.number().int(),
  periods: z.array(callPeriodSchema),
  timeZone: z.string(),
  ttlS: z.number().int(),
  hangupSms: hangupSmsSchema.nullable(),
  counts: callTaskCountsSchema,
  /** What the calls of the task were charged so far (decimal string). */
  amount: z.string(),
  actions: z.array(z.enum(CALL_TASK_ACTIONS)),
  createdAt: dateTime,
  startedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
});
/** As the console receives it (timestamps as ISO text); the server's is `z.output`. */
export type CallTask = z.input<typeof callTaskSchema>;

export const callTaskListQuerySchema = pageQuerySchema.extend({
  name: z.string().max(64).optional(),
  state: z.enum(CALL_TASK_STATES).optional(),
  companyId: uuid.optional(),
});

export const callTaskNumberSchema = z.object({
  id: uuid,
  number: z.string(),
  state: z.enum(CALL_NUMBER_STATES),
  result: z.enum(CALL_RESULTS).nullable(),
  attempts: z.number().int(),
  ringS: z.number(),
  talkS: z.number(),
  keys: z.string(),
  /** The IVR flow's result of the last call (the `end` its keys led to: `yes`, `no`…; '' for none). */
  ivrResult: z.string(),
  amount: z.string(),
  calledAt: dateTime.nullable(),
});
/** As the console receives it (timestamps as ISO text); the server's is `z.output`. */
export type CallTaskNumber = z.input<typeof callTaskNumberSchema>;

export const callTaskNumbersQuerySchema = pageQuerySchema.extend({
  id: uuid,
  result: z.enum(CALL_RESULTS).optional(),
  number: z.string().max(40).optional(),
});

/** A call attempt (CDR). Cost and margin only for staff (null otherwise). */
export const callRecordSchema = z.object({
  id: uuid,
  taskId: uuid,
  taskName: z.string(),
  companyId: uuid,
  companyName: z.string(),
  to: z.string(),
  callerId: z.string().nullable(),
  trunkId: z.string().nullable(),
  result: z.enum(CALL_RESULTS),
  sipCode: z.number().int().nullable(),
  ringS: z.number(),
  talkS: z.number(),
  billedS: z.number().int(),
  keys: z.string(),
  /** The IVR flow's result (the `end` the keys led to: `yes`, `no`…; '' for none). */
  ivrResult: z.string(),
  /** Both legs' when transferred. */
  amount: z.string(),
  /** The number the IVR flow transferred the call to (null: not transferred). */
  transferTo: z.string().nullable(),
  /** What became of the transfer leg (null: not transferred). */
  transferResult: z.enum(CALL_RESULTS).nullable(),
  transferSipCode: z.number().int().nullable(),
  /** How long the two legs were bridged: the transfer leg's talk time. */
  transferTalkS: z.number(),
  transferBilledS: z.number().int(),
  /** The transfer leg's share of `amount`. */
  transferAmount: z.string(),
  startedAt: dateTime,
  answeredAt: dateTime.nullable(),
  endedAt: dateTime,
});
/** As the console receives it (timestamps as ISO text); the server's is `z.output`. */
export type CallRecord = z.input<typeof callRecordSchema>;

export const callRecordQuerySchema = pageQuerySchema.extend({
  taskId: uuid.optional(),
  companyId: uuid.optional(),
  to: z.string().max(40).optional(),
  result: z.enum(CALL_RESULTS).optional(),
  from: dateTime.optional(),
  until: dateTime.optional(),
});

/** The websocket message id of a task's live progress (cmd 'topic'; its text is CallTaskProgress as JSON). */
export const CALL_TASK_PROGRESS_MESSAGE = 'voice.task.progress';

/** Live progress of a task, as the websocket carries it. */
export const callTaskProgressSchema = z.object({
  kind: z.literal('callTask'),
  id: uuid,
  state: z.enum(CALL_TASK_STATES),
  counts: callTaskCountsSchema,
});
export type CallTaskProgress = z.infer<typeof callTaskProgressSchema>;

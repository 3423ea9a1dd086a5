import { z } from 'zod';
import { resourceListQuerySchema } from './resource';
import { type CallPeriod, callPeriodSchema, isTimeZone, periodsProblem } from './voice-task';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * The call centre (issue 26), first slice: seats (`/seat`), seat groups (`/seatGroup`), call
 * result settings (`/callResultSetting`) and call lists (`/callList`). Each belongs to a company:
 * staff see all, resellers their own and their customers', customers their own.
 */

// --- seats ---

/** A seat's state (spec: on call, idle, offline; ringing comes with bridging). */
export const SEAT_STATES = ['offline', 'idle', 'ringing', 'on_call'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** The registration expiry a seat may ask for, in seconds (asked for more: granted the most). */
export const SEAT_REGISTER_EXPIRES_MIN_S = 30;
export const SEAT_REGISTER_EXPIRES_MAX_S = 3600;

/** Spec: a seat's job number is digits only. */
export const seatJobNumber = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(16, 'FIELD_TOO_LONG')
  .regex(/^\d+$/, 'SEAT_JOB_NUMBER_INVALID');

/** The SIP username a seat's phone registers with: letters, digits, dot, underscore, hyphen. */
export const seatSipUsername = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(64, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9._-]+$/, 'SEAT_SIP_USERNAME_INVALID');

const seatSipPassword = z.string().max(64, 'FIELD_TOO_LONG');
const remark = z.string().trim().max(255, 'FIELD_TOO_LONG').nullish();
const name = z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG');
const distinctIds = (max: number) =>
  z
    .array(uuid)
    .max(max, 'NUMBER_TOO_LARGE')
    .refine((list) => new Set(list).size === list.length, 'FIELD_INVALID')
    .default([]);

const seatShape = {
  jobNumber: seatJobNumber,
  name,
  sipUsername: seatSipUsername,
  /** The company it belongs to; missing: the caller's own (staff must name one). */
  companyId: uuid.optional(),
  /** The user who works the seat (a user of the seat's company), or none. */
  userId: uuid.nullish(),
  /** Seat groups of the seat's company. */
  groupIds: distinctIds(50),
  enabled: z.boolean().default(true),
  remark,
};

/** `POST /seat/add`: the SIP password is required (6 to 64 characters). */
export const seatInputSchema = z.object({
  ...seatShape,
  sipPassword: seatSipPassword.min(6, 'SEAT_SIP_PASSWORD_SHORT'),
});
export type SeatInput = z.input<typeof seatInputSchema>;
/** `PUT /seat/edit`: an empty or missing SIP password keeps the stored one; the company does not change. */
export const seatEditSchema = z.object({
  id: uuid,
  ...seatShape,
  sipPassword: seatSipPassword.refine((v) => v === '' || v.length >= 6, 'SEAT_SIP_PASSWORD_SHORT').optional(),
});
export type SeatEdit = z.input<typeof seatEditSchema>;

/** A seat's registration and state, as pushed live (`SEAT_STATE_MESSAGE`) and read from `/seat/state`. */
export const seatLiveStateSchema = z.object({
  seatId: z.string(),
  companyId: z.string(),
  state: z.enum(SEAT_STATES),
  /** The registered contact (`sip:user@host:port`), while registered. */
  contact: z.string().nullable(),
  /** When the registration runs out (then the seat is offline). */
  expiresAt: dateTime.nullable(),
  userAgent: z.string().nullable(),
  since: dateTime,
});
export type SeatLiveState = z.input<typeof seatLiveStateSchema>;
export const seatLiveStatesSchema = z.array(seatLiveStateSchema);
/** The `msgId` of the topic message carrying one seat's new state (JSON in `msgTxt`). */
export const SEAT_STATE_MESSAGE = 'callCentre.seat.state';

/** A seat as answered: never its SIP password. */
export const seatSchema = z.object({
  id: z.string(),
  jobNumber: z.string(),
  name: z.string(),
  sipUsername: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  state: z.enum(SEAT_STATES),
  contact: z.string().nullable(),
  expiresAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Seat = z.input<typeof seatSchema>;

export const SEAT_SORTABLE = ['jobNumber', 'name', 'sipUsername', 'state', 'enabled', 'createdAt'] as const;
export const seatListQuerySchema = resourceListQuerySchema({
  /** Job number, name or SIP username, in part. */
  keyword: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
  groupId: uuid.optional(),
  state: z.enum(SEAT_STATES).optional(),
  enabled: booleanQuery.optional(),
});
export type SeatListQuery = z.input<typeof seatListQuerySchema>;
export const seatStateQuerySchema = z.object({ companyId: uuid.optional() });
/** `GET /seat/userOptions`: users of the seat's company (the caller's own unless named) for the seat's user. */
export const seatUserOptionsQuerySchema = z.object({
  companyId: uuid.optional(),
  keyword: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
});

// --- seat groups ---

/** How a group hands a call to its seats: the seat idle longest, or each in turn. */
export const SEAT_DISTRIBUTIONS = ['longest_idle', 'round_robin'] as const;
export type SeatDistribution = (typeof SEAT_DISTRIBUTIONS)[number];
/** A seat's wrap-up time after a call, in seconds. */
export const SEAT_WRAP_UP_MAX_S = 600;

const seatGroupShape = {
  name,
  companyId: uuid.optional(),
  distribution: z.enum(SEAT_DISTRIBUTIONS, { error: 'FIELD_INVALID' }).default('longest_idle'),
  wrapUpS: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(0, 'NUMBER_TOO_SMALL')
    .max(SEAT_WRAP_UP_MAX_S, 'NUMBER_TOO_LARGE')
    .default(10),
  /** Seats of the group's company. */
  seatIds: distinctIds(500),
  enabled: z.boolean().default(true),
  remark,
};
/** `POST /seatGroup/add`. */
export const seatGroupInputSchema = z.object(seatGroupShape);
export type SeatGroupInput = z.input<typeof seatGroupInputSchema>;
/** `PUT /seatGroup/edit` (the company does not change). */
export const seatGroupEditSchema = z.object({ id: uuid, ...seatGroupShape });
export type SeatGroupEdit = z.input<typeof seatGroupEditSchema>;

export const seatGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  distribution: z.enum(SEAT_DISTRIBUTIONS),
  wrapUpS: z.number().int(),
  seats: z.array(z.object({ id: z.string(), jobNumber: z.string(), name: z.string() })),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type SeatGroup = z.input<typeof seatGroupSchema>;

export const SEAT_GROUP_SORTABLE = ['name', 'distribution', 'wrapUpS', 'enabled', 'createdAt'] as const;
export const seatGroupListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type SeatGroupListQuery = z.input<typeof seatGroupListQuerySchema>;

// --- call result settings ---

const callResultShape = {
  name,
  companyId: uuid.optional(),
  /** A result that asks for the number to be called again (e.g. "call back"). */
  redial: z.boolean().default(false),
  sort: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(0, 'NUMBER_TOO_SMALL')
    .max(100, 'NUMBER_TOO_LARGE')
    .default(0),
  enabled: z.boolean().default(true),
  remark,
};
/** `POST /callResultSetting/add`. */
export const callResultSettingInputSchema = z.object(callResultShape);
export type CallResultSettingInput = z.input<typeof callResultSettingInputSchema>;
/** `PUT /callResultSetting/edit` (the company does not change). */
export const callResultSettingEditSchema = z.object({ id: uuid, ...callResultShape });
export type CallResultSettingEdit = z.input<typeof callResultSettingEditSchema>;

export const callResultSettingSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  redial: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CallResultSetting = z.input<typeof callResultSettingSchema>;

export const CALL_RESULT_SETTING_SORTABLE = ['name', 'sort', 'enabled', 'createdAt'] as const;
export const callResultSettingListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type CallResultSettingListQuery = z.input<typeof callResultSettingListQuerySchema>;

// --- call lists ---

/** A call list number's state (spec: not called, calling, complete, waiting for redial). */
export const CALL_LIST_NUMBER_STATES = ['not_called', 'calling', 'complete', 'waiting_redial'] as const;
export type CallListNumberState = (typeof CALL_LIST_NUMBER_STATES)[number];
/** The most numbers one call list holds. */
export const CALL_LIST_NUMBERS_MAX = 10_000;
/** The most extra columns a list keeps beside name and notes, and a cell's longest text. */
export const CALL_LIST_COLUMNS_MAX = 20;
export const CALL_LIST_CELL_MAX = 500;

/** A number of a list, typed or read from a file: name, notes and any other columns kept. */
export const callListEntrySchema = z.object({
  number: z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'FIELD_TOO_LONG'),
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').nullish(),
  notes: z.string().trim().max(CALL_LIST_CELL_MAX, 'FIELD_TOO_LONG').nullish(),
  extra: z
    .record(
      z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
      z.string().max(CALL_LIST_CELL_MAX, 'FIELD_TOO_LONG'),
    )
    .refine((r) => Object.keys(r).length <= CALL_LIST_COLUMNS_MAX, 'CALL_LIST_TOO_MANY_COLUMNS')
    .optional(),
});
export type CallListEntry = z.input<typeof callListEntrySchema>;

/** `POST /callList/add`: a name and its numbers (typed, or read by `/callList/importNumbers`). */
export const callListInputSchema = z.object({
  name,
  companyId: uuid.optional(),
  remark,
  entries: z
    .array(callListEntrySchema)
    .min(1, 'CALL_LIST_NUMBERS_REQUIRED')
    .max(CALL_LIST_NUMBERS_MAX, 'BATCH_TOO_LARGE'),
});
export type CallListInput = z.input<typeof callListInputSchema>;
/** `PUT /callList/edit`: its name and remark (numbers are added with the list). */
export const callListEditSchema = z.object({ id: uuid, name, companyId: uuid.optional(), remark });
export type CallListEdit = z.input<typeof callListEditSchema>;

const stateCounts = z.object({
  not_called: z.number().int(),
  calling: z.number().int(),
  complete: z.number().int(),
  waiting_redial: z.number().int(),
});

export const callListSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  total: z.number().int(),
  counts: stateCounts,
  /** The extra columns its numbers carry, in the file's order. */
  columns: z.array(z.string()),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CallList = z.input<typeof callListSchema>;

export const CALL_LIST_SORTABLE = ['name', 'total', 'createdAt'] as const;
export const callListListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type CallListListQuery = z.input<typeof callListListQuerySchema>;

export const callListNumberSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  state: z.enum(CALL_LIST_NUMBER_STATES),
  attempts: z.number().int(),
  redialAt: dateTime.nullable(),
  lastCalledAt: dateTime.nullable(),
  resultId: z.string().nullable(),
  resultName: z.string().nullable(),
});
export type CallListNumber = z.input<typeof callListNumberSchema>;

export const callListNumbersQuerySchema = resourceListQuerySchema({
  id: uuid,
  number: z.string().trim().max(32, 'FIELD_TOO_LONG').optional(),
  state: z.enum(CALL_LIST_NUMBER_STATES).optional(),
});
export type CallListNumbersQuery = z.input<typeof callListNumbersQuerySchema>;

/** What `/callList/importNumbers` read of a file: its entries, its extra columns, the rows refused. */
export const callListImportSchema = z.object({
  entries: z.array(
    z.object({
      number: z.string(),
      name: z.string().nullable(),
      notes: z.string().nullable(),
      extra: z.record(z.string(), z.string()),
    }),
  ),
  columns: z.array(z.string()),
  problems: z.array(z.object({ row: z.number().int(), number: z.string(), reason: z.string() })),
});
export type CallListImport = z.input<typeof callListImportSchema>;

/** Header names of a list file's columns, either language (lower case). */
export const CALL_LIST_HEADERS = {
  number: ['number', 'numbers', 'phone', 'mobile', 'msisdn', 'tel', '号码', '手机号', '手机号码', '电话'],
  name: ['name', 'contact', '姓名', '名称', '联系人'],
  notes: ['notes', 'note', 'remark', 'remarks', 'comment', '备注', '说明'],
} as const;

// --- outbound tasks (data model and state machine; dialling comes with bridging) ---

/** An outbound task's state (spec: not started, running, stopped, finished). */
export const OUTBOUND_TASK_STATES = ['not_started', 'running', 'stopped', 'finished'] as const;
export type OutboundTaskState = (typeof OUTBOUND_TASK_STATES)[number];
/** What a user does to a task. */
export const OUTBOUND_TASK_ACTIONS = ['start', 'stop', 'finish'] as const;
export type OutboundTaskAction = (typeof OUTBOUND_TASK_ACTIONS)[number];

/**
 * The one table of transitions: start (or start again after a stop), stop, finish (for good).
 * Anything not here is refused (OUTBOUND_TASK_ACTION_NOT_ALLOWED). The engine will finish a
 * running task itself once its list has no number left to call.
 */
export const OUTBOUND_TASK_TRANSITIONS: Readonly<
  Record<OutboundTaskAction, { from: readonly OutboundTaskState[]; to: OutboundTaskState }>
> = {
  start: { from: ['not_started', 'stopped'], to: 'running' },
  stop: { from: ['running'], to: 'stopped' },
  finish: { from: ['running', 'stopped'], to: 'finished' },
};

/** The state an action leads to from `state`, or null when it is not allowed there. */
export function nextOutboundTaskState(
  state: OutboundTaskState,
  action: OutboundTaskAction,
): OutboundTaskState | null {
  const t = OUTBOUND_TASK_TRANSITIONS[action];
  return t.from.includes(state) ? t.to : null;
}

/** The actions a task in `state` allows (the console shows these, the server accepts these). */
export function outboundTaskActionsOf(state: OutboundTaskState): OutboundTaskAction[] {
  return OUTBOUND_TASK_ACTIONS.filter((a) => OUTBOUND_TASK_TRANSITIONS[a].from.includes(state));
}

/** A task's settings may change (and it may be deleted) unless it is running. */
export const outboundTaskEditable = (state: OutboundTaskState) => state !== 'running';

export const OUTBOUND_DIAL_RATIO_MAX = 10;
export const OUTBOUND_ATTEMPTS_MAX = 10;
export const OUTBOUND_REDIAL_MIN_S = 60;
export const OUTBOUND_REDIAL_MAX_S = 7 * 86_400;

const whole = (min: number, max: number) =>
  z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(min, 'NUMBER_TOO_SMALL')
    .max(max, 'NUMBER_TOO_LARGE');

const outboundTaskShape = {
  name,
  companyId: uuid.optional(),
  /** The call list it works through (one task per list). */
  callListId: uuid,
  /** The seat group answered calls go to. */
  seatGroupId: uuid,
  /** Caller IDs it rotates through (module caller); none: the trunk's own. */
  callerGroupId: uuid.nullable().default(null),
  /** Daily periods in `timeZone`, as a group call task's (1 to 5, each at least 5 minutes). */
  periods: z.array(callPeriodSchema).max(6),
  timeZone: z.string().default('UTC'),
  /** Calls placed per idle seat of the group. */
  dialRatio: whole(1, OUTBOUND_DIAL_RATIO_MAX).default(1),
  /** Calls to one number at most (the first and the redials). */
  maxAttempts: whole(1, OUTBOUND_ATTEMPTS_MAX).default(3),
  /** The wait before a number is called again. */
  redialIntervalS: whole(OUTBOUND_REDIAL_MIN_S, OUTBOUND_REDIAL_MAX_S).default(3600),
  remark,
};
/** The periods and time zone, as a group call task's rules (issues of their fields). */
function checkOutbound(task: { periods: readonly CallPeriod[]; timeZone: string }, ctx: z.RefinementCtx) {
  const problem = periodsProblem(task.periods);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.code, path: ['periods'] });
  if (!isTimeZone(task.timeZone))
    ctx.addIssue({ code: 'custom', message: 'CALL_TIME_ZONE_INVALID', path: ['timeZone'] });
}

/** `POST /outboundTask/add`. */
export const outboundTaskInputSchema = z.object(outboundTaskShape).superRefine(checkOutbound);
export type OutboundTaskInput = z.input<typeof outboundTaskInputSchema>;
/** `PUT /outboundTask/edit` (not while running; the company does not change). */
export const outboundTaskEditSchema = z.object({ id: uuid, ...outboundTaskShape }).superRefine(checkOutbound);
export type OutboundTaskEdit = z.input<typeof outboundTaskEditSchema>;
export const outboundTaskActionSchema = z.object({ id: uuid });

export const outboundTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  callListId: z.string(),
  callListName: z.string(),
  seatGroupId: z.string(),
  seatGroupName: z.string(),
  callerGroupId: z.string().nullable(),
  periods: z.array(z.object({ start: z.string(), end: z.string() })),
  timeZone: z.string(),
  dialRatio: z.number().int(),
  maxAttempts: z.number().int(),
  redialIntervalS: z.number().int(),
  state: z.enum(OUTBOUND_TASK_STATES),
  actions: z.array(z.enum(OUTBOUND_TASK_ACTIONS)),
  startedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type OutboundTask = z.input<typeof outboundTaskSchema>;

export const OUTBOUND_TASK_SORTABLE = ['name', 'state', 'createdAt'] as const;
export const outboundTaskListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
  state: z.enum(OUTBOUND_TASK_STATES).optional(),
});
export type OutboundTaskListQuery = z.input<typeof outboundTaskListQuerySchema>;

import { describe, expect, it } from 'vitest';
import {
  CALL_TASK_ACTIONS,
  CALL_TASK_EVENTS,
  CALL_TASK_STATES,
  type CallTaskAction,
  type CallTaskEvent,
  type CallTaskState,
  callTaskActionsOf,
  callTaskEditable,
  callTaskInputSchema,
  describeIssues,
  errorTexts,
  hangupSmsSchema,
  inPeriods,
  isFailedResult,
  nextCallTaskState,
  periodsProblem,
  ttsTextSchema,
} from '../src/index';

/** Every allowed step, written a second time on purpose: this list is the spec (section 4) as read. */
const ALLOWED: [CallTaskState, CallTaskAction | CallTaskEvent, CallTaskState][] = [
  ['waiting_submit', 'run', 'submitting'],
  ['waiting_submit', 'stop', 'cancelled'],
  ['submitting', 'submitted', 'running'],
  ['submitting', 'stop', 'cancelled'],
  ['running', 'period_started', 'calling'],
  ['running', 'pause', 'paused'],
  ['running', 'stop', 'cancelled'],
  ['running', 'finished', 'success'],
  ['running', 'balance_out', 'paused'],
  ['calling', 'period_ended', 'running'],
  ['calling', 'pause', 'paused'],
  ['calling', 'stop', 'cancelled'],
  ['calling', 'finished', 'success'],
  ['calling', 'balance_out', 'paused'],
  ['paused', 'resume', 'running'],
  ['paused', 'balance_back', 'running'],
  ['paused', 'stop', 'cancelled'],
  ['success', 'recall_all', 'running'],
  ['success', 'recall_failed', 'running'],
  ['cancelled', 'recall_all', 'running'],
  ['cancelled', 'recall_failed', 'running'],
];

const base = {
  name: 'Spring promotion',
  ivrFlowId: '5b1f4b7e-7d4c-4c39-9a57-0f6a6e0b6a11',
  callRatio: 3,
  periods: [{ start: '09:00', end: '12:00' }],
  ttlS: 120,
  numbers: ['+8613800000001'],
};
const codesOf = (input: unknown) => {
  const parsed = callTaskInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('group call task state machine', () => {
  it('allows exactly the listed steps and no others', () => {
    for (const state of CALL_TASK_STATES) {
      for (const step of [...CALL_TASK_ACTIONS, ...CALL_TASK_EVENTS]) {
        const expected = ALLOWED.find(([from, s]) => from === state && s === step)?.[2] ?? null;
        expect(nextCallTaskState(state, step), `${state} --${step}->`).toBe(expected);
      }
    }
  });

  it('offers each state its user actions only', () => {
    expect(callTaskActionsOf('waiting_submit')).toEqual(['run', 'stop']);
    expect(callTaskActionsOf('submitting')).toEqual(['stop']);
    expect(callTaskActionsOf('running')).toEqual(['pause', 'stop']);
    expect(callTaskActionsOf('calling')).toEqual(['pause', 'stop']);
    expect(callTaskActionsOf('paused')).toEqual(['resume', 'stop']);
    expect(callTaskActionsOf('success')).toEqual(['recall_all', 'recall_failed']);
    expect(callTaskActionsOf('cancelled')).toEqual(['recall_all', 'recall_failed']);
  });

  it('lets only a task waiting to submit be edited', () => {
    expect(CALL_TASK_STATES.filter(callTaskEditable)).toEqual(['waiting_submit']);
  });

  it('re-calls as failed everything but answered', () => {
    expect(isFailedResult('answered')).toBe(false);
    for (const r of ['busy', 'no_answer', 'rejected', 'invalid_number', 'failed'] as const) {
      expect(isFailedResult(r)).toBe(true);
    }
    expect(isFailedResult(null)).toBe(false);
  });
});

describe('daily periods', () => {
  it('needs one to five periods', () => {
    expect(periodsProblem([])?.code).toBe('CALL_PERIODS_REQUIRED');
    const five = ['08', '10', '12', '14', '16'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }));
    expect(periodsProblem(five)).toBeNull();
    expect(periodsProblem([...five, { start: '20:00', end: '21:00' }])?.code).toBe('CALL_PERIODS_TOO_MANY');
  });

  it('takes HH:mm times only', () => {
    expect(periodsProblem([{ start: '9:00', end: '10:00' }])?.code).toBe('CALL_PERIOD_TIME_INVALID');
    expect(periodsProblem([{ start: '09:00', end: '24:00' }])?.code).toBe('CALL_PERIOD_TIME_INVALID');
    expect(periodsProblem([{ start: '09:60', end: '10:00' }])?.code).toBe('CALL_PERIOD_TIME_INVALID');
  });

  it('refuses a start after its end', () => {
    expect(periodsProblem([{ start: '10:00', end: '09:00' }])).toEqual({
      code: 'CALL_PERIOD_START_AFTER_END',
      index: 0,
    });
  });

  it('needs at least 5 minutes each (exactly 5 is enough)', () => {
    expect(periodsProblem([{ start: '10:00', end: '10:04' }])?.code).toBe('CALL_PERIOD_TOO_SHORT');
    expect(periodsProblem([{ start: '10:00', end: '10:00' }])?.code).toBe('CALL_PERIOD_TOO_SHORT');
    expect(periodsProblem([{ start: '10:00', end: '10:05' }])).toBeNull();
  });

  it('refuses overlaps, in any order, and allows touching periods', () => {
    expect(
      periodsProblem([
        { start: '13:00', end: '15:00' },
        { start: '09:00', end: '13:30' },
      ]),
    ).toEqual({ code: 'CALL_PERIODS_OVERLAP', index: 0 });
    expect(
      periodsProblem([
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toBeNull();
  });

  it('is inside a period from its start up to (not including) its end', () => {
    const periods = [{ start: '09:00', end: '12:00' }];
    expect(inPeriods(periods, 8 * 60 + 59)).toBe(false);
    expect(inPeriods(periods, 9 * 60)).toBe(true);
    expect(inPeriods(periods, 11 * 60 + 59)).toBe(true);
    expect(inPeriods(periods, 12 * 60)).toBe(false);
  });
});

describe('task input rules', () => {
  it('accepts a well-formed task with defaults', () => {
    const parsed = callTaskInputSchema.parse(base);
    expect(parsed).toMatchObject({ timeZone: 'UTC', hangupSms: null, callerIds: [], trunkId: null });
  });

  it('needs a call ratio greater than 0', () => {
    expect(codesOf({ ...base, callRatio: 0 })).toEqual(['callRatio:CALL_RATIO_INVALID']);
    expect(codesOf({ ...base, callRatio: -1 })).toEqual(['callRatio:CALL_RATIO_INVALID']);
    expect(codesOf({ ...base, callRatio: 1.5 })).toEqual(['callRatio:CALL_RATIO_INVALID']);
    expect(codesOf({ ...base, callRatio: 1 })).toEqual([]);
  });

  it('takes a TTL of 60 to 600 seconds', () => {
    expect(codesOf({ ...base, ttlS: 59 })).toEqual(['ttlS:CALL_TTL_INVALID']);
    expect(codesOf({ ...base, ttlS: 601 })).toEqual(['ttlS:CALL_TTL_INVALID']);
    expect(codesOf({ ...base, ttlS: 60 })).toEqual([]);
    expect(codesOf({ ...base, ttlS: 600 })).toEqual([]);
  });

  it('checks the periods and the time zone', () => {
    expect(codesOf({ ...base, periods: [{ start: '10:00', end: '09:00' }] })).toEqual([
      'periods:CALL_PERIOD_START_AFTER_END',
    ]);
    expect(codesOf({ ...base, timeZone: 'Mars/Olympus' })).toEqual(['timeZone:CALL_TIME_ZONE_INVALID']);
    expect(codesOf({ ...base, timeZone: 'Asia/Shanghai' })).toEqual([]);
  });

  it('takes a hang-up SMS of up to 320 characters', () => {
    expect(hangupSmsSchema.safeParse({ to: 'answered', text: 'x'.repeat(320) }).success).toBe(true);
    expect(codesOf({ ...base, hangupSms: { to: 'all', text: 'x'.repeat(321) } })).toEqual([
      'hangupSms.text:HANGUP_SMS_TOO_LONG',
    ]);
    expect(codesOf({ ...base, hangupSms: { to: 'all', text: '  ' } })).toEqual([
      'hangupSms.text:HANGUP_SMS_REQUIRED',
    ]);
  });

  it('takes a TTS text of up to 800 characters', () => {
    expect(ttsTextSchema.safeParse('字'.repeat(800)).success).toBe(true);
    const long = ttsTextSchema.safeParse('字'.repeat(801));
    expect(long.success ? null : long.error.issues[0]?.message).toBe('TTS_TEXT_TOO_LONG');
  });

  it('needs numbers', () => {
    expect(codesOf({ ...base, numbers: [] })).toEqual(['numbers:CALL_TASK_NUMBERS_REQUIRED']);
  });

  it('says every rule in both languages', () => {
    const parsed = callTaskInputSchema.safeParse({ ...base, callRatio: 0 });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(describeIssues(parsed.error.issues, 'en-US')[0]?.message).toBe(
      errorTexts.CALL_RATIO_INVALID['en-US'],
    );
    expect(describeIssues(parsed.error.issues, 'zh-CN')[0]?.message).toBe(
      errorTexts.CALL_RATIO_INVALID['zh-CN'],
    );
    for (const code of [
      'CALL_PERIODS_REQUIRED',
      'CALL_PERIODS_TOO_MANY',
      'CALL_PERIOD_TIME_INVALID',
      'CALL_PERIOD_START_AFTER_END',
      'CALL_PERIOD_TOO_SHORT',
      'CALL_PERIODS_OVERLAP',
      'CALL_TTL_INVALID',
      'HANGUP_SMS_TOO_LONG',
      'TTS_TEXT_TOO_LONG',
    ] as const) {
      expect(errorTexts[code]['en-US']).not.toBe('');
      expect(errorTexts[code]['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

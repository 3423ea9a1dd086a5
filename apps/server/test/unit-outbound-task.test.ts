import {
  nextOutboundTaskState,
  OUTBOUND_TASK_ACTIONS,
  OUTBOUND_TASK_STATES,
  outboundTaskActionsOf,
  outboundTaskEditable,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';

/** The outbound task's state machine (issue 26; spec: not started, running, stopped, finished). */
describe('outbound task states', () => {
  it('start from not started or stopped, stop a running task, finish a running or stopped one', () => {
    const table = Object.fromEntries(
      OUTBOUND_TASK_STATES.map((state) => [
        state,
        Object.fromEntries(
          OUTBOUND_TASK_ACTIONS.map((action) => [action, nextOutboundTaskState(state, action)]),
        ),
      ]),
    );
    expect(table).toEqual({
      not_started: { start: 'running', stop: null, finish: null },
      running: { start: null, stop: 'stopped', finish: 'finished' },
      stopped: { start: 'running', stop: null, finish: 'finished' },
      finished: { start: null, stop: null, finish: null },
    });
  });

  it('offers the actions a state allows, and edits only while not running', () => {
    expect(outboundTaskActionsOf('not_started')).toEqual(['start']);
    expect(outboundTaskActionsOf('finished')).toEqual([]);
    expect(OUTBOUND_TASK_STATES.filter(outboundTaskEditable)).toEqual(['not_started', 'stopped', 'finished']);
  });
});

import { EventEmitter } from 'node:events';
import type { IvrPlan, IvrPlanNode } from '@switchboard/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failsOver, resultOf } from '../src/modules/call-task';
import { type IvrMedia, runIvr } from '../src/modules/voice-engine';

/**
 * The IVR run of an answered call (issue 23), on a media stand-in whose prompts end when the test
 * says and timers under vitest's fake clock: prompts, key branches interrupting a prompt, keys
 * without a branch recorded and ignored, repeats, the no-key action, goto, transfer, a hang-up
 * mid-flow; and which SIP endings fail over to the next trunk.
 */

class FakeMedia extends EventEmitter implements IvrMedia {
  readonly played: { frames: Uint8Array; end: (how: 'done' | 'stopped') => void }[] = [];
  stops = 0;
  play(frames: Uint8Array): Promise<'done' | 'stopped'> {
    return new Promise((resolve) => this.played.push({ frames, end: resolve }));
  }
  stop(): void {
    this.stops++;
    for (const p of this.played.splice(0)) p.end('stopped');
  }
  /** Ends the prompt playing now (it played to the end). */
  finish(): void {
    const p = this.played.shift();
    p?.end('done');
  }
  key(k: string): void {
    this.emit('dtmf', k);
  }
}

const prompt = (name: string) => ({
  fileId: name,
  name,
  audio: new Uint8Array(160).fill(0xff),
  durationMs: 20,
});
const node = (n: Partial<IvrPlanNode> & { id: string }): IvrPlanNode => ({
  prompt: prompt(n.id),
  repeat: 1,
  timeoutMs: 1000,
  branches: {},
  noKey: { type: 'end', result: 'no_key' },
  ...n,
});
const planOf = (...nodes: IvrPlanNode[]): IvrPlan => ({
  flowId: 'f',
  name: 'f',
  codec: 'PCMU',
  start: nodes[0]!.id,
  nodes: Object.fromEntries(nodes.map((n) => [n.id, n])),
});

/** Lets the run reach its next wait. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let media: FakeMedia;
let hangup: () => void;
let ended: Promise<void>;
beforeEach(() => {
  vi.useFakeTimers();
  media = new FakeMedia();
  ended = new Promise((resolve) => {
    hangup = resolve;
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runIvr', () => {
  it('ends with the branch of a key pressed during the prompt, stopping it', async () => {
    const run = runIvr(
      media,
      planOf(node({ id: 'menu', branches: { '1': { type: 'end', result: 'yes' } } })),
      'PCMU',
      ended,
    );
    await settle();
    expect(media.played).toHaveLength(1);
    media.key('1');
    await expect(run).resolves.toEqual({ how: 'end', result: 'yes', keys: '1' });
    expect(media.stops).toBeGreaterThan(0);
  });

  it('records a key without a branch, repeats the prompt, and takes the no-key action after the last wait', async () => {
    const run = runIvr(
      media,
      planOf(
        node({ id: 'menu', repeat: 2, timeoutMs: 1000, branches: { '1': { type: 'end', result: 'yes' } } }),
      ),
      'PCMU',
      ended,
    );
    await settle();
    media.key('5'); // no branch: the prompt goes on
    await settle();
    expect(media.played).toHaveLength(1);
    media.finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(media.played).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(media.played).toHaveLength(1); // the second round
    media.finish();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run).resolves.toEqual({ how: 'end', result: 'no_key', keys: '5' });
  });

  it('goes to another node on a key in the wait, and answers a transfer as such', async () => {
    const run = runIvr(
      media,
      planOf(
        node({ id: 'menu', branches: { '2': { type: 'goto', node: 'sales' } } }),
        node({
          id: 'sales',
          prompt: null,
          branches: { '9': { type: 'transfer', number: '+8613800138000' } },
        }),
      ),
      'PCMA',
      ended,
    );
    await settle();
    // The prompt is played in the call's codec: µ-law silence (0xFF) as A-law silence (0xD5).
    expect(media.played[0]!.frames[0]).toBe(0xd5);
    media.finish();
    await settle();
    media.key('2');
    await settle();
    media.key('9');
    await expect(run).resolves.toEqual({ how: 'transfer', number: '+8613800138000', keys: '29' });
  });

  it('stops when the call ends mid-prompt', async () => {
    const run = runIvr(media, planOf(node({ id: 'menu' })), 'PCMU', ended);
    await settle();
    media.key('3');
    hangup();
    await expect(run).resolves.toEqual({ how: 'hangup', keys: '3' });
    expect(media.listenerCount('dtmf')).toBe(0);
  });

  it('ends a flow that loops on itself after a bounded number of steps', async () => {
    const run = runIvr(
      media,
      planOf(node({ id: 'loop', prompt: null, timeoutMs: 10, noKey: { type: 'goto', node: 'loop' } })),
      'PCMU',
      ended,
    );
    await vi.advanceTimersByTimeAsync(10 * 60);
    await expect(run).resolves.toEqual({ how: 'end', result: '', keys: '' });
  });
});

describe('failover and results', () => {
  it('fails over on 408, 5xx or no answer at all, not on the number’s own refusals', () => {
    expect(failsOver({ cause: 'failed', sipCode: 503, by: 'remote' })).toBe(true);
    expect(failsOver({ cause: 'failed', sipCode: 500, by: 'remote' })).toBe(true);
    expect(failsOver({ cause: 'no_answer', sipCode: 408, by: 'remote' })).toBe(true);
    expect(failsOver({ cause: 'failed', by: 'us' })).toBe(true);
    expect(failsOver({ cause: 'busy', sipCode: 486, by: 'remote' })).toBe(false);
    expect(failsOver({ cause: 'invalid_number', sipCode: 404, by: 'remote' })).toBe(false);
    expect(failsOver({ cause: 'no_answer', sipCode: 487, by: 'us' })).toBe(false);
    expect(failsOver({ cause: 'busy', sipCode: 600, by: 'remote' })).toBe(false);
    expect(resultOf({ cause: 'cancelled', by: 'us' })).toBe('no_answer');
    expect(resultOf({ cause: 'rejected', sipCode: 603, by: 'remote' })).toBe('rejected');
  });
});

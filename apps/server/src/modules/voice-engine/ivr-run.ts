import type { IvrAction, IvrPlan } from '@switchboard/contracts';
import { type CodecName, transcode } from '@switchboard/voice';

/** What the call's media does: play (resolves when played or stopped), stop, key presses in. */
export interface IvrMedia {
  play(frames: Uint8Array): Promise<'done' | 'stopped'>;
  stop(): void;
  on(event: 'dtmf', listener: (key: string) => void): unknown;
  off(event: 'dtmf', listener: (key: string) => void): unknown;
}

/** How a flow ended: `end` (its result), `transfer` (the dialer places and bridges it), or the call ended first. */
export type IvrEnd =
  | { how: 'end'; result: string; keys: string }
  | { how: 'transfer'; number: string; keys: string }
  | { how: 'hangup'; keys: string };

/** Nodes a flow may pass through before it is taken as a loop and ended (goto cycles). */
const MAX_STEPS = 50;

/**
 * Runs an IVR plan on an answered call: each node's prompt played (a key with a branch
 * interrupts it), a wait of `timeoutMs` for a key, the whole repeated `repeat` times, then
 * `noKey`; a key with a branch acts at once (`goto`, `transfer`, `end`), a key without one is
 * recorded and ignored. Every key heard is recorded in order. `ended` resolves when the call ends.
 */
export async function runIvr(
  media: IvrMedia,
  plan: IvrPlan,
  codec: CodecName,
  ended: Promise<unknown>,
): Promise<IvrEnd> {
  let keys = '';
  const pending: string[] = [];
  let waiter: ((key: string) => void) | undefined;
  const onKey = (key: string) => {
    keys += key;
    if (waiter) {
      const w = waiter;
      waiter = undefined;
      w(key);
    } else pending.push(key);
  };
  let over = false;
  void ended.then(() => {
    over = true;
  });
  /** The next key, or null when `until` settles (or the call ends) first. */
  const nextKey = (until: Promise<unknown>): Promise<string | null> => {
    const queued = pending.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => {
      let done = false;
      waiter = (key) => {
        done = true;
        resolve(key);
      };
      void Promise.race([until, ended]).then(() => {
        if (done) return;
        done = true;
        waiter = undefined;
        resolve(null);
      });
    });
  };

  media.on('dtmf', onKey);
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });
  const audio = new Map<string, Uint8Array>();
  try {
    let nodeId = plan.start;
    for (let step = 0; step < MAX_STEPS; step++) {
      const node = plan.nodes[nodeId];
      if (!node) return { how: 'end', result: '', keys };
      let action: IvrAction | undefined;
      for (let round = 0; round < Math.max(1, node.repeat) && !action; round++) {
        // The prompt, until played or a key with a branch.
        if (node.prompt) {
          let frames = audio.get(node.id);
          if (!frames) {
            frames =
              codec === plan.codec ? node.prompt.audio : transcode(node.prompt.audio, plan.codec, codec);
            audio.set(node.id, frames);
          }
          const played = media.play(frames);
          for (;;) {
            const key = await nextKey(played);
            if (over) return { how: 'hangup', keys };
            if (key === null) break;
            action = node.branches[key as keyof typeof node.branches];
            if (action) {
              media.stop();
              break;
            }
          }
        }
        // The wait for a key.
        if (!action) {
          const waited = delay(node.timeoutMs);
          for (;;) {
            const key = await nextKey(waited);
            if (over) return { how: 'hangup', keys };
            if (key === null) break;
            action = node.branches[key as keyof typeof node.branches];
            if (action) break;
          }
        }
      }
      action ??= node.noKey;
      if (action.type === 'end') return { how: 'end', result: action.result, keys };
      if (action.type === 'transfer') return { how: 'transfer', number: action.number, keys };
      nodeId = action.node;
      pending.length = 0;
    }
    return { how: 'end', result: '', keys };
  } finally {
    media.off('dtmf', onKey);
    media.stop();
    for (const t of timers) clearTimeout(t);
  }
}

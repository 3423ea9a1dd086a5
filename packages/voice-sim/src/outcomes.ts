/** What the simulated carrier does with a call, chosen by the last digit of the called number. */

export type Outcome =
  | { kind: 'refuse'; status: 486 | 603 | 404 | 480; name: string }
  | { kind: 'ring'; name: string }
  | { kind: 'answer'; name: string; hangupAfterMs?: number; pressKey?: string };

/** The table (also in the README). */
export function outcomeFor(number: string, opts: { hangupAfterMs: number }): Outcome {
  const last = /(\d)\D*$/.exec(number)?.[1];
  switch (last) {
    case '1':
      return { kind: 'refuse', status: 486, name: 'busy' };
    case '2':
      return { kind: 'ring', name: 'no answer' };
    case '3':
      return { kind: 'refuse', status: 603, name: 'rejected' };
    case '4':
      return { kind: 'refuse', status: 404, name: 'invalid number' };
    case '5':
      return { kind: 'answer', name: 'answers, hangs up', hangupAfterMs: opts.hangupAfterMs };
    case '6':
      return { kind: 'answer', name: 'answers, presses 1', pressKey: '1' };
    case '7':
      return { kind: 'answer', name: 'answers, presses 2', pressKey: '2' };
    case undefined:
      return { kind: 'refuse', status: 404, name: 'invalid number' };
    default:
      return { kind: 'answer', name: 'answers, echoes' };
  }
}

import { describe, expect, it, vi } from 'vitest';
import { smsLoop } from '../src/modules/sms/workers';
import { DatabaseUnavailableError } from '../src/platform/db-health';
import type { Logger } from '../src/platform/logger';
import { PollLoop } from '../src/platform/poll-loop';

/** A logger that keeps what each level was asked to write. */
function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, msg: String(args.find((a) => typeof a === 'string') ?? '') });
    };
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { log: log as unknown as Logger, lines };
}

describe('SMS worker loop', () => {
  it('waits out a database outage with one warning and one line when it is back, not an error per tick', async () => {
    const { log, lines } = recordingLogger();
    let ticks = 0;
    let loop: PollLoop | undefined;
    const stopped = new Promise<void>((resolve) => {
      loop = smsLoop('test', log, 1, async () => {
        ticks++;
        if (ticks <= 4) throw new DatabaseUnavailableError();
        if (ticks === 5) throw new Error('a bug, not an outage');
        if (ticks >= 6) void loop!.stop().then(resolve);
        return false;
      });
    });
    loop!.start();
    await stopped;
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'sms worker waiting: the database is unavailable',
    ]);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['sms worker tick failed']);
    expect(lines.filter((l) => l.level === 'info').map((l) => l.msg)).toEqual([
      'sms worker resumed: the database is back',
    ]);
  });
});

describe('a worker loop (PollLoop)', () => {
  const HOUR = 3_600_000;

  it('runs a tick that found work again at once, and waits after one that found none', async () => {
    let ticks = 0;
    let idle!: () => void;
    const waiting = new Promise<void>((resolve) => {
      idle = resolve;
    });
    const loop = new PollLoop(
      async () => {
        ticks++;
        if (ticks < 4) return true;
        idle();
        return false;
      },
      HOUR,
      {
        failed: (error) => {
          throw error;
        },
      },
    );
    loop.start();
    // Three busy ticks and an idle one, with no wait between (the wait is an hour).
    await waiting;
    expect(ticks).toBe(4);
    // A nudge while the fourth tick is still finishing: the loop does not wait the hour after it.
    loop.nudge();
    await vi.waitUntil(() => ticks === 5);
    await loop.stop();
  });

  it('reports the first failure of an outage when it is given no outage report, and every other failure', async () => {
    const failures: unknown[] = [];
    let ticks = 0;
    let loop!: PollLoop;
    const stopped = new Promise<void>((resolve) => {
      loop = new PollLoop(
        async () => {
          ticks++;
          if (ticks <= 3) throw new DatabaseUnavailableError();
          if (ticks <= 5) throw new Error(`bug ${ticks}`);
          void loop.stop().then(resolve);
        },
        1,
        { failed: (error) => failures.push(error) },
      );
    });
    loop.start();
    await stopped;
    expect(
      failures.map(
        (e) => (e as Error).constructor.name === 'DatabaseUnavailableError' || (e as Error).message,
      ),
    ).toEqual([true, 'bug 4', 'bug 5']);
  });
});

import { describe, expect, it } from 'vitest';
import { Loop } from '../src/modules/sms/workers';
import { DatabaseUnavailableError } from '../src/platform/db-health';
import type { Logger } from '../src/platform/logger';

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
    let loop: Loop | undefined;
    const stopped = new Promise<void>((resolve) => {
      loop = new Loop('test', log, 1, async () => {
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

import type { Logger } from '../logger';
import type { Realtime } from '../realtime';
import type { ClaimedItem } from './store';

/**
 * The items a worker holds, from their claim to their result written, their leases renewed every
 * quarter of `leaseMs` while any is held (so the items of a process that died lapse within it).
 */
export class LeaseKeeper {
  private readonly held = new Map<string, ClaimedItem>();
  private renewer: NodeJS.Timeout | undefined;

  constructor(
    private readonly renewLeases: (held: readonly ClaimedItem[], leaseMs: number) => Promise<void>,
    private readonly leaseMs: number,
    private readonly log: Logger,
  ) {}

  hold(n: ClaimedItem) {
    this.held.set(n.id, n);
    this.renewer ??= setInterval(() => {
      this.renew().catch((error: unknown) => this.log.warn({ err: error }, 'item leases not renewed'));
    }, this.leaseMs / 4);
    this.renewer.unref();
  }

  drop(n: ClaimedItem) {
    this.held.delete(n.id);
  }

  /** Renews the leases held now (none held: the timer stops until the next hold). */
  async renew(): Promise<void> {
    if (this.held.size === 0) {
      this.stop();
      return;
    }
    await this.renewLeases([...this.held.values()], this.leaseMs);
  }

  stop() {
    clearInterval(this.renewer);
    this.renewer = undefined;
  }
}

/** Work a worker started and has not seen end: each failure logged; waited for on stop. */
export class InFlight {
  private readonly work = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Runs `p` in the background: a failure is logged with `what` and its context. */
  track(p: Promise<void>, what: string, context: Record<string, unknown> = {}) {
    const run = p.catch((error: unknown) => this.log.error({ err: error, ...context }, what));
    this.work.add(run);
    void run.finally(() => this.work.delete(run));
  }

  /** Waits until no work is left, including work started meanwhile. */
  async settle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  /** Waits for the work under way now. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.work]);
  }
}

/** How long progress of one job gathers before it is published (a burst of items is one message). */
export const PROGRESS_DELAY_MS = 300;

/**
 * Publishes a job's live progress over the websocket to the user who made it and to
 * administrators: at most one message per job per PROGRESS_DELAY_MS, read (`read`: its maker and
 * the progress to send; undefined: the job is gone) when it is sent.
 */
export function jobProgressPublisher(
  messageId: string,
  read: (jobId: string) => Promise<{ createdBy: string | null; progress: unknown } | undefined>,
  realtime: Realtime,
  log: Logger,
  what: string,
): (jobId: string) => void {
  const waiting = new Set<string>();
  return (jobId: string) => {
    if (waiting.has(jobId)) return;
    waiting.add(jobId);
    const timer = setTimeout(async () => {
      waiting.delete(jobId);
      try {
        const job = await read(jobId);
        if (!job) return;
        const message = { cmd: 'topic' as const, msgId: messageId, msgTxt: JSON.stringify(job.progress) };
        if (job.createdBy) await realtime.publish({ kind: 'users', userIds: [job.createdBy] }, message);
        await realtime.publish({ kind: 'roles', roleCodes: ['admin'] }, message);
      } catch (error) {
        log.warn({ err: error, jobId }, `${what} progress not published`);
      }
    }, PROGRESS_DELAY_MS);
    timer.unref();
  };
}

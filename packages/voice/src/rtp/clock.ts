/**
 * One media clock per process: ticks on an absolute monotonic 20 ms grid (not setInterval, which
 * drifts: 495 ticks in 10 s), catching up missed ticks after a stall, with subscribers spread over
 * phase slots (slot s ticks at grid + s × 20/N ms) so that all streams do not burst in the same
 * millisecond and overflow the peer's receive buffer.
 *
 * Catching up is paced: a firing runs at most `maxBurst` due ticks of a slot and leaves the rest
 * to the next firing (at once, after the event loop has read its sockets). After a 200 ms stall
 * with 500 streams, running the 10 missed ticks in one go sent 5,000 packets in one burst: the
 * receiver's socket buffer overflowed (measured: 11 % loss at 500 calls) and the burst itself
 * stalled the event loop again, for the SIP and the echoes behind it.
 */

/** Called once per period; `late` when run more than a period after its due time. */
export type TickHandler = (late: boolean) => void;

export interface ClockStats {
  ticks: number;
  /** Ticks run more than one period after their due time. */
  lateTicks: number;
  /** Ticks skipped because the clock fell more than `maxCatchUp` periods behind. */
  skippedTicks: number;
}

interface Slot {
  handlers: Set<TickHandler>;
  offsetMs: number;
  nextDue: number;
}

export interface MediaClockOptions {
  periodMs?: number;
  slots?: number;
  /** Most missed ticks caught up after a stall; older ones are skipped (default 10 = 200 ms). */
  maxCatchUp?: number;
  /** Most ticks of a slot run in one firing while catching up (default 2). */
  maxBurst?: number;
  now?: () => number;
}

export class MediaClock {
  readonly periodMs: number;
  readonly stats: ClockStats = { ticks: 0, lateTicks: 0, skippedTicks: 0 };
  private readonly slots: Slot[];
  private readonly maxCatchUp: number;
  private readonly maxBurst: number;
  private readonly now: () => number;
  private origin: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private static sharedClock: MediaClock | undefined;

  constructor(opts: MediaClockOptions = {}) {
    this.periodMs = opts.periodMs ?? 20;
    const n = Math.max(1, opts.slots ?? 4);
    this.slots = Array.from({ length: n }, (_, i) => ({
      handlers: new Set(),
      offsetMs: (i * this.periodMs) / n,
      nextDue: 0,
    }));
    this.maxCatchUp = opts.maxCatchUp ?? 10;
    this.maxBurst = Math.max(1, opts.maxBurst ?? 2);
    this.now = opts.now ?? (() => performance.now());
  }

  /** The process's clock (4 slots). */
  static shared(): MediaClock {
    MediaClock.sharedClock ??= new MediaClock();
    return MediaClock.sharedClock;
  }

  get size(): number {
    return this.slots.reduce((n, s) => n + s.handlers.size, 0);
  }

  /** Adds a handler to the least loaded slot; returns the function that removes it. */
  subscribe(handler: TickHandler): () => void {
    const slot = this.slots.reduce((a, b) => (b.handlers.size < a.handlers.size ? b : a));
    if (this.origin === undefined) {
      this.origin = this.now();
      for (const s of this.slots) s.nextDue = this.origin + s.offsetMs + this.periodMs;
    } else if (slot.handlers.size === 0) {
      // A slot left idle restarts on the grid, at its next point after now.
      const t = this.now();
      const k = Math.floor((t - this.origin - slot.offsetMs) / this.periodMs) + 1;
      slot.nextDue = this.origin + slot.offsetMs + Math.max(1, k) * this.periodMs;
    }
    slot.handlers.add(handler);
    this.schedule();
    return () => {
      slot.handlers.delete(handler);
      if (this.size === 0) this.stop();
    };
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.origin = undefined;
  }

  private schedule(): void {
    if (this.timer) return;
    const active = this.slots.filter((s) => s.handlers.size > 0);
    if (active.length === 0) return;
    const due = Math.min(...active.map((s) => s.nextDue));
    this.timer = setTimeout(() => this.fire(), Math.max(0, due - this.now()));
  }

  private fire(): void {
    this.timer = undefined;
    const now = this.now();
    for (const slot of this.slots) {
      if (slot.handlers.size === 0) continue;
      let behind = Math.floor((now - slot.nextDue) / this.periodMs);
      if (behind >= this.maxCatchUp) {
        const skip = behind - this.maxCatchUp + 1;
        slot.nextDue += skip * this.periodMs;
        this.stats.skippedTicks += skip * slot.handlers.size;
        behind = this.maxCatchUp - 1;
      }
      for (let run = 0; slot.nextDue <= now && run < this.maxBurst; run++) {
        const late = now - slot.nextDue > this.periodMs;
        if (late) this.stats.lateTicks++;
        this.stats.ticks++;
        for (const h of [...slot.handlers]) {
          try {
            h(late);
          } catch {
            // A failing stream must not stop the others.
          }
        }
        slot.nextDue += this.periodMs;
      }
    }
    this.schedule();
  }
}

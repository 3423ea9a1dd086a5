/**
 * Submits per second as a token bucket: `capacity` tokens at the start, refilled at `rate` per
 * second of `now()` (milliseconds). A clock that does not move makes it a plain counter, which is
 * how the tests throttle without depending on timing.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly capacity: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  private refill(): void {
    const now = this.now();
    if (now > this.last) {
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.rate) / 1000);
    }
    this.last = Math.max(this.last, now);
  }

  /** Milliseconds until take() can succeed (0: now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / this.rate);
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

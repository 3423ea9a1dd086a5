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

  take(): boolean {
    const now = this.now();
    if (now > this.last) {
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.rate) / 1000);
    }
    this.last = Math.max(this.last, now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Group commit: items pushed while a write is under way go together in the next one, so many
 * small writes (a receipt, a submit's answer) become few transactions. An idle system writes at
 * once; each pusher learns the outcome of the write its item was in.
 */
export class GroupCommit<T> {
  private waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly max = 2_000,
  ) {}

  push(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** Items waiting or being written. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  private kick(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const batch = this.waiting.splice(0, this.max);
    this.write(batch.map((b) => b.item))
      .then(
        () => {
          for (const b of batch) b.resolve();
        },
        (error: unknown) => {
          for (const b of batch) b.reject(error);
        },
      )
      .finally(() => {
        this.running = false;
        this.kick();
      });
  }
}

import { type EncodedPart, encodeParts, TokenBucket } from '@switchboard/smpp';
import { BindSlot } from './bind-slot';
import {
  type ClientEvents,
  type GatewayClientConfig,
  type OutboundSms,
  type PartOutcome,
  type PendingPart,
  type SlotStatus,
  type SubmitOutcome,
  THROTTLE_STATUSES,
} from './client-types';

export type {
  ClientEvents,
  GatewayClientConfig,
  GatewayReceipt,
  OutboundSms,
  SlotStatus,
  SubmitOutcome,
} from './client-types';

/** A part is retried this many times after throttling before the submit fails (retryable). */
const MAX_THROTTLE_RETRIES = 8;

/**
 * The SMPP client of one gateway in this process: the bind slots it owns (the manager adds and
 * removes them as it wins their locks), one TPS bucket for all of them, and a queue of parts
 * waiting for window room.
 */
export class GatewayClient {
  private readonly slots = new Map<number, BindSlot>();
  private readonly queue: PendingPart[] = [];
  private readonly bucket: TokenBucket | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private ref = Math.floor(Math.random() * 256);
  private closed = false;

  constructor(
    readonly config: GatewayClientConfig,
    readonly events: ClientEvents,
  ) {
    // A tenth of a second of burst (at least one token): close to the rate within any second.
    if (config.tps > 0) this.bucket = new TokenBucket(config.tps, Math.max(1, config.tps / 10), Date.now);
  }

  addSlot(index: number) {
    if (this.slots.has(index) || this.closed) return;
    const slot = new BindSlot(index, this);
    this.slots.set(index, slot);
    slot.start();
  }

  async removeSlot(index: number) {
    const slot = this.slots.get(index);
    if (!slot) return;
    this.slots.delete(index);
    await slot.stop();
    this.failQueueIfUnbound();
  }

  slotIndexes(): number[] {
    return [...this.slots.keys()];
  }

  slotStatus(index: number): SlotStatus | undefined {
    return this.slots.get(index)?.status;
  }

  /** Submits written and not yet answered, over every slot. */
  outstanding(): number {
    let sum = 0;
    for (const slot of this.slots.values()) sum += slot.outstanding;
    return sum;
  }

  /** Submits the bound slots can have outstanding at once: a window each. */
  capacity(): number {
    let sum = 0;
    for (const slot of this.slots.values()) if (slot.status.state === 'bound') sum += this.config.windowSize;
    return sum;
  }

  /** At least one slot can submit (bound). */
  get ready(): boolean {
    for (const slot of this.slots.values()) if (slot.status.state === 'bound') return true;
    return false;
  }

  /** Called by a slot when its state changes. */
  slotChanged(slot: BindSlot) {
    this.events.state(slot.index, slot.status);
    if (slot.status.state !== 'bound') this.failQueueIfUnbound();
  }

  /** With no bound slot left, waiting parts fail at once (retryable): another process may send them. */
  private failQueueIfUnbound() {
    if (this.ready) return;
    for (const pending of this.queue.splice(0)) {
      pending.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    }
  }

  /**
   * Splits and submits a message: each part waits for window and TPS room; throttled parts are
   * submitted again after the slot's back-off. A retryable failure at once when no slot is bound.
   */
  async submit(sms: OutboundSms): Promise<SubmitOutcome> {
    if (this.closed || !this.ready) return { ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' };
    let parts: EncodedPart[];
    try {
      this.ref = (this.ref + 1) & 0xff;
      parts = encodeParts(sms.text, this.config.defaultDataCoding, this.ref);
    } catch {
      return { ok: false, retryable: false, errorCode: 'TEXT_NOT_ENCODABLE' };
    }
    const ids: string[] = [];
    for (const part of parts) {
      const outcome = await this.submitPart(sms, part, ids.length > 0);
      if (!outcome.ok) {
        // Nothing of it may have reached the SMSC: the caller may send it elsewhere or later.
        if (ids.length === 0 && !('unconfirmed' in outcome)) return outcome;
        // The SMSC took (or may have taken) a part: never elsewhere, never again.
        const taken: (string | null)[] = [...ids, ...parts.slice(ids.length).map(() => null)];
        return { ok: false, retryable: false, errorCode: outcome.errorCode, taken };
      }
      ids.push(outcome.id);
    }
    return { ok: true, upstreamIds: ids };
  }

  /**
   * One part, submitted again while the SMSC throttles it: a few times for a first part (the
   * message then waits in the queue), until the message's validity for a part after one the SMSC
   * took (giving up would leave the message half sent).
   */
  private async submitPart(sms: OutboundSms, part: EncodedPart, afterTaken: boolean): Promise<PartOutcome> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await new Promise<PartOutcome>((resolve) => {
        this.queue.push({ part, sms, attempts: attempt, resolve });
        this.pump();
      });
      if (outcome.ok || !('commandStatus' in outcome) || outcome.commandStatus === undefined) return outcome;
      if (!THROTTLE_STATUSES.has(outcome.commandStatus)) return outcome;
      const until = sms.validUntil?.getTime();
      if (afterTaken && until !== undefined) {
        if (Date.now() >= until) return outcome;
      } else if (attempt >= MAX_THROTTLE_RETRIES) return outcome;
    }
  }

  /** Hands waiting parts to slots with window room, as the TPS bucket allows. */
  pump() {
    if (this.closed) return;
    while (this.queue.length > 0) {
      if (!this.ready) {
        this.failQueueIfUnbound();
        return;
      }
      const slot = this.pickSlot();
      if (!slot) return; // window full or paused: a response or the back-off timer pumps again
      if (this.bucket) {
        const wait = this.bucket.waitMs();
        if (wait > 0) {
          if (!this.pumpTimer) {
            this.pumpTimer = setTimeout(() => {
              this.pumpTimer = undefined;
              this.pump();
            }, wait);
          }
          return;
        }
        this.bucket.take();
      }
      slot.submit(this.queue.shift()!);
    }
  }

  /** The ready slot with the fewest outstanding submits. */
  private pickSlot(): BindSlot | undefined {
    let best: BindSlot | undefined;
    for (const slot of this.slots.values()) {
      if (slot.ready && (!best || slot.outstanding < best.outstanding)) best = slot;
    }
    return best;
  }

  /** Unbinds every slot; parts still waiting fail (retryable). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pumpTimer);
    for (const pending of this.queue.splice(0)) {
      pending.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    }
    await Promise.all([...this.slots.values()].map((slot) => slot.stop()));
    this.slots.clear();
  }
}

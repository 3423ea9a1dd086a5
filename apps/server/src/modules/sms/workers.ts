import type { SmsConfig } from '../../platform/config';
import { GroupCommit, WRITE_RETRY_MS } from '../../platform/group-commit';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker, Services } from '../../platform/module';
import { PollLoop } from '../../platform/poll-loop';
import type { SmsCallbacks } from './callbacks';
import type { SmsDispatch, SubmitResult } from './dispatch';
import type { SubmitOutcome } from './ports';
import type { SmsReceipts } from './receipts';
import type { ClaimedMessage } from './repo';
import type { SmsService } from './service';
import type { SmsSweeps } from './sweeps';

/** The gateways as the SMS workers reach them (looked up when used: a test may stand in for them). */
type Gateways = Pick<Services, 'gateways'>;

/**
 * Room in the bound windows of each gateway, counted in messages: a message holds a place from
 * just before it is marked as being written (SmsDispatch.markWriting) until its gateway answered.
 * So the messages a killed process may have written unanswered, and so cannot send again, are at
 * most what the windows hold; what it claimed beyond that was never marked and goes back to the
 * queue (QueueRepo.reclaim).
 */
export class GatewayWindows {
  private readonly used = new Map<string, number>();
  private readonly waiting = new Map<string, ((placed: boolean) => void)[]>();

  constructor(private readonly capacity: (gatewayId: string) => number) {}

  /** Resolves true with a place in the gateway's windows, false when it has none bound (now or later). */
  take(gatewayId: string): Promise<boolean> {
    const capacity = this.capacity(gatewayId);
    if (capacity === 0) return Promise.resolve(false);
    const used = this.used.get(gatewayId) ?? 0;
    const queue = this.waiting.get(gatewayId);
    if (used < capacity && !queue?.length) {
      this.used.set(gatewayId, used + 1);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      if (queue) queue.push(resolve);
      else this.waiting.set(gatewayId, [resolve]);
    });
  }

  give(gatewayId: string): void {
    this.used.set(gatewayId, (this.used.get(gatewayId) ?? 1) - 1);
    this.hand(gatewayId);
  }

  /** Places freed or windows grown (a bind came up) go to the waiting messages; none bound: they learn it. */
  handAll(): void {
    for (const gatewayId of this.waiting.keys()) this.hand(gatewayId);
  }

  private hand(gatewayId: string): void {
    const queue = this.waiting.get(gatewayId);
    if (!queue) return;
    const capacity = this.capacity(gatewayId);
    let used = this.used.get(gatewayId) ?? 0;
    while (queue.length > 0 && used < capacity) {
      used++;
      queue.shift()!(true);
    }
    this.used.set(gatewayId, used);
    if (capacity === 0) for (const resolve of queue.splice(0)) resolve(false);
    if (queue.length === 0) this.waiting.delete(gatewayId);
  }
}

/**
 * An SMS worker's loop (platform/poll-loop.ts): a tick answers whether it found work (then it runs
 * again at once); a database outage is logged once as it begins and once as it ends.
 */
export function smsLoop(name: string, log: Logger, idleMs: number, tick: () => Promise<boolean>): PollLoop {
  return new PollLoop(tick, idleMs, {
    failed: (error) => log.error({ err: error, worker: name }, 'sms worker tick failed'),
    outage: () => log.warn({ worker: name }, 'sms worker waiting: the database is unavailable'),
    resumed: () => log.info({ worker: name }, 'sms worker resumed: the database is back'),
  });
}

/**
 * Messages a dispatcher has in hand per submit its bound gateway windows can have outstanding:
 * one window's worth waiting for answers, one waiting for room or having its answers stored (a
 * message of several parts takes a submit per part, so long texts wait a little longer). More
 * only waits in this process's queues, and claiming it takes the event loop from the API in a
 * process that does both (bench:sms, the demo's windows holding 200: 1,000 in hand accepted
 * batches a quarter slower than 400, for nothing end to end). The windows are those of every
 * bound gateway, whichever the due messages are routed to.
 */
export const IN_FLIGHT_PER_WINDOW = 2;

/**
 * Dispatch: claims due messages in batches (OTP first; `FOR UPDATE SKIP LOCKED`, so processes
 * share the queue), submits each to the first ready gateway of its route (many at once, at most
 * SMS_DISPATCH_IN_FLIGHT and at most IN_FLIGHT_PER_WINDOW times what the bound windows hold),
 * fails over to the next gateway on a non-retryable error, puts it back with back-off on a
 * retryable one, and fails it (refunded) when no gateway can take it within its validity. The
 * answers are written in batches (group commit).
 *
 * At most once toward the gateways: a message is claimed (`queued`, committed), then, once its
 * gateway's windows have room for it (GatewayWindows), marked as being written (committed)
 * before its submit; it goes back to the queue only on an answer that says no gateway took it
 * (retryable), and to the next gateway of its route only on a refusal. A submit the gateway may
 * have taken (written and never answered: the bind died or the answer did not come; or a later
 * part refused or throttled to the end of validity after earlier parts were taken) is never sent
 * elsewhere: the message is `sent`, SUBMIT_UNCONFIRMED, charged, and waits for a receipt (matched
 * by the number when its id is not known) until validity, then `timeout`.
 *
 * A process that dies: what it claimed and had not marked goes back to the queue after
 * SMS_CLAIM_LEASE_S and is sent by the next dispatcher; what it marked (at most the windows, and
 * the answers not yet stored) stays `queued` and after SMS_SUBMIT_TIMEOUT_S the sweep makes it
 * `sent` SUBMIT_UNCONFIRMED on the gateway it was marked for: never submitted again, charged,
 * finalised by its receipt (matched by number) or `timeout` at validity.
 */
export class Dispatcher implements ModuleWorker {
  private inFlight = 0;
  private readonly loop: PollLoop;
  private readonly results: GroupCommit<SubmitResult>;
  private slotFreed: (() => void) | undefined;
  private readonly windows: GatewayWindows;
  /** Claimed messages marked as being written (SmsDispatch.markWriting), in group commits. */
  private readonly marks: GroupCommit<{ message: ClaimedMessage; gatewayId: string }, boolean>;

  constructor(
    private readonly dispatch: SmsDispatch,
    private readonly services: Gateways,
    private readonly config: SmsConfig,
    private readonly log: Logger,
  ) {
    const { pollMs } = config;
    // A write that fails is written again once: an answer not stored leaves its message queued
    // until the sweep calls it unconfirmed (a timeout), though the gateway took it.
    this.results = new GroupCommit((batch) => dispatch.recordSubmits(batch), {
      max: 2_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
    this.marks = new GroupCommit(
      async (batch) => {
        const moved = await dispatch.markWriting(
          batch.map(({ message, gatewayId }) => ({
            id: message.id,
            createdAt: message.createdAt,
            gatewayId,
            attempts: message.attempts,
          })),
        );
        return batch.map(({ message }) => moved.has(message.id));
      },
      // Several under way at once: a mark is in each message's path to its window (distinct rows).
      { max: 2_000, retryAfterMs: WRITE_RETRY_MS, parallel: 4 },
    );
    this.windows = new GatewayWindows((id) => this.services.gateways?.capacity(id) ?? 0);
    this.loop = smsLoop('dispatch', log, pollMs, () => this.tick());
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    while (this.inFlight > 0) {
      this.windows.handAll();
      await new Promise<void>((resolve) => {
        this.slotFreed = resolve;
        setTimeout(resolve, this.config.pollMs);
      });
    }
  }

  private async tick(): Promise<boolean> {
    const { dispatchBatch, dispatchInFlight } = this.config;
    this.windows.handAll();
    // No bound window (no gateway ready in this process): nothing to claim for.
    const capacity = this.services.gateways?.capacity() ?? 0;
    if (capacity === 0) return false;
    const limit = Math.min(dispatchInFlight, IN_FLIGHT_PER_WINDOW * capacity);
    const room = limit - this.inFlight;
    if (room < Math.min(dispatchBatch, limit) / 4 || room <= 0) {
      // Wait for submits to finish rather than claiming a handful at a time.
      await new Promise<void>((resolve) => {
        this.slotFreed = resolve;
        setTimeout(resolve, this.config.pollMs);
      });
      return true;
    }
    const claimed = await this.dispatch.claim(Math.min(room, dispatchBatch), this.config.claimLeaseMs);
    for (const message of claimed) {
      this.inFlight++;
      void this.process(message).finally(() => {
        this.inFlight--;
        const freed = this.slotFreed;
        this.slotFreed = undefined;
        freed?.();
      });
    }
    return claimed.length > 0;
  }

  private async process(message: ClaimedMessage): Promise<void> {
    // The gateway whose window place the message holds (given back if the submit throws).
    const held: { gatewayId?: string } = {};
    let result: SubmitResult | undefined;
    try {
      result = await this.submit(message, held);
    } catch (error) {
      this.log.error({ err: error, messageId: message.id }, 'sms submit failed unexpectedly');
      result = { kind: 'failed', message, errorCode: 'SUBMIT_ERROR' };
    }
    try {
      // Undefined: not ours any more (its claim ran out and went back to the queue).
      if (result) await this.results.push(result);
    } catch (error) {
      // Not stored: the message stays queued and the sweep settles it (never submitted again).
      this.log.error({ err: error, messageId: message.id }, 'sms submit outcome not stored');
    } finally {
      if (held.gatewayId) this.windows.give(held.gatewayId);
    }
  }

  /** Undefined: the message is no longer this dispatcher's (not submitted). */
  private async submit(
    message: ClaimedMessage,
    held: { gatewayId?: string },
  ): Promise<SubmitResult | undefined> {
    const gateways = this.services.gateways;
    if (!gateways) return this.dispatch.retryOrFail(message, 'NO_GATEWAY_READY');
    const ready = new Set(gateways.ready());
    const candidates = message.gatewayIds.filter((id) => ready.has(id));
    if (candidates.length === 0) return this.dispatch.retryOrFail(message, 'NO_GATEWAY_READY');
    let last: SubmitOutcome | undefined;
    let marked = false;
    for (const gatewayId of candidates) {
      if (held.gatewayId) this.windows.give(held.gatewayId);
      held.gatewayId = undefined;
      if (!(await this.windows.take(gatewayId)))
        return this.dispatch.retryOrFail(message, 'NO_GATEWAY_READY');
      held.gatewayId = gatewayId;
      if (!marked) {
        if (!(await this.marks.push({ message, gatewayId }))) return undefined;
        marked = true;
      }
      const outcome = await gateways.submit(gatewayId, {
        messageId: message.id,
        from: message.sender,
        to: message.to,
        text: message.text,
        registeredDelivery: true,
        validUntil: message.validUntil,
      });
      this.windows.give(gatewayId);
      held.gatewayId = undefined;
      if (outcome.ok) {
        return { kind: 'sent', message, gatewayId, upstreamIds: outcome.upstreamIds, at: new Date() };
      }
      // The gateway may have it: never elsewhere; it waits for a receipt (or ends timeout).
      if ('taken' in outcome) {
        return { kind: 'sent', message, gatewayId, upstreamIds: outcome.taken, at: new Date() };
      }
      // Retryable: the gateway did not take it now (throttled, no bind): the whole route again later.
      if (outcome.retryable) return this.dispatch.retryOrFail(message, outcome.errorCode);
      // Refused for good by this gateway: the next one.
      last = outcome;
    }
    return {
      kind: 'failed',
      message,
      errorCode: last && !last.ok ? last.errorCode.slice(0, 64) : 'SMS_NO_GATEWAY',
    };
  }
}

/** Delivery reports to customers' callback URLs (see SmsCallbacks), posted as they fall due. */
export class CallbackSender implements ModuleWorker {
  private readonly loop: PollLoop;

  constructor(callbacks: SmsCallbacks, config: SmsConfig, log: Logger) {
    this.loop = smsLoop('callbacks', log, config.pollMs, () => callbacks.deliverDue());
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }
}

/** The sweeps (see SmsSweeps.sweep) every SMS_SWEEP_MS. */
export class Sweeper implements ModuleWorker {
  private readonly loop: PollLoop;

  constructor(sweeps: SmsSweeps, config: SmsConfig, log: Logger) {
    this.loop = smsLoop('sweep', log, config.sweepMs, async () => {
      await sweeps.sweep();
      return false;
    });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }
}

/** The gateways' receipts handed to the receipt stage (SmsReceipts), from the worker's start. */
export class ReceiptIntake implements ModuleWorker {
  private registered = false;

  constructor(
    private readonly receipts: SmsReceipts,
    private readonly services: Gateways,
  ) {}

  start() {
    if (this.registered || !this.services.gateways) return;
    this.services.gateways.onReceipt((receipt) => this.receipts.handleReceipt(receipt));
    this.registered = true;
  }

  async stop() {}
}

/**
 * The SMS workers of a worker process, started by the core in this order (receipts are taken from
 * the gateway module first) and stopped in the reverse one.
 */
export function smsWorkers(
  sms: SmsService,
  services: Gateways,
  config: SmsConfig,
  log: Logger,
): ModuleWorker[] {
  return [
    new ReceiptIntake(sms.receipts, services),
    new Dispatcher(sms.dispatch, services, config, log),
    new CallbackSender(sms.callbacks, config, log),
    new Sweeper(sms.sweeps, config, log),
  ];
}

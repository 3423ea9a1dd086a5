import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from '../../platform/db-health';
import { GroupCommit, WRITE_RETRY_MS } from '../../platform/group-commit';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { SubmitOutcome } from './ports';
import type { ClaimedMessage } from './repo';
import { callbackDelayMs } from './rules';
import type { SmsService } from './service';

/** Something a worker process runs until it stops. */
export interface SmsWorker {
  start(): void;
  stop(): Promise<void>;
}

type SubmitResult = Parameters<SmsService['recordSubmits']>[0][number];

/**
 * Room in the bound windows of each gateway, counted in messages: a message holds a place from
 * just before it is marked as being written (SmsRepo.markWriting) until its gateway answered.
 * So the messages a killed process may have written unanswered, and so cannot send again, are at
 * most what the windows hold; what it claimed beyond that was never marked and goes back to the
 * queue (SmsRepo.reclaim).
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

/** The longest an SMS worker waits between two tries while the database is unavailable. */
const OUTAGE_BACKOFF_MAX_MS = 5_000;

/** A loop that runs `tick` until stopped, waiting `idleMs` whenever a tick found nothing to do. */
export class Loop implements SmsWorker {
  private running = false;
  private done: Promise<void> | undefined;
  private wake: AbortController | undefined;

  constructor(
    private readonly name: string,
    private readonly log: Logger,
    private readonly idleMs: number,
    private readonly tick: () => Promise<boolean>,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.done = (async () => {
      // Ticks failed in a row while the database is away: logged once, then waited out with a
      // back-off (up to OUTAGE_BACKOFF_MAX_MS), instead of an error line per tick.
      let outage = 0;
      while (this.running) {
        let busy = false;
        try {
          busy = await this.tick();
          if (outage > 0) this.log.info({ worker: this.name }, 'sms worker resumed: the database is back');
          outage = 0;
        } catch (error) {
          if (!isDatabaseUnavailable(error)) {
            this.log.error({ err: error, worker: this.name }, 'sms worker tick failed');
          } else if (outage++ === 0) {
            this.log.warn({ worker: this.name }, 'sms worker waiting: the database is unavailable');
          }
        }
        if ((!busy || outage > 0) && this.running) {
          const wait = outage > 0 ? Math.min(this.idleMs * 2 ** outage, OUTAGE_BACKOFF_MAX_MS) : this.idleMs;
          this.wake = new AbortController();
          await sleep(wait, undefined, { signal: this.wake.signal }).catch(() => {});
        }
      }
    })();
  }

  async stop() {
    this.running = false;
    this.wake?.abort();
    await this.done;
  }
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
export class Dispatcher implements SmsWorker {
  private inFlight = 0;
  private readonly loop: Loop;
  private readonly results: GroupCommit<SubmitResult>;
  private slotFreed: (() => void) | undefined;
  private readonly windows: GatewayWindows;
  /** Claimed messages marked as being written (SmsRepo.markWriting), in group commits. */
  private readonly marks: GroupCommit<{ message: ClaimedMessage; gatewayId: string }, boolean>;

  constructor(
    private readonly sms: SmsService,
    private readonly services: Pick<Services, 'apiAccess' | 'gateways'>,
    private readonly log: Logger,
  ) {
    const { pollMs } = sms.config;
    // A write that fails is written again once: an answer not stored leaves its message queued
    // until the sweep calls it unconfirmed (a timeout), though the gateway took it.
    this.results = new GroupCommit((batch) => sms.recordSubmits(batch), {
      max: 2_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
    this.marks = new GroupCommit(
      async (batch) => {
        const moved = await sms.repo.markWriting(
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
    this.loop = new Loop('dispatch', log, pollMs, () => this.tick());
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
        setTimeout(resolve, this.sms.config.pollMs);
      });
    }
  }

  private async tick(): Promise<boolean> {
    const { dispatchBatch, dispatchInFlight } = this.sms.config;
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
        setTimeout(resolve, this.sms.config.pollMs);
      });
      return true;
    }
    const claimed = await this.sms.repo.claim(Math.min(room, dispatchBatch), this.sms.config.claimLeaseMs);
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
    if (!gateways) return this.sms.retryOrFail(message, 'NO_GATEWAY_READY');
    const ready = new Set(gateways.ready());
    const candidates = message.gatewayIds.filter((id) => ready.has(id));
    if (candidates.length === 0) return this.sms.retryOrFail(message, 'NO_GATEWAY_READY');
    let last: SubmitOutcome | undefined;
    let marked = false;
    for (const gatewayId of candidates) {
      if (held.gatewayId) this.windows.give(held.gatewayId);
      held.gatewayId = undefined;
      if (!(await this.windows.take(gatewayId))) return this.sms.retryOrFail(message, 'NO_GATEWAY_READY');
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
      if (outcome.retryable) return this.sms.retryOrFail(message, outcome.errorCode);
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

/**
 * Delivery reports to customers' callback URLs: due callbacks are leased in batches, posted
 * (signed by the api-access module), each attempt logged; a failed one is retried with back-off
 * until SMS_CALLBACK_WINDOW_S after the message became final, then given up.
 */
export class CallbackSender implements SmsWorker {
  private readonly loop: Loop;

  constructor(
    private readonly sms: SmsService,
    private readonly services: Pick<Services, 'apiAccess' | 'gateways'>,
    log: Logger,
  ) {
    this.loop = new Loop('callbacks', log, sms.config.pollMs, () => this.tick());
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  private async tick(): Promise<boolean> {
    const due = await this.sms.repo.claimCallbacks(50, 60_000);
    await Promise.all(
      due.map(async (c) => {
        const result = await this.services.apiAccess.deliverCallback(c.companyId, c.body, 10_000);
        const now = Date.now();
        if (result === null) {
          await this.sms.repo.recordCallback(c.messageId, {
            state: 'skipped',
            nextAt: new Date(now),
            status: null,
            errorCode: 'CALLBACK_URL_NOT_SET',
            entry: null,
          });
          return;
        }
        const attempts = c.attempts + 1;
        const nextAt = new Date(now + callbackDelayMs(attempts, this.sms.config.callbackRetryMs));
        const giveUp = nextAt.getTime() > c.createdAt.getTime() + this.sms.config.callbackWindowMs;
        await this.sms.repo.recordCallback(c.messageId, {
          state: result.delivered ? 'delivered' : giveUp ? 'failed' : 'pending',
          nextAt,
          status: result.status,
          errorCode: result.errorCode,
          entry: {
            at: result.at.toISOString(),
            status: result.status,
            errorCode: result.errorCode,
            durationMs: result.durationMs,
          },
        });
      }),
    );
    return due.length > 0;
  }
}

/** The sweeps (see SmsService.sweep) every SMS_SWEEP_MS. */
export class Sweeper implements SmsWorker {
  private readonly loop: Loop;

  constructor(sms: SmsService, log: Logger) {
    this.loop = new Loop('sweep', log, sms.config.sweepMs, async () => {
      await sms.sweep();
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

/** Every SMS worker of a worker process; receipts are taken from the gateway module here. */
export function smsWorkers(
  sms: SmsService,
  services: Pick<Services, 'apiAccess' | 'gateways'>,
  log: Logger,
): SmsWorker[] {
  const workers: SmsWorker[] = [
    new Dispatcher(sms, services, log),
    new CallbackSender(sms, services, log),
    new Sweeper(sms, log),
  ];
  let registered = false;
  return [
    {
      start() {
        if (!registered && services.gateways) {
          services.gateways.onReceipt((receipt) => sms.handleReceipt(receipt));
          registered = true;
        }
        for (const w of workers) w.start();
      },
      async stop() {
        await Promise.all(workers.map((w) => w.stop()));
      },
    },
  ];
}

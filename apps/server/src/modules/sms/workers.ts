import { setTimeout as sleep } from 'node:timers/promises';
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

/** A loop that runs `tick` until stopped, waiting `idleMs` whenever a tick found nothing to do. */
class Loop implements SmsWorker {
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
      while (this.running) {
        let busy = false;
        try {
          busy = await this.tick();
        } catch (error) {
          this.log.error({ err: error, worker: this.name }, 'sms worker tick failed');
        }
        if (!busy && this.running) {
          this.wake = new AbortController();
          await sleep(this.idleMs, undefined, { signal: this.wake.signal }).catch(() => {});
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
 * At most once toward the gateways: a message is `queued` (committed) before its submit; it goes
 * back to the queue only on an answer that says the gateway did not take it (retryable). A
 * process that dies between the submit and storing its answer leaves the message `queued`: the
 * sweep makes it `timeout` (SUBMIT_UNCONFIRMED) after SMS_SUBMIT_TIMEOUT_S, never submits it again,
 * and keeps the charge (the gateway may have delivered it). Its receipt, if one comes, is kept
 * in the pending receipts and matches nothing.
 */
export class Dispatcher implements SmsWorker {
  private inFlight = 0;
  private readonly loop: Loop;
  private readonly results: GroupCommit<SubmitResult>;
  private slotFreed: (() => void) | undefined;
  /** Transaction ids of claims that failed without an answer (see tick). */
  private readonly lostClaims: string[] = [];

  constructor(
    private readonly sms: SmsService,
    private readonly services: Services,
    private readonly log: Logger,
  ) {
    const { pollMs } = sms.config;
    // A write that fails is written again once: an answer not stored leaves its message queued
    // until the sweep calls it unconfirmed (a timeout), though the gateway took it.
    this.results = new GroupCommit((batch) => sms.recordSubmits(batch), {
      max: 2_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
    this.loop = new Loop('dispatch', log, pollMs, () => this.tick());
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    while (this.inFlight > 0) await new Promise<void>((resolve) => (this.slotFreed = resolve));
  }

  private async tick(): Promise<boolean> {
    const { dispatchBatch, dispatchInFlight } = this.sms.config;
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
    // A claim whose answer never came (the database went away) may have committed: its messages
    // go back to the queue before the next claim (else nobody has them and the sweep calls them
    // unconfirmed, charged, though never submitted).
    while (this.lostClaims.length > 0) {
      const released = await this.sms.repo.releaseLostClaim(this.lostClaims[0]!);
      if (released > 0)
        this.log.warn({ released }, 'messages of a claim whose answer was lost are queued again');
      this.lostClaims.shift();
    }
    const ticket: { xid?: string } = {};
    const claimed = await this.sms.repo
      .claim(Math.min(room, dispatchBatch), ticket)
      .catch((error: unknown) => {
        if (ticket.xid) this.lostClaims.push(ticket.xid);
        throw error;
      });
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
    let result: SubmitResult;
    try {
      result = await this.submit(message);
    } catch (error) {
      this.log.error({ err: error, messageId: message.id }, 'sms submit failed unexpectedly');
      result = { kind: 'failed', message, errorCode: 'SUBMIT_ERROR' };
    }
    try {
      await this.results.push(result);
    } catch (error) {
      // Not stored: the message stays queued and the sweep settles it (never submitted again).
      this.log.error({ err: error, messageId: message.id }, 'sms submit outcome not stored');
    }
  }

  private async submit(message: ClaimedMessage): Promise<SubmitResult> {
    const gateways = this.services.gateways;
    if (!gateways) return this.sms.retryOrFail(message, 'NO_GATEWAY_READY');
    const ready = new Set(gateways.ready());
    const candidates = message.gatewayIds.filter((id) => ready.has(id));
    if (candidates.length === 0) return this.sms.retryOrFail(message, 'NO_GATEWAY_READY');
    let last: SubmitOutcome | undefined;
    for (const gatewayId of candidates) {
      const outcome = await gateways.submit(gatewayId, {
        messageId: message.id,
        from: message.sender,
        to: message.to,
        text: message.text,
        registeredDelivery: true,
      });
      if (outcome.ok) {
        return { kind: 'sent', message, gatewayId, upstreamIds: outcome.upstreamIds, at: new Date() };
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
    private readonly services: Services,
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
export function smsWorkers(sms: SmsService, services: Services, log: Logger): SmsWorker[] {
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

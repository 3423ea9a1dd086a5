import {
  type CallTaskEvent,
  type CallTaskState,
  IVR_RESULT_MAX,
  inPeriods,
  nextCallTaskState,
} from '@switchboard/contracts';
import { sql } from 'drizzle-orm';
import { InFlight, LeaseKeeper } from '../../platform/bulk-job';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker, Services } from '../../platform/module';
import { PollLoop } from '../../platform/poll-loop';
import { billedSeconds } from '../rate';
import type { CallPorts, DialOutcome } from './ports';
import type { CallTaskRepo, ClaimedNumber, TaskRow } from './repo';

/**
 * How long a claimed number stays this engine's unless renewed: the engine renews the leases of
 * the numbers it holds (claimed, being dialled, being written) every quarter of it, so the numbers
 * of a process that died lapse within it: a claim never marked goes back to pending, a marked one
 * ends failed (never dialled twice).
 */
export const NUMBER_LEASE_MS = 20_000;
/** How long a number's phone rings at most. */
export const RING_TIMEOUT_S = 45;

/** The minute of the day (0-1439) at `at` in a time zone. */
export function minuteIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

type EngineServices = Pick<Services, 'callPorts' | 'ledger' | 'rates' | 'sms'>;

/** What one leg of a call was charged: the amount, the seconds billed, the carriers' cost (null: unknown). */
interface LegCharge {
  amount: bigint;
  billed: number;
  cost: bigint | null;
}

/**
 * The task engine (a module worker of the worker role): every tick it
 * - (and every quarter of NUMBER_LEASE_MS besides) renews the leases of the numbers it holds;
 * - puts lapsed claims back (never-marked) or ends them failed (marked: the call may have been
 *   placed, so it is never placed again);
 * - charges answered calls not yet charged (once each: the ledger key `voice:<record id>`);
 * - sends due hang-up SMS through the SMS engine (charged as SMS);
 * - for each live task: pauses it when its company's balance ran out, runs it again when it is
 *   back; outside its periods lets it wait (`running`), inside them (`calling`) keeps at most its
 *   call ratio of calls up across every process (the task row locked while claiming), claiming
 *   numbers with `FOR UPDATE SKIP LOCKED`; finishes it when no number is left.
 */
export class CallTaskEngine implements ModuleWorker {
  readonly role = 'worker' as const;
  private readonly loop: PollLoop;
  private readonly calls: InFlight;
  /** The numbers this engine holds, from their claim to their result written. */
  private readonly held: LeaseKeeper;

  constructor(
    private readonly db: Db,
    private readonly repo: CallTaskRepo,
    private readonly services: EngineServices,
    private readonly log: Logger,
    private readonly onProgress: (taskId: string) => void,
    idleMs = 250,
  ) {
    this.loop = new PollLoop(() => this.tick(), idleMs, {
      failed: (error) => this.log.error({ err: error }, 'call task engine tick failed'),
    });
    this.calls = new InFlight(log);
    this.held = new LeaseKeeper(
      (held, leaseMs) => repo.bulk.renewLeases(held, leaseMs),
      NUMBER_LEASE_MS,
      log,
    );
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    await this.calls.drain();
    this.held.stop();
  }

  /** Waits for the calls this engine has up now to end and be written (tests drive ticks by it). */
  settle(): Promise<void> {
    return this.calls.settle();
  }

  /** One pass over everything the engine looks after (exposed for tests). */
  async tick(): Promise<void> {
    await this.held.renew();
    const { lost } = await withTransaction(this.db, async () => {
      const reclaimed = await this.repo.reclaim();
      await this.repo.stats.addRecords(reclaimed.lost.map((l) => l.id));
      return reclaimed;
    });
    for (const taskId of new Set(lost.map((l) => l.taskId))) this.onProgress(taskId);
    const broke = await this.chargeDue();
    await this.sendHangupSms();
    const ports = this.services.callPorts;
    for (const task of await this.repo.liveTasks()) {
      await this.step(task, ports, broke);
    }
  }

  private async step(task: TaskRow, ports: CallPorts, broke: Set<string>) {
    if (task.state === 'submitting') {
      await this.move(task, 'submitted');
      return;
    }
    const { balance, creditLimit } = await this.services.ledger.balanceOf(task.companyId);
    const covered = !broke.has(task.companyId) && balance + creditLimit > 0n;
    if (task.state === 'paused') {
      if (covered) await this.move(task, 'balance_back', { pauseReason: null });
      return;
    }
    if (!covered) {
      await this.move(task, 'balance_out', { pauseReason: 'BALANCE_INSUFFICIENT' });
      return;
    }
    if ((await this.repo.bulk.unfinished(task.id)) === 0) {
      await this.move(task, 'finished', { finishedAt: new Date() });
      return;
    }
    const inside = inPeriods(task.periods, minuteIn(ports.now(), task.timeZone));
    if (!inside) {
      if (task.state === 'calling') await this.move(task, 'period_ended');
      return;
    }
    if (task.state === 'running') {
      const moved = await this.move(task, 'period_started');
      if (!moved) return;
      task = moved;
    }
    // Claim room under the ratio, the task's row locked so no other process claims at once.
    const claimed = await this.repo.bulk.claimRoom(
      task.id,
      NUMBER_LEASE_MS,
      (locked) => (locked.state === 'calling' ? locked.callRatio : 0),
      sql`dialled_at = null`,
    );
    for (const n of claimed) {
      this.held.hold(n);
      this.calls.track(
        this.call(task, n, ports).finally(() => this.held.drop(n)),
        'call failed',
        { taskId: task.id, numberId: n.id },
      );
    }
  }

  /** Moves a task by an engine event if its state allows (the transition table in the contracts). */
  private async move(
    task: TaskRow,
    event: CallTaskEvent,
    values: Partial<TaskRow> = {},
  ): Promise<TaskRow | undefined> {
    const to = nextCallTaskState(task.state, event);
    if (!to) return undefined;
    const from: CallTaskState[] = [task.state];
    const row = await this.repo.updateTask(task.id, { ...values, state: to }, from);
    if (row) this.onProgress(task.id);
    return row;
  }

  /** One number: marked (committed) before it is dialled, then its outcome written. */
  private async call(task: TaskRow, n: ClaimedNumber, ports: CallPorts) {
    const plan = {
      id: task.id,
      companyId: task.companyId,
      ivrFlowId: task.ivrFlowId,
      callerGroupId: task.callerGroupId,
      callerIds: task.callerIds,
      trunkId: task.trunkId,
      routeId: task.routeId,
    };
    let trunks: Awaited<ReturnType<CallPorts['planner']['trunksFor']>> = [];
    let callerId: string | null = null;
    let ivr: Awaited<ReturnType<CallPorts['planner']['planOf']>> = { flowId: task.ivrFlowId };
    try {
      [trunks, callerId, ivr] = await Promise.all([
        ports.planner.trunksFor(plan, n.number),
        ports.planner.callerIdFor(plan, n.number),
        ports.planner.planOf(plan),
      ]);
    } catch (error) {
      // No route, no country, the flow gone: the call cannot be placed; it fails (no trunk to try)
      // instead of going back to pending for ever.
      this.log.warn({ err: error, taskId: task.id, numberId: n.id }, 'call not planned: it fails unplaced');
      trunks = [];
    }
    if (!(await this.repo.mark(n, NUMBER_LEASE_MS))) return;
    let outcome: DialOutcome;
    try {
      outcome = await ports.dialer.dial({
        callId: `${n.id}:${n.attempts}`,
        taskId: task.id,
        to: n.number,
        callerId,
        trunks,
        plan: ivr,
        ringTimeoutS: RING_TIMEOUT_S,
        maxTalkS: task.ttlS,
        transferTrunks: (number) => ports.planner.trunksFor(plan, number),
      });
    } catch (error) {
      this.log.warn({ err: error, taskId: task.id }, 'dialer threw: the call counts as failed');
      const at = new Date();
      outcome = { result: 'failed', startedAt: at, endedAt: at, ringMs: 0, talkMs: 0, keys: '' };
    }
    await this.record(task, n, callerId, outcome);
    this.onProgress(task.id);
    this.loop.nudge();
  }

  private async record(task: TaskRow, n: ClaimedNumber, callerId: string | null, o: DialOutcome) {
    const ivrResult = (o.ivrResult ?? '').slice(0, IVR_RESULT_MAX);
    const sms = task.hangupSms;
    const smsDue = sms && (sms.to === 'all' || o.result === 'answered') ? ('due' as const) : null;
    await withTransaction(
      this.db,
      async () => {
        const finished = await this.repo.finishNumber(n, {
          result: o.result,
          ringMs: Math.max(0, Math.round(o.ringMs)),
          talkMs: Math.max(0, Math.round(o.talkMs)),
          keys: o.keys.slice(0, 64),
          ivrResult,
          smsState: smsDue,
        });
        if (!finished) return;
        const talkS = Math.ceil(Math.max(0, o.talkMs) / 1000);
        const t = o.transfer;
        const written = await this.repo.insertRecord({
          taskId: task.id,
          numberId: n.id,
          companyId: task.companyId,
          toNumber: n.number,
          callerId,
          trunkId: o.trunkId ?? null,
          result: o.result,
          sipCode: o.sipCode ?? null,
          startedAt: o.startedAt,
          answeredAt: o.answeredAt ?? null,
          endedAt: o.endedAt,
          ringMs: Math.max(0, Math.round(o.ringMs)),
          talkMs: Math.max(0, Math.round(o.talkMs)),
          keys: o.keys.slice(0, 64),
          ivrResult,
          chargeState: o.result === 'answered' && talkS > 0 ? 'due' : 'none',
          ...(t
            ? {
                transferTo: t.to.slice(0, 32),
                transferResult: t.result,
                transferSipCode: t.sipCode ?? null,
                transferTrunkId: t.trunkId ?? null,
                transferCallerId: t.callerId,
                transferRingMs: Math.max(0, Math.round(t.ringMs)),
                transferTalkMs: t.result === 'answered' ? Math.max(0, Math.round(t.talkMs)) : 0,
              }
            : {}),
        });
        // Counted once: the record is written once, in this transaction.
        await this.repo.stats.addRecords([written.id]);
      },
      this.log,
    );
    await this.chargeDue();
  }

  /**
   * Charges answered calls not yet charged: per minute at the company's voice rate group
   * (increments and connection fee), commissions to the resellers above, under the key
   * `voice:<record id>` so a retry after a crash replays instead of charging twice. A call
   * transferred to a number is charged for its second leg too (the time bridged, at that number's
   * rate, the same increments) under `voice-transfer:<record id>`, in the same pass: the record is
   * marked charged once both are. The companies whose balance did not cover a charge.
   */
  async chargeDue(): Promise<Set<string>> {
    const broke = new Set<string>();
    for (const rec of await this.repo.dueCharges(200)) {
      if (broke.has(rec.companyId)) continue;
      let first: LegCharge;
      let second: LegCharge = { amount: 0n, billed: 0, cost: null };
      try {
        first = await this.chargeLeg(rec.companyId, rec.toNumber, rec.talkMs, `voice:${rec.id}`, rec.id);
        if (rec.transferTo && rec.transferTalkMs > 0)
          second = await this.chargeLeg(
            rec.companyId,
            rec.transferTo,
            rec.transferTalkMs,
            `voice-transfer:${rec.id}`,
            rec.id,
          );
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'BALANCE_INSUFFICIENT') {
          broke.add(rec.companyId);
          continue;
        }
        throw error;
      }
      const cost =
        first.cost === null && second.cost === null ? null : (first.cost ?? 0n) + (second.cost ?? 0n);
      await withTransaction(this.db, async () => {
        const marked = await this.repo.markCharged(rec.id, {
          amount: first.amount + second.amount,
          billedS: first.billed + second.billed,
          cost,
          transferAmount: second.amount,
          transferBilledS: second.billed,
        });
        if (!marked) return;
        await this.repo.stats.addCharge(rec.id);
        await this.repo.bulk.addJobAmount(rec.taskId, first.amount + second.amount);
        await this.repo.addNumberAmount(rec.numberId, first.amount + second.amount);
      });
    }
    return broke;
  }

  /**
   * One leg's talk time charged (or replayed) under `key`: the seconds its rate's increments
   * bill, what it cost us at the carriers. No rate (or not a number): nothing charged, 0 billed.
   * A balance that does not cover it throws BALANCE_INSUFFICIENT.
   */
  private async chargeLeg(
    companyId: string,
    to: string,
    talkMs: number,
    key: string,
    recordId: string,
  ): Promise<LegCharge> {
    const seconds = Math.ceil(Math.max(0, talkMs) / 1000);
    if (seconds === 0) return { amount: 0n, billed: 0, cost: null };
    try {
      // The seconds billed by the rate's increments, and what the carriers cost (staff see the margin).
      const { rate, number, operator } = await this.services.rates.pricing.resolve(companyId, 'voice', to);
      const billed = billedSeconds(seconds, rate.billingInitial, rate.billingIncrement);
      const perMinute = await this.services.rates.gatewayCosts.costOf('voice', number.countryCode, operator);
      const cost = perMinute === null ? null : (perMinute * BigInt(billed) + 30n) / 60n;
      const charged = await this.services.rates.charging.charge(
        companyId,
        'voice',
        to,
        seconds,
        key,
        recordId,
      );
      return { amount: charged.amount, billed, cost };
    } catch (error) {
      if (!(error instanceof AppError) || error.errorCode === 'BALANCE_INSUFFICIENT') throw error;
      this.log.warn({ recordId, key, error: error.errorCode }, 'answered call not charged');
      return { amount: 0n, billed: 0, cost: null };
    }
  }

  /**
   * Hang-up SMS through the SMS engine (priced and charged as SMS at its acceptance); marked sent
   * in the acceptance's own transaction, so each is accepted once.
   */
  private async sendHangupSms() {
    const due = await this.repo.smsDue(200);
    if (due.length === 0) return;
    const byTask = new Map<string, typeof due>();
    for (const d of due) byTask.set(d.taskId, [...(byTask.get(d.taskId) ?? []), d]);
    for (const [taskId, rows] of byTask) {
      const task = await this.repo.task(taskId);
      if (!task?.hangupSms) {
        await this.repo.markSmsSent(rows.map((r) => r.id));
        continue;
      }
      try {
        await this.services.sms.accept(
          {
            companyId: task.companyId,
            userId: task.createdBy,
            kind: 'notification',
            source: 'system',
            recipients: rows.map((r) => ({ number: r.number })),
            text: task.hangupSms.text,
          },
          { write: async () => void (await this.repo.markSmsSent(rows.map((r) => r.id))) },
          undefined,
        );
      } catch (error) {
        // Refused as a whole (the company may not send, no rate): not sent, not retried.
        this.log.warn({ err: error, taskId }, 'hang-up SMS refused');
        await this.repo.markSmsSent(rows.map((r) => r.id));
      }
    }
  }
}

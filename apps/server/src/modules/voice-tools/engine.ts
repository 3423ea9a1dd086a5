import { InFlight } from '../../platform/bulk-job';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker, Services } from '../../platform/module';
import { PollLoop } from '../../platform/poll-loop';
import type { TrunkTarget } from '../trunk';
import { CLI_RING_TIMEOUT_S, type CliTestOutcome, placeCliTest } from './cli-call';
import { type NumberProber, PROBE_TIMEOUT_MS, type ProbeOutcome } from './prober';
import type { CheckRow, ClaimedCheckNumber, CliTestRow, VoiceToolsRepo } from './repo';

/** Numbers of one check probed at once (across processes). */
export const CHECK_CONCURRENCY = 5;
/** A claimed number's lease: the probe's longest wait, with room for the charge and the write. */
const CHECK_LEASE_MS = PROBE_TIMEOUT_MS + 30_000;

type EngineServices = Pick<Services, 'rates' | 'trunks' | 'voice'>;

/**
 * The voice tools' worker (worker role): every tick it
 * - claims a queued CLI test (`FOR UPDATE SKIP LOCKED`) and places its call (a running test whose
 *   process died is ended as lost, never placed twice);
 * - puts the numbers of lapsed claims back to pending;
 * - for each running status check: keeps up to CHECK_CONCURRENCY numbers being checked (the check's
 *   row locked while claiming), each charged once from the company's ND rate group under the key
 *   `nd:<number id>` before its probe (a retry replays the charge); a charge refused for balance
 *   stops the check (`BALANCE_INSUFFICIENT`, the numbers left skipped); a check with nothing left
 *   is done.
 */
export class VoiceToolsEngine implements ModuleWorker {
  readonly role = 'worker' as const;
  private readonly loop: PollLoop;
  private readonly work: InFlight;

  constructor(
    private readonly db: Db,
    private readonly repo: VoiceToolsRepo,
    private readonly services: EngineServices,
    private readonly prober: NumberProber,
    private readonly log: Logger,
    private readonly onProgress: (checkId: string) => void,
    idleMs = 250,
  ) {
    this.loop = new PollLoop(() => this.tick(), idleMs, {
      failed: (error) => this.log.error({ err: error }, 'voice tools tick failed'),
    });
    this.work = new InFlight(log);
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    await this.work.drain();
  }

  /** One pass (exposed for tests). */
  async tick(): Promise<void> {
    for (;;) {
      const test = await this.repo.claimTest((CLI_RING_TIMEOUT_S + 30 + 60) * 1000);
      if (!test) break;
      this.work.track(this.runTest(test), 'CLI test failed');
    }
    for (const checkId of await this.repo.reclaim()) this.onProgress(checkId);
    for (const check of await this.repo.liveChecks()) await this.step(check);
  }

  private async runTest(test: CliTestRow) {
    const target = await this.services.trunks.targetOf(test.trunkId);
    let outcome: CliTestOutcome;
    if (!target) {
      outcome = {
        sentCallerId: test.callerId,
        result: 'failed',
        sipCode: null,
        error: 'TRUNK_NOT_FOUND',
        ringMs: null,
        talkMs: null,
        ladder: [],
        media: null,
        callee: null,
      };
    } else {
      outcome = await placeCliTest(this.services.voice, this.services.trunks, target, {
        id: test.id,
        to: test.toNumber,
        callerId: test.callerId,
        keys: test.keys,
        holdS: test.holdS,
      });
    }
    await this.repo.finishTest(test.id, { ...outcome, sentCallerId: outcome.sentCallerId.slice(0, 64) });
  }

  private async step(check: CheckRow) {
    if ((await this.repo.bulk.unfinished(check.id)) === 0) {
      if (await this.repo.updateCheck(check.id, { state: 'done', finishedAt: new Date() }, ['running']))
        this.onProgress(check.id);
      return;
    }
    const claimed = await this.repo.bulk.claimRoom(check.id, CHECK_LEASE_MS, (locked) =>
      locked.state === 'running' ? CHECK_CONCURRENCY : 0,
    );
    if (claimed.length > 0) this.onProgress(check.id);
    for (const n of claimed) this.work.track(this.checkNumber(check, n), 'number check failed');
  }

  /** One number: routed, charged (once, by its key), probed, its status written. */
  private async checkNumber(check: CheckRow, n: ClaimedCheckNumber) {
    let targets: TrunkTarget[];
    try {
      targets = await this.services.trunks.routeCall(n.number, check.companyId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.finish(check, n, failedWith(error.errorCode), 0n);
      return;
    }
    let amount: bigint;
    try {
      const charged = await this.services.rates.charging.charge(
        check.companyId,
        'nd',
        n.number,
        1,
        `nd:${n.id}`,
        n.id,
      );
      amount = charged.amount;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.errorCode === 'BALANCE_INSUFFICIENT') {
        await this.stopForBalance(check, n);
        return;
      }
      // No ND rate for the number (or not a number): not checked, nothing charged.
      await this.finish(check, n, failedWith(error.errorCode), 0n);
      return;
    }
    const outcome = await this.prober.probe(targets, n.number, `nd:${check.id}`);
    await this.finish(check, n, outcome, amount);
  }

  private async finish(check: CheckRow, n: ClaimedCheckNumber, o: ProbeOutcome, amount: bigint) {
    await withTransaction(this.db, async () => {
      const finished = await this.repo.finishNumber(n, {
        status: o.status,
        sipCode: o.sipCode,
        ms: o.ms,
        error: o.error,
        trunkId: o.trunkId,
        amount,
      });
      if (finished && amount > 0n) await this.repo.bulk.addJobAmount(check.id, amount);
    });
    this.onProgress(check.id);
    this.loop.nudge();
  }

  /** The company's balance did not cover a number: the check stops, saying so; what is left is skipped. */
  private async stopForBalance(check: CheckRow, n: ClaimedCheckNumber) {
    await withTransaction(this.db, async () => {
      await this.repo.release(n);
      const stopped = await this.repo.updateCheck(
        check.id,
        { state: 'stopped', stopReason: 'BALANCE_INSUFFICIENT', finishedAt: new Date() },
        ['running'],
      );
      // Stopped now, or by its user meanwhile: nothing more is checked either way.
      if (!stopped) this.log.info({ checkId: check.id }, 'status check had stopped already');
      await this.repo.skipPending(check.id);
    });
    this.onProgress(check.id);
  }
}

const failedWith = (error: string): ProbeOutcome => ({
  status: 'failed',
  sipCode: null,
  ms: null,
  trunkId: null,
  error: error.slice(0, 32),
});

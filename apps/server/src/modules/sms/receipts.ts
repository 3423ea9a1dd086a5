import type { SmsStatus } from '@switchboard/contracts';
import { type Db, withTransaction } from '../../platform/db';
import { GroupCommit, WRITE_RETRY_MS } from '../../platform/group-commit';
import type { Logger } from '../../platform/logger';
import { receiptExcerptOf } from '../gateway';
import type { SmsFinals } from './finals';
import type { GatewayReceipt } from './ports';
import type { ReceiptRepo } from './repo';
import { finalOfParts } from './rules';

/**
 * Delivery receipts: each one applied to the part it names (by the upstream id, else by the
 * number to a message sent SUBMIT_UNCONFIRMED), kept for later when it names none yet, and the
 * messages whose every part has its receipt made final.
 */
export class SmsReceipts {
  private readonly intake: GroupCommit<GatewayReceipt>;

  constructor(
    private readonly db: Db,
    private readonly repo: ReceiptRepo,
    private readonly finals: SmsFinals,
    private readonly log: Logger,
  ) {
    // A write that fails (a deadlock, a lost connection) is written again once: its receipts are
    // not answered an error for it (the SMSC would send them again).
    this.intake = new GroupCommit((batch) => this.applyReceipts(batch), {
      max: 2_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
  }

  /** The gateway module's receipt handler: resolves once the receipt is stored (or kept for later). */
  handleReceipt(receipt: GatewayReceipt): Promise<void> {
    return this.intake.push(receipt);
  }

  private async applyReceipts(batch: GatewayReceipt[]): Promise<void> {
    await withTransaction(
      this.db,
      async () => {
        const known = new Set(
          (await this.repo.partsByUpstream(batch)).map((p) => `${p.gatewayId}\u0000${p.upstreamId}`),
        );
        // An id never answered: the message the gateway may have taken, by the receipt's number.
        for (const key of await this.repo.matchUnconfirmed(
          batch.filter((r) => !known.has(`${r.gatewayId}\u0000${r.upstreamId}`)),
        )) {
          known.add(key);
        }
        const unknown = batch.filter((r) => !known.has(`${r.gatewayId}\u0000${r.upstreamId}`));
        await this.repo.keepPending(unknown);
        const touched = await this.repo.applyReceipts(
          batch.filter((r) => known.has(`${r.gatewayId}\u0000${r.upstreamId}`)),
        );
        await this.settle(touched);
      },
      this.log,
    );
  }

  /** Messages whose every part has its receipt get their final status (delivered only if all were). */
  async settle(messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    const rows: { id: string; createdAt: Date; status: SmsStatus; errorCode: string | null; doneAt: Date }[] =
      [];
    for (const m of await this.repo.partsOf(messageIds)) {
      const final = finalOfParts(m.parts);
      if (!final) continue;
      const doneAt = new Date(Math.max(...m.parts.map((p) => p.doneAt?.getTime() ?? 0)));
      rows.push({
        id: m.messageId,
        createdAt: m.createdAt,
        status: final.status,
        errorCode: final.errorCode,
        doneAt,
      });
    }
    await this.finals.finalised(await this.repo.finish(rows));
  }

  /**
   * Receipts kept for later whose parts are now known (of these keys, or any) applied, in the
   * caller's transaction: how many.
   */
  async applyKept(keys?: { gatewayId: string; upstreamId: string }[]): Promise<number> {
    const kept = await this.repo.takeMatchedPending(keys);
    if (kept.length > 0) await this.settle(await this.repo.applyReceipts(kept));
    return kept.length;
  }

  /**
   * The receipts kept for later (a sweep): those whose number now matches a message sent
   * SUBMIT_UNCONFIRMED, or whose id is now known, applied (how many); those kept before `purgeBefore`
   * dropped (they name no message of ours).
   */
  async sweepKept(purgeBefore: Date): Promise<number> {
    const applied = await withTransaction(this.db, async () => {
      const pending = await this.repo.pendingWithHandset(1_000);
      await this.repo.matchUnconfirmed(pending.map((p) => ({ ...p, excerpt: receiptExcerptOf(p.raw) })));
      return this.applyKept();
    });
    await this.repo.purgePending(purgeBefore);
    return applied;
  }
}

import type { SmsConfig } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import type { SmsFinals } from './finals';
import type { SmsReceipts } from './receipts';
import type { SmsRefunds } from './refunds';
import { type QueueRepo, UNCONFIRMED } from './repo';

/** The sweeps of what waits too long: lapsed claims, unanswered submits, validity ended, kept receipts. */
export class SmsSweeps {
  constructor(
    private readonly db: Db,
    private readonly repo: QueueRepo,
    private readonly receipts: SmsReceipts,
    private readonly refunds: SmsRefunds,
    private readonly finals: SmsFinals,
    private readonly config: Pick<SmsConfig, 'submitTimeoutMs' | 'validityMs'>,
  ) {}

  /**
   * The periodic checks (every SMS_SWEEP_MS in worker processes; safe in several at once):
   * - sent without a receipt past validity: `timeout` (charged: it reached a gateway);
   * - claimed and not marked as written within SMS_CLAIM_LEASE_S (the dispatcher died before
   *   writing it): back to the queue, sent by the next dispatcher;
   * - marked as written longer than SMS_SUBMIT_TIMEOUT_S without the answer stored (the
   *   process died mid-submit): `sent` SUBMIT_UNCONFIRMED on the gateway it was marked for (a
   *   receipt matched by number finalises it, else `timeout` at validity), or `timeout` at once
   *   when no gateway was recorded; never submitted again (the gateway may have it: at most
   *   once) and not refunded;
   * - waiting past validity (no gateway took it): `failed` SMS_NO_GATEWAY, refunded;
   * - receipts kept for an upstream id that is now known, or whose number now matches a message
   *   sent SUBMIT_UNCONFIRMED: applied; those older than validity plus a day: dropped.
   */
  async sweep(): Promise<Record<string, number>> {
    const counts = { timeout: 0, reclaimed: 0, unconfirmed: 0, expired: 0, lateReceipts: 0 };
    for (;;) {
      const n = await this.repo.reclaim(1_000);
      counts.reclaimed += n;
      if (n < 1_000) break;
    }
    for (;;) {
      const n = await withTransaction(this.db, async () => {
        const finals = await this.repo.sweepSent(1_000);
        await this.finals.finalised(finals);
        return finals.length;
      });
      counts.timeout += n;
      if (n < 1_000) break;
    }
    const stale = await this.repo.staleQueued(new Date(Date.now() - this.config.submitTimeoutMs), 1_000);
    if (stale.length > 0) {
      counts.unconfirmed = await withTransaction(this.db, async () => {
        // Marked for a gateway: it may have it; its receipt (matched by number) may still come.
        const now = new Date();
        await this.repo.markSent(
          stale.flatMap((s) =>
            s.gatewayId
              ? [{ ...s, gatewayId: s.gatewayId, upstreamIds: Array(s.parts).fill(null), sentAt: now }]
              : [],
          ),
        );
        const finals = await this.repo.fail(
          stale.filter((s) => !s.gatewayId).map((s) => ({ ...s, errorCode: UNCONFIRMED })),
          ['queued'],
          'timeout',
        );
        await this.finals.finalised(finals);
        return stale.length;
      });
    }
    counts.expired = await this.expireWaiting();
    counts.lateReceipts = await this.receipts.sweepKept(
      new Date(Date.now() - this.config.validityMs - 86_400_000),
    );
    return counts;
  }

  /** Waiting messages past validity: failed and refunded. */
  private async expireWaiting(): Promise<number> {
    return withTransaction(this.db, async () => {
      const rows = await this.repo.expiredWaiting(1_000);
      const finals = await this.repo.fail(
        rows.map((r) => ({ ...r, errorCode: 'SMS_NO_GATEWAY' })),
        ['accepted'],
      );
      await this.refunds.refund(finals);
      await this.finals.finalised(finals);
      return finals.length;
    });
  }
}

import { type Db, withTransaction } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { SmsFinals } from './finals';
import type { SmsReceipts } from './receipts';
import type { SmsRefunds } from './refunds';
import type { ClaimedMessage, QueueRepo } from './repo';
import { retryDelayMs } from './rules';

/** What a gateway answered for a claimed message, as the dispatcher writes it (recordSubmits). */
export type SubmitResult =
  | {
      kind: 'sent';
      message: ClaimedMessage;
      gatewayId: string;
      upstreamIds: (string | null)[];
      at: Date;
    }
  | { kind: 'retry'; message: ClaimedMessage; nextAt: Date; errorCode: string }
  | { kind: 'failed'; message: ClaimedMessage; errorCode: string };

/**
 * The dispatch stage as the dispatchers (workers.ts) use it: claims of due messages, the marks
 * written before a submit, and the gateways' answers written back.
 */
export class SmsDispatch {
  constructor(
    private readonly db: Db,
    private readonly repo: QueueRepo,
    private readonly receipts: SmsReceipts,
    private readonly refunds: SmsRefunds,
    private readonly finals: SmsFinals,
    private readonly log: Logger,
  ) {}

  /** Due messages claimed for `leaseMs` (see QueueRepo.claim). */
  claim(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    return this.repo.claim(limit, leaseMs);
  }

  /** Claimed messages marked as being written to their gateway: the ids marked (see QueueRepo.markWriting). */
  markWriting(
    rows: { id: string; createdAt: Date; gatewayId: string; attempts: number }[],
  ): Promise<Set<string>> {
    return this.repo.markWriting(rows);
  }

  /**
   * Writes what the gateways answered for claimed messages, in one transaction. `sent` with a
   * null upstream id: the gateway may have taken that part without saying so (SUBMIT_UNCONFIRMED).
   */
  async recordSubmits(results: SubmitResult[]): Promise<void> {
    await withTransaction(
      this.db,
      async () => {
        const sent = results.flatMap((r) => (r.kind === 'sent' ? [r] : []));
        // A reused upstream id names the newer part (dedupe within this write too).
        const seen = new Set<string>();
        for (const r of [...sent].reverse()) {
          r.upstreamIds = r.upstreamIds.map((u) => {
            if (u === null) return u;
            const key = `${r.gatewayId}:${u}`;
            if (seen.has(key)) return `${u.slice(0, 27)}#${r.message.id}`;
            seen.add(key);
            return u;
          });
        }
        await this.repo.markSent(
          sent.map((r) => ({
            id: r.message.id,
            createdAt: r.message.createdAt,
            gatewayId: r.gatewayId,
            upstreamIds: r.upstreamIds,
            sentAt: r.at,
          })),
        );
        await this.repo.markRetry(
          results.flatMap((r) =>
            r.kind === 'retry'
              ? [
                  {
                    id: r.message.id,
                    createdAt: r.message.createdAt,
                    nextAt: r.nextAt,
                    errorCode: r.errorCode,
                  },
                ]
              : [],
          ),
        );
        const failed = await this.repo.fail(
          results.flatMap((r) =>
            r.kind === 'failed'
              ? [{ id: r.message.id, createdAt: r.message.createdAt, errorCode: r.errorCode }]
              : [],
          ),
          ['queued'],
        );
        await this.refunds.refund(failed);
        await this.finals.finalised(failed);
        // Receipts that came before this answer was stored.
        await this.receipts.applyKept(
          sent.flatMap((r) =>
            r.upstreamIds.flatMap((upstreamId) =>
              upstreamId ? [{ gatewayId: r.gatewayId, upstreamId }] : [],
            ),
          ),
        );
      },
      this.log,
    );
  }

  /** Dispatch outcome of a message no gateway took now: retried later, or failed past validity. */
  retryOrFail(message: ClaimedMessage, errorCode: string, now = Date.now()) {
    const nextAt = new Date(now + retryDelayMs(message.attempts));
    if (nextAt.getTime() >= message.validUntil.getTime()) {
      return { kind: 'failed' as const, message, errorCode: 'SMS_NO_GATEWAY' };
    }
    return { kind: 'retry' as const, message, nextAt, errorCode };
  }
}

import { TtlCache } from '../../platform/cache';
import type { SmsConfig } from '../../platform/config';
import type { Services } from '../../platform/module';
import type { CallbackRepo, FinalMessage } from './repo';
import { callbackDelayMs } from './rules';

/**
 * Delivery reports to customers' callback URLs: owed for the messages sent through the HTTP API
 * that became final (queued in that transaction), then posted by the callback worker (signed by
 * the api-access module), each attempt logged; a failed one is retried with back-off until
 * SMS_CALLBACK_WINDOW_S after the message became final, then given up.
 */
export class SmsCallbacks {
  /** Companies known to have a callback URL (one query per company and write otherwise). */
  private readonly callbackCompanies = new TtlCache<boolean>(5_000, 10_000);

  constructor(
    private readonly repo: CallbackRepo,
    private readonly services: Pick<Services, 'apiAccess'>,
    private readonly config: Pick<SmsConfig, 'callbackRetryMs' | 'callbackWindowMs'>,
  ) {}

  /** Callbacks owed for messages that just became final (in the caller's transaction). */
  async owe(finals: FinalMessage[]): Promise<void> {
    const owed = new Set<string>();
    for (const companyId of new Set(finals.filter((m) => m.source === 'api').map((m) => m.companyId))) {
      // Only a URL is remembered: one set a moment ago is seen at once (a removed one is then
      // answered null by deliverCallback and the callback skipped).
      const has = await this.callbackCompanies.getOrLoad(
        companyId,
        () => this.services.apiAccess.hasCallback(companyId),
        (value) => value,
      );
      if (has) owed.add(companyId);
    }
    const callbacks = finals
      .filter((m) => m.source === 'api' && owed.has(m.companyId))
      .map((m) => ({
        messageId: m.id,
        companyId: m.companyId,
        body: JSON.stringify({
          id: m.id,
          clientRef: m.clientRef,
          to: m.to,
          status: m.status,
          errorCode: m.errorCode,
          doneAt: m.doneAt.toISOString(),
        }),
      }));
    await this.repo.queueCallbacks(callbacks);
  }

  /** Posts the due callbacks (up to 50, leased for a minute), each attempt recorded: whether there were any. */
  async deliverDue(): Promise<boolean> {
    const due = await this.repo.claimCallbacks(50, 60_000);
    await Promise.all(
      due.map(async (c) => {
        const result = await this.services.apiAccess.deliverCallback(c.companyId, c.body, 10_000);
        const now = Date.now();
        if (result === null) {
          await this.repo.recordCallback(c.messageId, {
            state: 'skipped',
            nextAt: new Date(now),
            status: null,
            errorCode: 'CALLBACK_URL_NOT_SET',
            entry: null,
          });
          return;
        }
        const attempts = c.attempts + 1;
        const nextAt = new Date(now + callbackDelayMs(attempts, this.config.callbackRetryMs));
        const giveUp = nextAt.getTime() > c.createdAt.getTime() + this.config.callbackWindowMs;
        await this.repo.recordCallback(c.messageId, {
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

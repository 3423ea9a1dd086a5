import { afterCommit } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { SmsCallbacks } from './callbacks';
import type { FinalMessage } from './repo';

/** A message that became final, as the listeners of final statuses hear of it (see SmsFinals.onFinal). */
export type FinalEvent = Omit<FinalMessage, 'createdAt' | 'price' | 'commissions'>;

/**
 * Final statuses: the hooks run in the transaction that makes messages final, the callbacks owed
 * for them, and the listeners told once it committed.
 */
export class SmsFinals {
  private readonly listeners: ((m: FinalEvent) => void)[] = [];
  private readonly finalHooks: ((finals: FinalMessage[]) => Promise<void>)[] = [];

  constructor(
    private readonly callbacks: SmsCallbacks,
    private readonly log: Logger,
  ) {}

  /** Listeners of final statuses (callbacks are sent here; the SMPP server adds its own). */
  onFinal(listener: (m: FinalEvent) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Work done INSIDE the transaction that makes messages final (the statistics roll-up): it
   * commits or rolls back with the final status, which is written once, so each message is
   * counted once. A hook that throws rolls the transaction back.
   */
  onFinalInTransaction(hook: (finals: FinalMessage[]) => Promise<void>): void {
    this.finalHooks.push(hook);
  }

  /**
   * Messages that just became final (in the caller's transaction): a callback is queued for those
   * sent through the HTTP API, and the listeners hear of them once it has committed.
   */
  async finalised(finals: FinalMessage[]): Promise<void> {
    if (finals.length === 0) return;
    for (const hook of this.finalHooks) await hook(finals);
    await this.callbacks.owe(finals);
    await afterCommit(() => {
      for (const m of finals) {
        const event: FinalEvent = {
          id: m.id,
          companyId: m.companyId,
          clientRef: m.clientRef,
          to: m.to,
          status: m.status,
          errorCode: m.errorCode,
          doneAt: m.doneAt,
          source: m.source,
        };
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch (error) {
            this.log.error({ err: error }, 'sms final listener failed');
          }
        }
      }
    });
  }
}

import type { Services } from '../../platform/module';
import type { Posting } from '../ledger';
import type { FinalMessage } from './repo';

/** Money back: what messages that never reached a gateway were charged, and the commissions on it. */
export class SmsRefunds {
  constructor(private readonly services: Pick<Services, 'ledger'>) {}

  /**
   * Gives back what messages that never reached a gateway were charged, once: a `refund` credit
   * keyed `<message id>:refund`, and the commission each reseller above earned on it (kept on the
   * message) taken back (an adjustment of its commission account under the same key). Runs in the
   * caller's transaction, which also made the messages final: the refund and the final status
   * commit together, and a final status is never made twice.
   */
  async refund(messages: FinalMessage[]): Promise<void> {
    const postings: Posting[] = [];
    for (const m of messages) {
      if (m.price <= 0n) continue;
      const leader = postings.length;
      postings.push({
        companyId: m.companyId,
        kind: 'refund',
        amount: m.price,
        idempotencyKey: `${m.id}:refund`,
        reference: `sms:${m.id}`,
        note: { code: 'sms_refund', params: { reason: m.errorCode ?? m.status } },
      });
      for (const c of m.commissions) {
        if (c.amount <= 0n) continue;
        postings.push({
          companyId: c.companyId,
          account: 'commission',
          kind: 'adjustment',
          amount: -c.amount,
          idempotencyKey: `${m.id}:refund`,
          reference: `sms:${m.id}`,
          note: { code: 'commission_reversed', params: { companyId: m.companyId } },
          allowOverdraft: true,
          requires: leader,
        });
      }
    }
    if (postings.length > 0) await this.services.ledger.post(postings, 'each');
  }
}

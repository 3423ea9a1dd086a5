import { formatMoney, hasResellerScope, type payoutListQuerySchema } from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { withCompanyNames } from './company-names';
import type { PaymentsRepo, PayoutRow } from './repo';

/** Resellers' commission payouts: asked for by the reseller, approved or rejected by staff. */
export class Payouts {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepo,
    private readonly services: Pick<Services, 'companies' | 'ledger'>,
  ) {}

  /** A reseller asks to withdraw commission: at most what is not already asked for. */
  async create(auth: AuthContext, input: { amount: bigint; note?: string }): Promise<PayoutRow> {
    const companyId = auth.user.companyId;
    if (!companyId || !hasResellerScope(auth.roles)) throw new AppError('PAYOUT_RESELLERS_ONLY', 403);
    return withTransaction(this.db, async () => {
      await this.repo.lockPayoutsOf(companyId);
      const { commission } = await this.services.ledger.balanceOf(companyId);
      const available = commission - (await this.repo.pendingPayoutTotal(companyId));
      if (input.amount > available) {
        throw new AppError('PAYOUT_OVER_COMMISSION', 400, {
          available: formatMoney(available > 0n ? available : 0n, 2),
        });
      }
      return this.repo.insertPayout({
        companyId,
        amount: input.amount,
        note: input.note || null,
        requestedByUserId: auth.user.id,
        requestedByUsername: auth.user.username,
      });
    });
  }

  async list(auth: AuthContext, query: z.output<typeof payoutListQuerySchema>) {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countPayouts(scope, filters),
      (limit, offset) => this.repo.listPayouts(scope, filters, limit, offset),
    );
    return { ...page, records: await withCompanyNames(this.services, page.records) };
  }

  /** At most `limit` payouts of the caller's scope as the list filters and sorts them (the export). */
  async export(auth: AuthContext, query: z.output<typeof payoutListQuerySchema>, limit: number) {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    return withCompanyNames(this.services, await this.repo.listPayouts(scope, filters, limit, 0));
  }

  /** Staff approve: the commission is debited through the ledger (key: the payout id), once. */
  async approve(auth: AuthContext, id: string, reason: string | undefined) {
    const decided = await withTransaction(this.db, async () => {
      const payout = await this.lockPayoutInScope(auth, id);
      await this.services.ledger.post([
        {
          companyId: payout.companyId,
          kind: 'payout',
          amount: -payout.amount,
          idempotencyKey: `payout:${payout.id}`,
          reference: `payout:${payout.id}`,
          note: reason || null,
          actor: { userId: auth.user.id, username: auth.user.username },
        },
      ]);
      return this.repo.decidePayout(id, {
        state: 'approved',
        decidedByUsername: auth.user.username,
        decisionReason: reason || null,
      });
    });
    return (await withCompanyNames(this.services, [decided]))[0]!;
  }

  /** Staff reject with a reason: nothing else changes. */
  async reject(auth: AuthContext, id: string, reason: string | undefined) {
    if (!reason) throw new AppError('FIELD_REQUIRED', 400, { field: 'reason' });
    const decided = await withTransaction(this.db, async () => {
      await this.lockPayoutInScope(auth, id);
      return this.repo.decidePayout(id, {
        state: 'rejected',
        decidedByUsername: auth.user.username,
        decisionReason: reason,
      });
    });
    return (await withCompanyNames(this.services, [decided]))[0]!;
  }

  private async lockPayoutInScope(auth: AuthContext, id: string): Promise<PayoutRow> {
    const payout = await this.services.companies.objectInScope(auth, await this.repo.lockPayout(id));
    if (payout.state !== 'pending') throw new AppError('PAYOUT_NOT_PENDING', 409);
    return payout;
  }
}

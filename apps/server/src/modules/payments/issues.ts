import {
  formatMoney,
  type PaymentIssueReason,
  type PaymentProvider,
  type paymentIssueListQuerySchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { withCompanyNames } from './company-names';
import type { PaymentsRepo } from './repo';

/** How many open payments to resolve the reconciliation lists (the count is always exact). */
const RECONCILE_LIST_MAX = 100;

/**
 * Payments to resolve (money a provider reported that no order could take: staff credit or
 * dismiss it) and the payments' side of the reconciliation.
 */
export class PaymentIssues {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepo,
    private readonly services: Pick<Services, 'companies' | 'ledger'>,
    private readonly currency: string,
    private readonly log: Logger,
  ) {}

  async list(auth: AuthContext, query: z.output<typeof paymentIssueListQuerySchema>) {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { pageNo: _n, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countIssues(scope, filters),
      (limit, offset) => this.repo.listIssues(scope, filters, limit, offset),
    );
    return { ...page, records: await withCompanyNames(this.services, page.records) };
  }

  /**
   * Staff resolve a payment no order took: credit it to its order's company through the ledger
   * (key: the payment's id, so once; the order's credited amount grows by it) or dismiss it with
   * a note (sent back, or settled outside the platform).
   */
  async resolve(
    auth: AuthContext,
    input: { id: string; action: 'credit' | 'dismiss'; amount?: bigint; note?: string },
  ) {
    const resolved = await withTransaction(this.db, async () => {
      const issue = await this.repo.lockIssue(input.id);
      const scope = await this.services.companies.dataScopeOf(auth);
      if (
        !issue ||
        (scope.kind !== 'all' && !(issue.companyId && scope.companyIds.includes(issue.companyId)))
      )
        throw new AppError('NOT_FOUND', 404);
      if (issue.state !== 'open') throw new AppError('PAYMENT_ISSUE_NOT_OPEN', 409);
      const resolvedBy = { resolvedByUsername: auth.user.username, resolutionNote: input.note || null };
      if (input.action === 'dismiss') {
        if (!input.note) throw new AppError('FIELD_REQUIRED', 400, { field: 'note' });
        return this.repo.resolveIssue(issue.id, { state: 'dismissed', amountCredited: null, ...resolvedBy });
      }
      if (!issue.companyId || !issue.orderId) throw new AppError('PAYMENT_ISSUE_NO_COMPANY', 400);
      const amount =
        input.amount ?? (issue.currency === this.currency && issue.amount ? issue.amount : undefined);
      if (amount === undefined) {
        throw new AppError('PAYMENT_ISSUE_AMOUNT_REQUIRED', 400, {
          currency: issue.currency ?? '?',
          platform: this.currency,
        });
      }
      const order = await this.repo.lockOrder({ id: issue.orderId });
      const { entry } = await this.services.ledger.credit(
        issue.companyId,
        'topup',
        amount,
        `payment:${issue.id}`,
        {
          reference: `order:${issue.orderId}`,
          note: { code: 'payment_resolved', params: { reason: issue.reason } },
          actor: { userId: auth.user.id, username: auth.user.username },
        },
      );
      if (order)
        await this.repo.updateOrder(order.id, { amountCredited: order.amountCredited + entry.amount });
      return this.repo.resolveIssue(issue.id, {
        state: 'credited',
        amountCredited: entry.amount,
        ...resolvedBy,
      });
    });
    return (await withCompanyNames(this.services, [resolved]))[0]!;
  }

  /**
   * The payments' side of the reconciliation: every order's credited amount against the ledger's
   * top-up entries for it, and the payments still to resolve (money received, credited to no one).
   */
  async reconcile(): Promise<{
    creditDifferences: { orderId: string; companyId: string; credited: string; ledger: string }[];
    openPaymentIssues: number;
    paymentIssues: {
      id: string;
      provider: PaymentProvider;
      reason: PaymentIssueReason;
      orderId: string | null;
      amount: string | null;
      currency: string | null;
      createdAt: Date;
    }[];
  }> {
    const [orders, ledger, open, issues] = await Promise.all([
      this.repo.creditedOrders(),
      this.services.ledger.totalsByReference('topup', 'order:'),
      this.repo.countOpenIssues(),
      this.repo.openIssues(RECONCILE_LIST_MAX),
    ]);
    const creditDifferences = [];
    const seen = new Set<string>();
    for (const order of orders) {
      const reference = `order:${order.id}`;
      seen.add(reference);
      const inLedger = ledger.get(reference) ?? 0n;
      if (inLedger !== order.amountCredited) {
        creditDifferences.push({
          orderId: order.id,
          companyId: order.companyId,
          credited: formatMoney(order.amountCredited),
          ledger: formatMoney(inLedger),
        });
      }
    }
    // Top-ups in the ledger for an order that says it was credited nothing.
    for (const [reference, total] of ledger) {
      if (!seen.has(reference) && total !== 0n) {
        creditDifferences.push({
          orderId: reference.slice('order:'.length),
          companyId: '',
          credited: formatMoney(0n),
          ledger: formatMoney(total),
        });
      }
    }
    if (creditDifferences.length > 0) {
      this.log.error(
        { differences: creditDifferences.slice(0, 50), count: creditDifferences.length },
        'top-up orders differ from their ledger credits',
      );
    }
    if (open > 0) this.log.warn({ open }, 'payments to resolve are waiting for staff');
    return {
      creditDifferences,
      openPaymentIssues: open,
      paymentIssues: issues.map((i) => ({
        id: i.id,
        provider: i.provider,
        reason: i.reason,
        orderId: i.orderId,
        amount: i.amount === null ? null : formatMoney(i.amount),
        currency: i.currency,
        createdAt: i.createdAt,
      })),
    };
  }
}

import {
  type ORDER_SORTABLE,
  type OrderState,
  type OrderTransitionSource,
  type orderListQuerySchema,
  type PAYOUT_SORTABLE,
  type PaymentIssueState,
  type PaymentProvider,
  type PayoutState,
  parseMoney,
  type paymentIssueListQuerySchema,
  type payoutListQuerySchema,
} from '@switchboard/contracts';
import { and, asc, type Column, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { paymentEvents, paymentIssues, payouts, topUpOrders, topUpOrderTransitions } from './schema';

export type OrderRow = typeof topUpOrders.$inferSelect;
export type NewOrder = typeof topUpOrders.$inferInsert;
export type TransitionRow = typeof topUpOrderTransitions.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PaymentIssueRow = typeof paymentIssues.$inferSelect;
type IssueFilters = Omit<z.output<typeof paymentIssueListQuerySchema>, 'pageNo' | 'pageSize'>;
type OrderFilters = Omit<z.output<typeof orderListQuerySchema>, 'pageNo' | 'pageSize'>;
type PayoutFilters = Omit<z.output<typeof payoutListQuerySchema>, 'pageNo' | 'pageSize'>;

/** Columns the order list sorts by: the whitelist of `column` (contracts' ORDER_SORTABLE). */
const ORDER_SORT: Record<(typeof ORDER_SORTABLE)[number], Column> = {
  createdAt: topUpOrders.createdAt,
  amountRequested: topUpOrders.amountRequested,
  amountPaid: topUpOrders.amountPaid,
  amountCredited: topUpOrders.amountCredited,
  state: topUpOrders.state,
  method: topUpOrders.method,
};
/** Columns the payout list sorts by (contracts' PAYOUT_SORTABLE). */
const PAYOUT_SORT: Record<(typeof PAYOUT_SORTABLE)[number], Column> = {
  createdAt: payouts.createdAt,
  amount: payouts.amount,
  state: payouts.state,
  decidedAt: payouts.decidedAt,
};

/** SQL of orders, their transitions, provider notifications and payouts. */
export class PaymentsRepo {
  constructor(private readonly db: Db) {}

  // --- orders ---

  async insertOrder(values: NewOrder): Promise<OrderRow> {
    const [row] = await executor(this.db).insert(topUpOrders).values(values).returning();
    return row!;
  }

  async findOrder(id: string): Promise<OrderRow | undefined> {
    const [row] = await executor(this.db).select().from(topUpOrders).where(eq(topUpOrders.id, id)).limit(1);
    return row;
  }

  /** The order, locked for the rest of the transaction (by id, or by the provider's reference). */
  async lockOrder(
    by: { id: string } | { provider: PaymentProvider; reference: string },
  ): Promise<OrderRow | undefined> {
    const where =
      'id' in by
        ? eq(topUpOrders.id, by.id)
        : and(eq(topUpOrders.provider, by.provider), eq(topUpOrders.providerReference, by.reference));
    const [row] = await executor(this.db).select().from(topUpOrders).where(where).limit(1).for('update');
    return row;
  }

  async updateOrder(
    id: string,
    values: Partial<
      Pick<OrderRow, 'state' | 'amountPaid' | 'amountCredited' | 'providerReference' | 'checkoutUrl'>
    >,
  ): Promise<OrderRow> {
    const [row] = await executor(this.db)
      .update(topUpOrders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(topUpOrders.id, id))
      .returning();
    return row!;
  }

  async addTransition(values: {
    orderId: string;
    fromState: OrderState | null;
    toState: OrderState;
    source: OrderTransitionSource;
    detail: string | null;
  }): Promise<void> {
    await executor(this.db).insert(topUpOrderTransitions).values(values);
  }

  history(orderId: string): Promise<TransitionRow[]> {
    return executor(this.db)
      .select()
      .from(topUpOrderTransitions)
      .where(eq(topUpOrderTransitions.orderId, orderId))
      .orderBy(asc(topUpOrderTransitions.id));
  }

  private orderWhere(scope: DataScope, f: OrderFilters): SQL | undefined {
    return and(
      scopeCondition(scope, topUpOrders.companyId),
      f.companyId ? eq(topUpOrders.companyId, f.companyId) : undefined,
      f.state ? eq(topUpOrders.state, f.state) : undefined,
      f.method ? eq(topUpOrders.method, f.method) : undefined,
      f.from ? gte(topUpOrders.createdAt, f.from) : undefined,
      // `to`: the first instant after the period (as the contracts give it).
      f.to ? lt(topUpOrders.createdAt, f.to) : undefined,
    );
  }

  async countOrders(scope: DataScope, f: OrderFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(topUpOrders)
      .where(this.orderWhere(scope, f));
    return Number(row?.total ?? 0);
  }

  listOrders(scope: DataScope, f: OrderFilters, limit: number, offset: number): Promise<OrderRow[]> {
    return (
      executor(this.db)
        .select()
        .from(topUpOrders)
        .where(this.orderWhere(scope, f))
        // The requested column, then newest first (the id last: pages never overlap).
        .orderBy(...orderByOf(f, ORDER_SORT, [desc(topUpOrders.createdAt), desc(topUpOrders.id)]))
        .limit(limit)
        .offset(offset)
    );
  }

  /** Orders the expiry job closes or settles: unpaid or partly paid, past their time. */
  async dueForExpiry(now: Date, limit: number): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ id: topUpOrders.id })
      .from(topUpOrders)
      .where(
        and(
          inArray(topUpOrders.state, ['pending_payment', 'partially_paid']),
          lte(topUpOrders.expiresAt, now),
        ),
      )
      .orderBy(asc(topUpOrders.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // --- provider notifications ---

  /** Records a notification; false when it was recorded before (a repeat). */
  async recordEvent(values: {
    provider: PaymentProvider;
    eventId: string;
    orderId: string | null;
    type: string;
    outcome: string;
    detail: string | null;
  }): Promise<boolean> {
    const rows = await executor(this.db)
      .insert(paymentEvents)
      .values(values)
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async setEventOutcome(
    provider: PaymentProvider,
    eventId: string,
    outcome: string,
    orderId: string | null,
    detail: string | null,
  ): Promise<void> {
    await executor(this.db)
      .update(paymentEvents)
      .set({ outcome, orderId, detail })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  }

  // --- payments to resolve ---

  /** Records a payment to resolve, once per notification (undefined: recorded before). */
  async insertIssue(values: typeof paymentIssues.$inferInsert): Promise<PaymentIssueRow | undefined> {
    const [row] = await executor(this.db)
      .insert(paymentIssues)
      .values(values)
      .onConflictDoNothing({ target: [paymentIssues.provider, paymentIssues.eventId] })
      .returning();
    return row;
  }

  async lockIssue(id: string): Promise<PaymentIssueRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(paymentIssues)
      .where(eq(paymentIssues.id, id))
      .limit(1)
      .for('update');
    return row;
  }

  async resolveIssue(
    id: string,
    values: {
      state: PaymentIssueState;
      resolvedByUsername: string;
      resolutionNote: string | null;
      amountCredited: bigint | null;
    },
  ): Promise<PaymentIssueRow> {
    const [row] = await executor(this.db)
      .update(paymentIssues)
      .set({ ...values, resolvedAt: new Date(), updatedAt: new Date() })
      .where(eq(paymentIssues.id, id))
      .returning();
    return row!;
  }

  private issueWhere(scope: DataScope, f: IssueFilters): SQL | undefined {
    return and(
      scopeCondition(scope, paymentIssues.companyId),
      f.companyId ? eq(paymentIssues.companyId, f.companyId) : undefined,
      f.state ? eq(paymentIssues.state, f.state) : undefined,
    );
  }

  async countIssues(scope: DataScope, f: IssueFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(paymentIssues)
      .where(this.issueWhere(scope, f));
    return Number(row?.total ?? 0);
  }

  listIssues(scope: DataScope, f: IssueFilters, limit: number, offset: number): Promise<PaymentIssueRow[]> {
    return executor(this.db)
      .select()
      .from(paymentIssues)
      .where(this.issueWhere(scope, f))
      .orderBy(desc(paymentIssues.createdAt), desc(paymentIssues.id))
      .limit(limit)
      .offset(offset);
  }

  /** The open payments to resolve, oldest first (the reconciliation lists them). */
  openIssues(limit: number): Promise<PaymentIssueRow[]> {
    return executor(this.db)
      .select()
      .from(paymentIssues)
      .where(eq(paymentIssues.state, 'open'))
      .orderBy(asc(paymentIssues.createdAt), asc(paymentIssues.id))
      .limit(limit);
  }

  async countOpenIssues(): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(paymentIssues)
      .where(eq(paymentIssues.state, 'open'));
    return Number(row?.total ?? 0);
  }

  /** Every order's credited amount (the reconciliation compares it with the ledger). */
  creditedOrders(): Promise<{ id: string; companyId: string; amountCredited: bigint }[]> {
    return executor(this.db)
      .select({
        id: topUpOrders.id,
        companyId: topUpOrders.companyId,
        amountCredited: topUpOrders.amountCredited,
      })
      .from(topUpOrders)
      .where(sql`${topUpOrders.amountCredited} > 0`);
  }

  // --- payouts ---

  async insertPayout(values: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [row] = await executor(this.db).insert(payouts).values(values).returning();
    return row!;
  }

  async lockPayout(id: string): Promise<PayoutRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(payouts)
      .where(eq(payouts.id, id))
      .limit(1)
      .for('update');
    return row;
  }

  async findPayout(id: string): Promise<PayoutRow | undefined> {
    const [row] = await executor(this.db).select().from(payouts).where(eq(payouts.id, id)).limit(1);
    return row;
  }

  async decidePayout(
    id: string,
    values: { state: PayoutState; decidedByUsername: string; decisionReason: string | null },
  ): Promise<PayoutRow> {
    const [row] = await executor(this.db)
      .update(payouts)
      .set({ ...values, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(payouts.id, id))
      .returning();
    return row!;
  }

  /** What a company has asked to withdraw and is not yet decided. */
  async pendingPayoutTotal(companyId: string): Promise<bigint> {
    const [row] = await executor(this.db)
      .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::text` })
      .from(payouts)
      .where(and(eq(payouts.companyId, companyId), eq(payouts.state, 'pending')));
    return parseMoney(row?.total ?? '0') ?? 0n;
  }

  /** Serialises payout requests of one company (the commission they reserve is counted once). */
  async lockPayoutsOf(companyId: string): Promise<void> {
    await executor(this.db).execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`payouts:${companyId}`}, 0))`,
    );
  }

  private payoutWhere(scope: DataScope, f: PayoutFilters): SQL | undefined {
    return and(
      scopeCondition(scope, payouts.companyId),
      f.companyId ? eq(payouts.companyId, f.companyId) : undefined,
      f.state ? eq(payouts.state, f.state) : undefined,
    );
  }

  async countPayouts(scope: DataScope, f: PayoutFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(payouts)
      .where(this.payoutWhere(scope, f));
    return Number(row?.total ?? 0);
  }

  listPayouts(scope: DataScope, f: PayoutFilters, limit: number, offset: number): Promise<PayoutRow[]> {
    return executor(this.db)
      .select()
      .from(payouts)
      .where(this.payoutWhere(scope, f))
      .orderBy(...orderByOf(f, PAYOUT_SORT, [desc(payouts.createdAt), desc(payouts.id)]))
      .limit(limit)
      .offset(offset);
  }
}

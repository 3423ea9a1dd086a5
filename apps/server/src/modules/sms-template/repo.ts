import type { SmsKind, SmsReviewStatus, SortQuery } from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { smsSenders, smsTemplatePolicies, smsTemplates } from './schema';

export type TemplateRow = typeof smsTemplates.$inferSelect;
export type TemplateValues = typeof smsTemplates.$inferInsert;
export type SenderRow = typeof smsSenders.$inferSelect;
export type SenderValues = typeof smsSenders.$inferInsert;

export type TemplateFilters = SortQuery & {
  name?: string | undefined;
  status?: SmsReviewStatus | undefined;
  kind?: SmsKind | undefined;
  companyId?: string | undefined;
};
export type SenderFilters = SortQuery & {
  senderId?: string | undefined;
  status?: SmsReviewStatus | undefined;
  companyId?: string | undefined;
};

/** A review decision: the status, its reason and who made it. */
export interface Decision {
  status: SmsReviewStatus;
  rejectReason: string | null;
  reviewedBy: string;
  reviewedAt: Date;
}

const TEMPLATE_SORTABLE = {
  name: smsTemplates.name,
  status: smsTemplates.status,
  createdAt: smsTemplates.createdAt,
  updatedAt: smsTemplates.updatedAt,
  reviewedAt: smsTemplates.reviewedAt,
};
const SENDER_SORTABLE = {
  senderId: smsSenders.senderId,
  status: smsSenders.status,
  createdAt: smsSenders.createdAt,
  updatedAt: smsSenders.updatedAt,
  reviewedAt: smsSenders.reviewedAt,
};

function templateWhere(scope: DataScope, f: TemplateFilters): SQL | undefined {
  return and(
    scopeCondition(scope, smsTemplates.companyId),
    f.name ? ilike(smsTemplates.name, likeText(f.name)) : undefined,
    f.status ? eq(smsTemplates.status, f.status) : undefined,
    f.kind ? sql`${f.kind} = any(${smsTemplates.kinds})` : undefined,
    f.companyId ? eq(smsTemplates.companyId, f.companyId) : undefined,
  );
}

function senderWhere(scope: DataScope, f: SenderFilters): SQL | undefined {
  return and(
    scopeCondition(scope, smsSenders.companyId),
    f.senderId ? ilike(smsSenders.senderId, likeText(f.senderId)) : undefined,
    f.status ? eq(smsSenders.status, f.status) : undefined,
    f.companyId ? eq(smsSenders.companyId, f.companyId) : undefined,
  );
}

/** The only SQL of the templates, sender ids and template policies. */
export class SmsTemplateRepo {
  constructor(private readonly db: Db) {}

  // --- templates ---

  async countTemplates(scope: DataScope, filters: TemplateFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(smsTemplates)
      .where(templateWhere(scope, filters));
    return Number(row?.total ?? 0);
  }

  listTemplates(scope: DataScope, filters: TemplateFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(smsTemplates)
      .where(templateWhere(scope, filters))
      .orderBy(...orderByOf(filters, TEMPLATE_SORTABLE, [desc(smsTemplates.createdAt), asc(smsTemplates.id)]))
      .limit(limit)
      .offset(offset);
  }

  async template(id: string): Promise<TemplateRow | undefined> {
    const [row] = await executor(this.db).select().from(smsTemplates).where(eq(smsTemplates.id, id));
    return row;
  }

  templatesByIds(ids: string[]) {
    return executor(this.db).select().from(smsTemplates).where(inUuids(smsTemplates.id, ids));
  }

  /** A company's passed templates that may be used for a kind. */
  passedTemplates(companyId: string, kind: SmsKind) {
    return executor(this.db)
      .select()
      .from(smsTemplates)
      .where(
        and(
          eq(smsTemplates.companyId, companyId),
          eq(smsTemplates.status, 'passed'),
          sql`${kind} = any(${smsTemplates.kinds})`,
        ),
      );
  }

  async insertTemplates(values: TemplateValues[]): Promise<TemplateRow[]> {
    if (values.length === 0) return [];
    return executor(this.db).insert(smsTemplates).values(values).returning();
  }

  async updateTemplate(id: string, values: Partial<TemplateValues>): Promise<TemplateRow | undefined> {
    const [row] = await executor(this.db)
      .update(smsTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smsTemplates.id, id))
      .returning();
    return row;
  }

  /** Records a decision unless the row already has that status; answers the row (undefined: unchanged). */
  async decideTemplate(id: string, decision: Decision): Promise<TemplateRow | undefined> {
    const [row] = await executor(this.db)
      .update(smsTemplates)
      .set({ ...decision, updatedAt: new Date() })
      .where(and(eq(smsTemplates.id, id), sql`${smsTemplates.status} <> ${decision.status}`))
      .returning();
    return row;
  }

  async deleteTemplates(ids: string[]): Promise<string[]> {
    const rows = await executor(this.db)
      .delete(smsTemplates)
      .where(inUuids(smsTemplates.id, ids))
      .returning({ id: smsTemplates.id });
    return rows.map((r) => r.id);
  }

  // --- sender ids ---

  async countSenders(scope: DataScope, filters: SenderFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(smsSenders)
      .where(senderWhere(scope, filters));
    return Number(row?.total ?? 0);
  }

  listSenders(scope: DataScope, filters: SenderFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(smsSenders)
      .where(senderWhere(scope, filters))
      .orderBy(...orderByOf(filters, SENDER_SORTABLE, [desc(smsSenders.createdAt), asc(smsSenders.id)]))
      .limit(limit)
      .offset(offset);
  }

  async sender(id: string): Promise<SenderRow | undefined> {
    const [row] = await executor(this.db).select().from(smsSenders).where(eq(smsSenders.id, id));
    return row;
  }

  sendersByIds(ids: string[]) {
    return executor(this.db).select().from(smsSenders).where(inUuids(smsSenders.id, ids));
  }

  /** A company's sender id, regardless of case. */
  async senderOf(companyId: string, senderId: string): Promise<SenderRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(smsSenders)
      .where(
        and(eq(smsSenders.companyId, companyId), sql`lower(${smsSenders.senderId}) = lower(${senderId})`),
      );
    return row;
  }

  async insertSenders(values: SenderValues[]): Promise<SenderRow[]> {
    if (values.length === 0) return [];
    return executor(this.db).insert(smsSenders).values(values).returning();
  }

  async updateSender(id: string, values: Partial<SenderValues>): Promise<SenderRow | undefined> {
    const [row] = await executor(this.db)
      .update(smsSenders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(smsSenders.id, id))
      .returning();
    return row;
  }

  async decideSender(id: string, decision: Decision): Promise<SenderRow | undefined> {
    const [row] = await executor(this.db)
      .update(smsSenders)
      .set({ ...decision, updatedAt: new Date() })
      .where(and(eq(smsSenders.id, id), sql`${smsSenders.status} <> ${decision.status}`))
      .returning();
    return row;
  }

  async deleteSenders(ids: string[]): Promise<string[]> {
    const rows = await executor(this.db)
      .delete(smsSenders)
      .where(inUuids(smsSenders.id, ids))
      .returning({ id: smsSenders.id });
    return rows.map((r) => r.id);
  }

  // --- policy ---

  async policy(companyId: string): Promise<boolean> {
    const [row] = await executor(this.db)
      .select({ value: smsTemplatePolicies.requireApprovedTemplates })
      .from(smsTemplatePolicies)
      .where(eq(smsTemplatePolicies.companyId, companyId));
    return row?.value ?? false;
  }

  async savePolicy(companyId: string, requireApprovedTemplates: boolean, updatedBy: string) {
    await executor(this.db)
      .insert(smsTemplatePolicies)
      .values({ companyId, requireApprovedTemplates, updatedBy })
      .onConflictDoUpdate({
        target: smsTemplatePolicies.companyId,
        set: { requireApprovedTemplates, updatedBy, updatedAt: new Date() },
      });
  }
}

import type { ApiKeyState } from '@switchboard/contracts';
import { and, count, desc, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { apiCallbacks, apiIpRules, apiKeys } from './schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiIpRuleRow = typeof apiIpRules.$inferSelect;
export type ApiCallbackRow = typeof apiCallbacks.$inferSelect;

/** A key's last use is written at most this often (it is read by people, not by the hot path). */
const LAST_USED_EVERY_S = 60;

/** The only SQL on the API access tables. */
export class ApiAccessRepo {
  constructor(private readonly db: Db) {}

  /**
   * Serialises changes of one company's keys or rules within the current transaction (a
   * transaction-scoped advisory lock), so two requests at once cannot both pass a count limit.
   */
  async lockCompany(kind: 'keys' | 'ipRules', companyId: string): Promise<void> {
    await executor(this.db).execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`api-access:${kind}:${companyId}`}, 0))`,
    );
  }

  // ---- keys

  async countLiveKeys(companyId: string): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), ne(apiKeys.state, 'revoked')));
    return Number(row?.n ?? 0);
  }

  async insertKey(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await executor(this.db).insert(apiKeys).values(values).returning();
    return row!;
  }

  async findKey(apiKey: string): Promise<ApiKeyRow | undefined> {
    const [row] = await executor(this.db).select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey)).limit(1);
    return row;
  }

  private keyFilter(scope: DataScope, companyId: string | undefined, state: ApiKeyState | undefined) {
    const conditions: (SQL | undefined)[] = [scopeCondition(scope, apiKeys.companyId)];
    if (companyId) conditions.push(eq(apiKeys.companyId, companyId));
    if (state) conditions.push(eq(apiKeys.state, state));
    return and(...conditions);
  }

  async countKeys(scope: DataScope, companyId: string | undefined, state: ApiKeyState | undefined) {
    const [row] = await executor(this.db)
      .select({ n: count() })
      .from(apiKeys)
      .where(this.keyFilter(scope, companyId, state));
    return Number(row?.n ?? 0);
  }

  /** Newest first; revoked keys after the others. */
  listKeys(
    scope: DataScope,
    companyId: string | undefined,
    state: ApiKeyState | undefined,
    limit: number,
    offset: number,
  ): Promise<ApiKeyRow[]> {
    return executor(this.db)
      .select()
      .from(apiKeys)
      .where(this.keyFilter(scope, companyId, state))
      .orderBy(sql`${apiKeys.state} = 'revoked'`, desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(limit)
      .offset(offset);
  }

  async updateKey(id: string, patch: Partial<typeof apiKeys.$inferInsert>): Promise<ApiKeyRow> {
    const [row] = await executor(this.db)
      .update(apiKeys)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(apiKeys.id, id))
      .returning();
    return row!;
  }

  /** Records a use (time and address), unless one was recorded within the last minute. */
  async touchKey(id: string, ip: string): Promise<void> {
    await executor(this.db)
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip.slice(0, 64) })
      .where(
        and(
          eq(apiKeys.id, id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_S})`),
          ),
        ),
      );
  }

  /** Erases previous secrets whose grace period has ended (they sign nothing any more). */
  async dropEndedGrace(now: Date): Promise<number> {
    const erased = await executor(this.db)
      .update(apiKeys)
      .set({ previousSecretSealed: null, previousValidUntil: null })
      .where(lt(apiKeys.previousValidUntil, now))
      .returning({ id: apiKeys.id });
    return erased.length;
  }

  // ---- API IP whitelist

  private ruleFilter(scope: DataScope, companyId: string | undefined) {
    return and(
      scopeCondition(scope, apiIpRules.companyId),
      companyId ? eq(apiIpRules.companyId, companyId) : undefined,
    );
  }

  async countRules(scope: DataScope, companyId: string | undefined): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: count() })
      .from(apiIpRules)
      .where(this.ruleFilter(scope, companyId));
    return Number(row?.n ?? 0);
  }

  listRules(scope: DataScope, companyId: string | undefined, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(apiIpRules)
      .where(this.ruleFilter(scope, companyId))
      .orderBy(apiIpRules.companyId, apiIpRules.createdAt, apiIpRules.id)
      .limit(limit)
      .offset(offset);
  }

  async rulesOf(companyId: string): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ rule: apiIpRules.rule })
      .from(apiIpRules)
      .where(eq(apiIpRules.companyId, companyId));
    return rows.map((r) => r.rule);
  }

  async insertRule(values: typeof apiIpRules.$inferInsert): Promise<ApiIpRuleRow | undefined> {
    const [row] = await executor(this.db).insert(apiIpRules).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findRule(id: string): Promise<ApiIpRuleRow | undefined> {
    const [row] = await executor(this.db).select().from(apiIpRules).where(eq(apiIpRules.id, id)).limit(1);
    return row;
  }

  async deleteRule(id: string): Promise<void> {
    await executor(this.db).delete(apiIpRules).where(eq(apiIpRules.id, id));
  }

  // ---- callback

  async findCallback(companyId: string): Promise<ApiCallbackRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(apiCallbacks)
      .where(eq(apiCallbacks.companyId, companyId))
      .limit(1);
    return row;
  }

  async saveCallback(
    companyId: string,
    patch: Partial<Omit<typeof apiCallbacks.$inferInsert, 'companyId'>>,
  ): Promise<ApiCallbackRow> {
    const values = { ...patch, updatedAt: new Date() };
    const [row] = await executor(this.db)
      .insert(apiCallbacks)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: apiCallbacks.companyId, set: values })
      .returning();
    return row!;
  }

  /** Sets the signing secret only where there is none yet; answers the row as it then is. */
  async setSigningSecretIfMissing(companyId: string, sealed: string): Promise<ApiCallbackRow> {
    await executor(this.db)
      .insert(apiCallbacks)
      .values({ companyId, signingSecretSealed: sealed, signingSecretCreatedAt: new Date() })
      .onConflictDoUpdate({
        target: apiCallbacks.companyId,
        set: { signingSecretSealed: sealed, signingSecretCreatedAt: new Date(), updatedAt: new Date() },
        setWhere: isNull(apiCallbacks.signingSecretSealed),
      });
    return (await this.findCallback(companyId))!;
  }
}

import type { SortQuery } from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import { voiceCallerGroupMembers, voiceCallerGroups, voiceCallerIds, voiceCallerRotations } from './schema';

export type CallerIdRow = typeof voiceCallerIds.$inferSelect;
export type CallerIdValues = typeof voiceCallerIds.$inferInsert;
export type CallerGroupRow = typeof voiceCallerGroups.$inferSelect;
export type CallerGroupValues = typeof voiceCallerGroups.$inferInsert;
export interface MemberRow {
  groupId: string;
  callerId: string;
  number: string;
  enabled: boolean;
  position: number;
}

export type CallerIdFilters = SortQuery & {
  number?: string | undefined;
  companyId?: string | undefined;
  enabled?: boolean | undefined;
};
export type CallerGroupFilters = SortQuery & { name?: string | undefined; companyId?: string | undefined };

const CALLER_SORTABLE = {
  number: voiceCallerIds.number,
  countryCode: voiceCallerIds.countryCode,
  enabled: voiceCallerIds.enabled,
  createdAt: voiceCallerIds.createdAt,
};
const GROUP_SORTABLE = {
  name: voiceCallerGroups.name,
  rotation: voiceCallerGroups.rotation,
  enabled: voiceCallerGroups.enabled,
  createdAt: voiceCallerGroups.createdAt,
};

function callerWhere(scope: DataScope, f: CallerIdFilters): SQL | undefined {
  return and(
    scopeCondition(scope, voiceCallerIds.companyId),
    f.number ? ilike(voiceCallerIds.number, likeText(f.number)) : undefined,
    f.companyId ? eq(voiceCallerIds.companyId, f.companyId) : undefined,
    f.enabled !== undefined ? eq(voiceCallerIds.enabled, f.enabled) : undefined,
  );
}
function groupWhere(scope: DataScope, f: CallerGroupFilters): SQL | undefined {
  return and(
    scopeCondition(scope, voiceCallerGroups.companyId),
    f.name ? ilike(voiceCallerGroups.name, likeText(f.name)) : undefined,
    f.companyId ? eq(voiceCallerGroups.companyId, f.companyId) : undefined,
  );
}

/** The only SQL of caller IDs, caller groups and rotations. */
export class CallerRepo {
  constructor(private readonly db: Db) {}

  // --- caller IDs ---

  async countCallers(scope: DataScope, f: CallerIdFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(voiceCallerIds)
      .where(callerWhere(scope, f));
    return Number(row?.total ?? 0);
  }

  listCallers(scope: DataScope, f: CallerIdFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(voiceCallerIds)
      .where(callerWhere(scope, f))
      .orderBy(...orderByOf(f, CALLER_SORTABLE, [desc(voiceCallerIds.createdAt), asc(voiceCallerIds.id)]))
      .limit(limit)
      .offset(offset);
  }

  async caller(id: string): Promise<CallerIdRow | undefined> {
    const [row] = await executor(this.db).select().from(voiceCallerIds).where(eq(voiceCallerIds.id, id));
    return row;
  }

  callersByIds(ids: readonly string[]): Promise<CallerIdRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(voiceCallerIds).where(inUuids(voiceCallerIds.id, ids));
  }

  /** A company's enabled caller IDs among `numbers`. */
  enabledNumbersOf(companyId: string, numbers: readonly string[]): Promise<{ number: string }[]> {
    if (numbers.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select({ number: voiceCallerIds.number })
      .from(voiceCallerIds)
      .where(
        and(
          eq(voiceCallerIds.companyId, companyId),
          eq(voiceCallerIds.enabled, true),
          inArray(voiceCallerIds.number, [...numbers]),
        ),
      );
  }

  async insertCaller(values: CallerIdValues): Promise<CallerIdRow> {
    const [row] = await executor(this.db).insert(voiceCallerIds).values(values).returning();
    return row!;
  }

  async insertCallerIfMissing(values: CallerIdValues): Promise<void> {
    await executor(this.db).insert(voiceCallerIds).values(values).onConflictDoNothing();
  }

  async updateCaller(id: string, values: Partial<CallerIdValues>): Promise<CallerIdRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceCallerIds)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voiceCallerIds.id, id))
      .returning();
    return row;
  }

  async deleteCallers(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceCallerIds)
      .where(inUuids(voiceCallerIds.id, ids))
      .returning({ id: voiceCallerIds.id });
    return rows.length;
  }

  /** Names of the groups each of these caller IDs belongs to. */
  async groupsUsing(callerIds: string[]): Promise<{ callerId: string; name: string }[]> {
    if (callerIds.length === 0) return [];
    return executor(this.db)
      .select({ callerId: voiceCallerGroupMembers.callerId, name: voiceCallerGroups.name })
      .from(voiceCallerGroupMembers)
      .innerJoin(voiceCallerGroups, eq(voiceCallerGroups.id, voiceCallerGroupMembers.groupId))
      .where(inArray(voiceCallerGroupMembers.callerId, callerIds));
  }

  // --- groups ---

  async countGroups(scope: DataScope, f: CallerGroupFilters): Promise<number> {
    const [row] = await executor(this.db)
      .select({ total: sql<number>`count(*)::int` })
      .from(voiceCallerGroups)
      .where(groupWhere(scope, f));
    return Number(row?.total ?? 0);
  }

  listGroups(scope: DataScope, f: CallerGroupFilters, limit: number, offset: number) {
    return executor(this.db)
      .select()
      .from(voiceCallerGroups)
      .where(groupWhere(scope, f))
      .orderBy(
        ...orderByOf(f, GROUP_SORTABLE, [desc(voiceCallerGroups.createdAt), asc(voiceCallerGroups.id)]),
      )
      .limit(limit)
      .offset(offset);
  }

  async group(id: string): Promise<CallerGroupRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(voiceCallerGroups)
      .where(eq(voiceCallerGroups.id, id));
    return row;
  }

  groupsByIds(ids: readonly string[]): Promise<CallerGroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(voiceCallerGroups).where(inUuids(voiceCallerGroups.id, ids));
  }

  async insertGroup(values: CallerGroupValues): Promise<CallerGroupRow> {
    const [row] = await executor(this.db).insert(voiceCallerGroups).values(values).returning();
    return row!;
  }

  async updateGroup(id: string, values: Partial<CallerGroupValues>): Promise<CallerGroupRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceCallerGroups)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voiceCallerGroups.id, id))
      .returning();
    return row;
  }

  async deleteGroups(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceCallerGroups)
      .where(inUuids(voiceCallerGroups.id, ids))
      .returning({ id: voiceCallerGroups.id });
    return rows.length;
  }

  /** Replaces a group's members (in this order). */
  async setMembers(groupId: string, callerIds: string[]): Promise<void> {
    await executor(this.db)
      .delete(voiceCallerGroupMembers)
      .where(eq(voiceCallerGroupMembers.groupId, groupId));
    if (callerIds.length === 0) return;
    await executor(this.db)
      .insert(voiceCallerGroupMembers)
      .values(callerIds.map((callerId, position) => ({ groupId, callerId, position })));
  }

  /** The members of these groups, in rotation order. */
  membersOf(groupIds: readonly string[]): Promise<MemberRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select({
        groupId: voiceCallerGroupMembers.groupId,
        callerId: voiceCallerGroupMembers.callerId,
        number: voiceCallerIds.number,
        enabled: voiceCallerIds.enabled,
        position: voiceCallerGroupMembers.position,
      })
      .from(voiceCallerGroupMembers)
      .innerJoin(voiceCallerIds, eq(voiceCallerIds.id, voiceCallerGroupMembers.callerId))
      .where(inUuids(voiceCallerGroupMembers.groupId, groupIds))
      .orderBy(asc(voiceCallerGroupMembers.groupId), asc(voiceCallerGroupMembers.position));
  }

  // --- rotations ---

  /** Advances a rotation's counter by one and answers the position drawn (0 first). */
  async advance(key: string): Promise<number> {
    const [row] = await executor(this.db)
      .insert(voiceCallerRotations)
      .values({ key, position: 1 })
      .onConflictDoUpdate({
        target: voiceCallerRotations.key,
        set: { position: sql`${voiceCallerRotations.position} + 1`, updatedAt: new Date() },
      })
      .returning({ position: voiceCallerRotations.position });
    return Number(row?.position ?? 1) - 1;
  }

  /** Forgets rotations not advanced since `before` (finished tasks). */
  async deleteRotationsBefore(before: Date): Promise<number> {
    const rows = await executor(this.db)
      .delete(voiceCallerRotations)
      .where(sql`${voiceCallerRotations.updatedAt} < ${before}`)
      .returning({ key: voiceCallerRotations.key });
    return rows.length;
  }
}

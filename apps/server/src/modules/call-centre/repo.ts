import type { CallListNumberState, SeatState, SortQuery } from '@switchboard/contracts';
import { and, asc, desc, eq, ilike, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { orderByOf } from '../../platform/resource';
import { type DataScope, scopeCondition } from '../../platform/scope';
import { inUuids, likeText } from '../../platform/sql';
import {
  callListNumbers,
  callLists,
  callResults,
  outboundTasks,
  seatGroupMembers,
  seatGroups,
  seats,
} from './schema';

export type SeatRow = typeof seats.$inferSelect;
export type SeatValues = typeof seats.$inferInsert;
export type SeatGroupRow = typeof seatGroups.$inferSelect;
export type SeatGroupValues = typeof seatGroups.$inferInsert;
export type CallResultRow = typeof callResults.$inferSelect;
export type CallResultValues = typeof callResults.$inferInsert;
export type CallListRow = typeof callLists.$inferSelect;
export type CallListValues = typeof callLists.$inferInsert;
export type CallListNumberRow = typeof callListNumbers.$inferSelect;
export type CallListNumberValues = typeof callListNumbers.$inferInsert;
export type OutboundTaskRow = typeof outboundTasks.$inferSelect;
export type OutboundTaskValues = typeof outboundTasks.$inferInsert;
export type TaskFilters = NamedFilters & { state?: OutboundTaskRow['state'] | undefined };

export type SeatFilters = SortQuery & {
  keyword?: string | undefined;
  companyId?: string | undefined;
  groupId?: string | undefined;
  state?: SeatState | undefined;
  enabled?: boolean | undefined;
};
export type NamedFilters = SortQuery & { name?: string | undefined; companyId?: string | undefined };
export type NumberFilters = SortQuery & {
  number?: string | undefined;
  state?: CallListNumberState | undefined;
};

/** A seat's registration as the registrar records it. */
export interface SeatBinding {
  contact: string;
  host: string;
  port: number;
  transport: string;
  callId: string;
  cseq: number;
  expiresAt: Date;
  userAgent: string | null;
}

const SEAT_SORTABLE = {
  jobNumber: seats.jobNumber,
  name: seats.name,
  sipUsername: seats.sipUsername,
  state: seats.state,
  enabled: seats.enabled,
  createdAt: seats.createdAt,
};
const GROUP_SORTABLE = {
  name: seatGroups.name,
  distribution: seatGroups.distribution,
  wrapUpS: seatGroups.wrapUpS,
  enabled: seatGroups.enabled,
  createdAt: seatGroups.createdAt,
};
const RESULT_SORTABLE = {
  name: callResults.name,
  sort: callResults.sort,
  enabled: callResults.enabled,
  createdAt: callResults.createdAt,
};
const TASK_SORTABLE = {
  name: outboundTasks.name,
  state: outboundTasks.state,
  createdAt: outboundTasks.createdAt,
};
const LIST_SORTABLE = { name: callLists.name, total: callLists.total, createdAt: callLists.createdAt };
const NUMBER_SORTABLE = {
  number: callListNumbers.number,
  name: callListNumbers.name,
  state: callListNumbers.state,
  attempts: callListNumbers.attempts,
  redialAt: callListNumbers.redialAt,
};

function seatWhere(scope: DataScope, f: SeatFilters): SQL | undefined {
  const keyword = f.keyword ? likeText(f.keyword) : undefined;
  return and(
    scopeCondition(scope, seats.companyId),
    keyword
      ? or(ilike(seats.jobNumber, keyword), ilike(seats.name, keyword), ilike(seats.sipUsername, keyword))
      : undefined,
    f.companyId ? eq(seats.companyId, f.companyId) : undefined,
    f.groupId
      ? sql`exists (select 1 from ${seatGroupMembers} where ${seatGroupMembers.seatId} = ${seats.id} and ${seatGroupMembers.groupId} = ${f.groupId})`
      : undefined,
    f.state ? eq(seats.state, f.state) : undefined,
    f.enabled !== undefined ? eq(seats.enabled, f.enabled) : undefined,
  );
}

const namedWhere = (
  table: typeof seatGroups | typeof callResults | typeof callLists | typeof outboundTasks,
  scope: DataScope,
  f: NamedFilters,
): SQL | undefined =>
  and(
    scopeCondition(scope, table.companyId),
    f.name ? ilike(table.name, likeText(f.name)) : undefined,
    f.companyId ? eq(table.companyId, f.companyId) : undefined,
  );

const count = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);
const CHUNK = 1000;

/** The only SQL of seats, seat groups, call results and call lists. */
export class CallCentreRepo {
  constructor(private readonly db: Db) {}

  private get x() {
    return executor(this.db);
  }

  // --- seats ---

  async countSeats(scope: DataScope, f: SeatFilters): Promise<number> {
    return count(
      await this.x.select({ total: sql<number>`count(*)::int` }).from(seats).where(seatWhere(scope, f)),
    );
  }

  listSeats(scope: DataScope, f: SeatFilters, limit: number, offset: number): Promise<SeatRow[]> {
    return this.x
      .select()
      .from(seats)
      .where(seatWhere(scope, f))
      .orderBy(...orderByOf(f, SEAT_SORTABLE, [asc(seats.jobNumber), asc(seats.id)]))
      .limit(limit)
      .offset(offset);
  }

  /** Seats in a scope for the live view (at most `max`). */
  seatsInScope(scope: DataScope, companyId: string | undefined, max: number): Promise<SeatRow[]> {
    return this.x
      .select()
      .from(seats)
      .where(
        and(scopeCondition(scope, seats.companyId), companyId ? eq(seats.companyId, companyId) : undefined),
      )
      .orderBy(asc(seats.jobNumber))
      .limit(max);
  }

  async seat(id: string): Promise<SeatRow | undefined> {
    const [row] = await this.x.select().from(seats).where(eq(seats.id, id));
    return row;
  }

  seatsByIds(ids: readonly string[]): Promise<SeatRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.x.select().from(seats).where(inUuids(seats.id, ids));
  }

  async seatBySipUsername(username: string): Promise<SeatRow | undefined> {
    const [row] = await this.x
      .select()
      .from(seats)
      .where(sql`lower(${seats.sipUsername}) = lower(${username})`);
    return row;
  }

  async insertSeat(values: SeatValues): Promise<SeatRow> {
    const [row] = await this.x.insert(seats).values(values).returning();
    return row!;
  }

  async updateSeat(id: string, values: Partial<SeatValues>): Promise<SeatRow | undefined> {
    const [row] = await this.x
      .update(seats)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(seats.id, id))
      .returning();
    return row;
  }

  async deleteSeats(ids: string[]): Promise<number> {
    const rows = await this.x.delete(seats).where(inUuids(seats.id, ids)).returning({ id: seats.id });
    return rows.length;
  }

  /** Records a registration: the seat idle from now (unless it was already registered). */
  async bindSeat(id: string, b: SeatBinding, now: Date): Promise<SeatRow | undefined> {
    const [row] = await this.x
      .update(seats)
      .set({
        contact: b.contact,
        contactHost: b.host,
        contactPort: b.port,
        contactTransport: b.transport,
        registerCallId: b.callId,
        registerCseq: b.cseq,
        expiresAt: b.expiresAt,
        userAgent: b.userAgent,
        state: sql`case when ${seats.state} = 'offline' then 'idle' else ${seats.state} end`,
        stateSince: sql`case when ${seats.state} = 'offline' then ${now.toISOString()}::timestamptz else ${seats.stateSince} end`,
      })
      .where(eq(seats.id, id))
      .returning();
    return row;
  }

  /** Removes a seat's registration: offline from now. */
  async unbindSeat(id: string, now: Date): Promise<SeatRow | undefined> {
    const [row] = await this.x
      .update(seats)
      .set({
        contact: null,
        contactHost: null,
        contactPort: null,
        contactTransport: null,
        registerCallId: null,
        registerCseq: null,
        expiresAt: null,
        userAgent: null,
        state: 'offline',
        stateSince: now,
      })
      .where(eq(seats.id, id))
      .returning();
    return row;
  }

  /** Seats whose registration ran out by `now` (they go offline). */
  expiredSeats(now: Date, max: number): Promise<{ id: string }[]> {
    return this.x
      .select({ id: seats.id })
      .from(seats)
      .where(and(isNotNull(seats.expiresAt), lte(seats.expiresAt, now)))
      .limit(max);
  }

  /** Offline, as unbindSeat, only if its registration has still run out (not renewed meanwhile). */
  async expireSeat(id: string, now: Date): Promise<SeatRow | undefined> {
    const [row] = await this.x
      .update(seats)
      .set({
        contact: null,
        contactHost: null,
        contactPort: null,
        contactTransport: null,
        registerCallId: null,
        registerCseq: null,
        expiresAt: null,
        userAgent: null,
        state: 'offline',
        stateSince: now,
      })
      .where(and(eq(seats.id, id), isNotNull(seats.expiresAt), lte(seats.expiresAt, now)))
      .returning();
    return row;
  }

  // --- memberships ---

  /** The groups of these seats (id and name). */
  groupsOfSeats(seatIds: readonly string[]): Promise<{ seatId: string; id: string; name: string }[]> {
    if (seatIds.length === 0) return Promise.resolve([]);
    return this.x
      .select({ seatId: seatGroupMembers.seatId, id: seatGroups.id, name: seatGroups.name })
      .from(seatGroupMembers)
      .innerJoin(seatGroups, eq(seatGroups.id, seatGroupMembers.groupId))
      .where(inUuids(seatGroupMembers.seatId, seatIds))
      .orderBy(asc(seatGroups.name));
  }

  /** The seats of these groups. */
  seatsOfGroups(
    groupIds: readonly string[],
  ): Promise<{ groupId: string; id: string; jobNumber: string; name: string }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.x
      .select({
        groupId: seatGroupMembers.groupId,
        id: seats.id,
        jobNumber: seats.jobNumber,
        name: seats.name,
      })
      .from(seatGroupMembers)
      .innerJoin(seats, eq(seats.id, seatGroupMembers.seatId))
      .where(inUuids(seatGroupMembers.groupId, groupIds))
      .orderBy(asc(seats.jobNumber));
  }

  async setGroupsOfSeat(seatId: string, groupIds: readonly string[]): Promise<void> {
    await this.x.delete(seatGroupMembers).where(eq(seatGroupMembers.seatId, seatId));
    if (groupIds.length > 0)
      await this.x.insert(seatGroupMembers).values(groupIds.map((groupId) => ({ groupId, seatId })));
  }

  async setSeatsOfGroup(groupId: string, seatIds: readonly string[]): Promise<void> {
    await this.x.delete(seatGroupMembers).where(eq(seatGroupMembers.groupId, groupId));
    if (seatIds.length > 0)
      await this.x.insert(seatGroupMembers).values(seatIds.map((seatId) => ({ groupId, seatId })));
  }

  // --- seat groups ---

  async countGroups(scope: DataScope, f: NamedFilters): Promise<number> {
    return count(
      await this.x
        .select({ total: sql<number>`count(*)::int` })
        .from(seatGroups)
        .where(namedWhere(seatGroups, scope, f)),
    );
  }

  listGroups(scope: DataScope, f: NamedFilters, limit: number, offset: number): Promise<SeatGroupRow[]> {
    return this.x
      .select()
      .from(seatGroups)
      .where(namedWhere(seatGroups, scope, f))
      .orderBy(...orderByOf(f, GROUP_SORTABLE, [desc(seatGroups.createdAt), asc(seatGroups.id)]))
      .limit(limit)
      .offset(offset);
  }

  async group(id: string): Promise<SeatGroupRow | undefined> {
    const [row] = await this.x.select().from(seatGroups).where(eq(seatGroups.id, id));
    return row;
  }

  groupsByIds(ids: readonly string[]): Promise<SeatGroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.x.select().from(seatGroups).where(inUuids(seatGroups.id, ids));
  }

  async insertGroup(values: SeatGroupValues): Promise<SeatGroupRow> {
    const [row] = await this.x.insert(seatGroups).values(values).returning();
    return row!;
  }

  async updateGroup(id: string, values: Partial<SeatGroupValues>): Promise<SeatGroupRow | undefined> {
    const [row] = await this.x
      .update(seatGroups)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(seatGroups.id, id))
      .returning();
    return row;
  }

  async deleteGroups(ids: string[]): Promise<number> {
    const rows = await this.x
      .delete(seatGroups)
      .where(inUuids(seatGroups.id, ids))
      .returning({ id: seatGroups.id });
    return rows.length;
  }

  // --- call results ---

  async countResults(scope: DataScope, f: NamedFilters): Promise<number> {
    return count(
      await this.x
        .select({ total: sql<number>`count(*)::int` })
        .from(callResults)
        .where(namedWhere(callResults, scope, f)),
    );
  }

  listResults(scope: DataScope, f: NamedFilters, limit: number, offset: number): Promise<CallResultRow[]> {
    return this.x
      .select()
      .from(callResults)
      .where(namedWhere(callResults, scope, f))
      .orderBy(
        ...orderByOf(f, RESULT_SORTABLE, [asc(callResults.sort), asc(callResults.name), asc(callResults.id)]),
      )
      .limit(limit)
      .offset(offset);
  }

  async result(id: string): Promise<CallResultRow | undefined> {
    const [row] = await this.x.select().from(callResults).where(eq(callResults.id, id));
    return row;
  }

  resultsByIds(ids: readonly string[]): Promise<CallResultRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.x.select().from(callResults).where(inUuids(callResults.id, ids));
  }

  async insertResult(values: CallResultValues): Promise<CallResultRow> {
    const [row] = await this.x.insert(callResults).values(values).returning();
    return row!;
  }

  async updateResult(id: string, values: Partial<CallResultValues>): Promise<CallResultRow | undefined> {
    const [row] = await this.x
      .update(callResults)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(callResults.id, id))
      .returning();
    return row;
  }

  async deleteResults(ids: string[]): Promise<number> {
    const rows = await this.x
      .delete(callResults)
      .where(inUuids(callResults.id, ids))
      .returning({ id: callResults.id });
    return rows.length;
  }

  // --- call lists ---

  async countLists(scope: DataScope, f: NamedFilters): Promise<number> {
    return count(
      await this.x
        .select({ total: sql<number>`count(*)::int` })
        .from(callLists)
        .where(namedWhere(callLists, scope, f)),
    );
  }

  listLists(scope: DataScope, f: NamedFilters, limit: number, offset: number): Promise<CallListRow[]> {
    return this.x
      .select()
      .from(callLists)
      .where(namedWhere(callLists, scope, f))
      .orderBy(...orderByOf(f, LIST_SORTABLE, [desc(callLists.createdAt), asc(callLists.id)]))
      .limit(limit)
      .offset(offset);
  }

  async list(id: string): Promise<CallListRow | undefined> {
    const [row] = await this.x.select().from(callLists).where(eq(callLists.id, id));
    return row;
  }

  listsByIds(ids: readonly string[]): Promise<CallListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.x.select().from(callLists).where(inUuids(callLists.id, ids));
  }

  async insertList(values: CallListValues): Promise<CallListRow> {
    const [row] = await this.x.insert(callLists).values(values).returning();
    return row!;
  }

  async updateList(id: string, values: Partial<CallListValues>): Promise<CallListRow | undefined> {
    const [row] = await this.x
      .update(callLists)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(callLists.id, id))
      .returning();
    return row;
  }

  async deleteLists(ids: string[]): Promise<number> {
    const rows = await this.x
      .delete(callLists)
      .where(inUuids(callLists.id, ids))
      .returning({ id: callLists.id });
    return rows.length;
  }

  async insertNumbers(values: CallListNumberValues[]): Promise<void> {
    for (let i = 0; i < values.length; i += CHUNK)
      await this.x.insert(callListNumbers).values(values.slice(i, i + CHUNK));
  }

  /** The count of each state's numbers, per list. */
  stateCounts(
    listIds: readonly string[],
  ): Promise<{ listId: string; state: CallListNumberState; total: number }[]> {
    if (listIds.length === 0) return Promise.resolve([]);
    return this.x
      .select({
        listId: callListNumbers.listId,
        state: callListNumbers.state,
        total: sql<number>`count(*)::int`,
      })
      .from(callListNumbers)
      .where(inUuids(callListNumbers.listId, listIds))
      .groupBy(callListNumbers.listId, callListNumbers.state);
  }

  private numberWhere(listId: string, f: NumberFilters): SQL | undefined {
    return and(
      eq(callListNumbers.listId, listId),
      f.number ? ilike(callListNumbers.number, likeText(f.number)) : undefined,
      f.state ? eq(callListNumbers.state, f.state) : undefined,
    );
  }

  async countNumbers(listId: string, f: NumberFilters): Promise<number> {
    return count(
      await this.x
        .select({ total: sql<number>`count(*)::int` })
        .from(callListNumbers)
        .where(this.numberWhere(listId, f)),
    );
  }

  pageNumbers(
    listId: string,
    f: NumberFilters,
    limit: number,
    offset: number,
  ): Promise<(CallListNumberRow & { resultName: string | null })[]> {
    return this.x
      .select({
        id: callListNumbers.id,
        listId: callListNumbers.listId,
        number: callListNumbers.number,
        position: callListNumbers.position,
        name: callListNumbers.name,
        notes: callListNumbers.notes,
        extra: callListNumbers.extra,
        state: callListNumbers.state,
        attempts: callListNumbers.attempts,
        redialAt: callListNumbers.redialAt,
        lastCalledAt: callListNumbers.lastCalledAt,
        resultId: callListNumbers.resultId,
        resultName: callResults.name,
      })
      .from(callListNumbers)
      .leftJoin(callResults, eq(callResults.id, callListNumbers.resultId))
      .where(this.numberWhere(listId, f))
      .orderBy(...orderByOf(f, NUMBER_SORTABLE, [asc(callListNumbers.position), asc(callListNumbers.id)]))
      .limit(limit)
      .offset(offset);
  }

  // --- outbound tasks ---

  private taskWhere(scope: DataScope, f: TaskFilters): SQL | undefined {
    return and(namedWhere(outboundTasks, scope, f), f.state ? eq(outboundTasks.state, f.state) : undefined);
  }

  async countTasks(scope: DataScope, f: TaskFilters): Promise<number> {
    return count(
      await this.x
        .select({ total: sql<number>`count(*)::int` })
        .from(outboundTasks)
        .where(this.taskWhere(scope, f)),
    );
  }

  listTasks(scope: DataScope, f: TaskFilters, limit: number, offset: number): Promise<OutboundTaskRow[]> {
    return this.x
      .select()
      .from(outboundTasks)
      .where(this.taskWhere(scope, f))
      .orderBy(...orderByOf(f, TASK_SORTABLE, [desc(outboundTasks.createdAt), asc(outboundTasks.id)]))
      .limit(limit)
      .offset(offset);
  }

  async task(id: string): Promise<OutboundTaskRow | undefined> {
    const [row] = await this.x.select().from(outboundTasks).where(eq(outboundTasks.id, id));
    return row;
  }

  /** A task by id, locked for its state change. */
  async taskForUpdate(id: string): Promise<OutboundTaskRow | undefined> {
    const [row] = await this.x.select().from(outboundTasks).where(eq(outboundTasks.id, id)).for('update');
    return row;
  }

  tasksByIds(ids: readonly string[]): Promise<OutboundTaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.x.select().from(outboundTasks).where(inUuids(outboundTasks.id, ids));
  }

  /** Tasks of these lists or seat groups (what keeps them from being deleted). */
  tasksUsing(by: { listIds?: readonly string[]; groupIds?: readonly string[] }): Promise<OutboundTaskRow[]> {
    const conditions = [
      by.listIds?.length ? inUuids(outboundTasks.callListId, by.listIds) : undefined,
      by.groupIds?.length ? inUuids(outboundTasks.seatGroupId, by.groupIds) : undefined,
    ].filter((c) => c !== undefined);
    if (conditions.length === 0) return Promise.resolve([]);
    return this.x
      .select()
      .from(outboundTasks)
      .where(or(...conditions));
  }

  async insertTask(values: OutboundTaskValues): Promise<OutboundTaskRow> {
    const [row] = await this.x.insert(outboundTasks).values(values).returning();
    return row!;
  }

  async updateTask(id: string, values: Partial<OutboundTaskValues>): Promise<OutboundTaskRow | undefined> {
    const [row] = await this.x
      .update(outboundTasks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(outboundTasks.id, id))
      .returning();
    return row;
  }

  async deleteTasks(ids: string[]): Promise<number> {
    const rows = await this.x
      .delete(outboundTasks)
      .where(inUuids(outboundTasks.id, ids))
      .returning({ id: outboundTasks.id });
    return rows.length;
  }
}

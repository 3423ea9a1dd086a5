import type { Department } from '@switchboard/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { inUuids } from '../../platform/sql';
import { departments, userDepartments } from './schema';

export type DepartmentValues = typeof departments.$inferInsert;
export type DepartmentRow = typeof departments.$inferSelect;

/** A department as the console shows it: its agent's name and its own members' count. */
export type DepartmentListRow = DepartmentRow & { agentName: string | null; userCount: number };

/** A department as a user's row shows it. */
export interface UserDepartment {
  id: string;
  orgCode: string;
  name: string;
  nameZh: string | null;
}

const memberCount = sql<number>`(select count(*)::int from ${userDepartments} where ${userDepartments.departmentId} = ${departments.id})`;

/** SQL of departments and who belongs to them. */
export class DepartRepo {
  constructor(private readonly db: Db) {}

  forUser(userId: string): Promise<Department[]> {
    return executor(this.db)
      .select({
        id: departments.id,
        departName: departments.departName,
        departNameZh: departments.departNameZh,
        orgCode: departments.orgCode,
        parentId: departments.parentId,
        agentId: departments.agentId,
      })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(eq(userDepartments.userId, userId))
      .orderBy(asc(departments.sortNo), asc(departments.orgCode));
  }

  /** Every department (the tree is small: an organisation's, not a table of traffic); no agent names. */
  all(): Promise<(DepartmentRow & { userCount: number })[]> {
    return executor(this.db)
      .select({
        id: departments.id,
        parentId: departments.parentId,
        departName: departments.departName,
        departNameZh: departments.departNameZh,
        orgCode: departments.orgCode,
        agentId: departments.agentId,
        sortNo: departments.sortNo,
        createdAt: departments.createdAt,
        userCount: memberCount,
      })
      .from(departments)
      .orderBy(asc(departments.sortNo), asc(departments.orgCode));
  }

  /** Every membership (which users belong to which department). */
  memberships(): Promise<{ departmentId: string; userId: string }[]> {
    return executor(this.db)
      .select({ departmentId: userDepartments.departmentId, userId: userDepartments.userId })
      .from(userDepartments);
  }

  /** The members of a department (their ids). */
  async memberIds(departmentId: string): Promise<string[]> {
    const rows = await executor(this.db)
      .select({ userId: userDepartments.userId })
      .from(userDepartments)
      .where(eq(userDepartments.departmentId, departmentId));
    return rows.map((r) => r.userId);
  }

  /** Departments of each user, with both names (users without any are absent). */
  async ofUsers(userIds: string[]): Promise<Map<string, UserDepartment[]>> {
    const byUser = new Map<string, UserDepartment[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor(this.db)
      .select({
        userId: userDepartments.userId,
        id: departments.id,
        orgCode: departments.orgCode,
        name: departments.departName,
        nameZh: departments.departNameZh,
      })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(inUuids(userDepartments.userId, userIds))
      .orderBy(asc(departments.orgCode));
    for (const { userId, ...d } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), d]);
    return byUser;
  }

  /** Makes the user a member of exactly these departments. */
  async setMembership(userId: string, departIds: string[]) {
    await executor(this.db).delete(userDepartments).where(eq(userDepartments.userId, userId));
    if (departIds.length > 0)
      await executor(this.db)
        .insert(userDepartments)
        .values(departIds.map((departmentId) => ({ userId, departmentId })))
        .onConflictDoNothing();
  }

  async find(id: string): Promise<DepartmentRow | undefined> {
    const [row] = await executor(this.db).select().from(departments).where(eq(departments.id, id)).limit(1);
    return row;
  }

  byIds(ids: string[]): Promise<DepartmentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor(this.db).select().from(departments).where(inUuids(departments.id, ids));
  }

  byOrgCodes(codes: string[]): Promise<DepartmentRow[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return executor(this.db)
      .select()
      .from(departments)
      .where(inArray(departments.orgCode, [...new Set(codes)]));
  }

  /** Org codes starting with `prefix` (the candidates for a new sibling's code). */
  async codesStartingWith(prefix: string): Promise<Set<string>> {
    const rows = await executor(this.db)
      .select({ orgCode: departments.orgCode })
      .from(departments)
      .where(sql`left(${departments.orgCode}, ${prefix.length}) = ${prefix}`);
    return new Set(rows.map((r) => r.orgCode));
  }

  async insert(values: DepartmentValues): Promise<{ id: string }> {
    const [row] = await executor(this.db)
      .insert(departments)
      .values(values)
      .returning({ id: departments.id });
    return row!;
  }

  async update(id: string, values: Partial<DepartmentValues>): Promise<boolean> {
    const rows = await executor(this.db)
      .update(departments)
      .set(values)
      .where(eq(departments.id, id))
      .returning({ id: departments.id });
    return rows.length > 0;
  }

  /** Deletes these departments in one statement (a parent and its child may go together). */
  async deleteAll(ids: string[]): Promise<number> {
    const rows = await executor(this.db)
      .delete(departments)
      .where(inUuids(departments.id, ids))
      .returning({ id: departments.id });
    return rows.length;
  }

  /** Sub-departments of these, other than those among them. */
  async childrenOutside(ids: string[]): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(*)::int` })
      .from(departments)
      .where(and(inUuids(departments.parentId, ids), sql`not (${inUuids(departments.id, ids)})`));
    return Number(row?.n ?? 0);
  }

  /** Users who are members of any of these departments. */
  async memberCount(ids: string[]): Promise<number> {
    const [row] = await executor(this.db)
      .select({ n: sql<number>`count(distinct ${userDepartments.userId})::int` })
      .from(userDepartments)
      .where(inUuids(userDepartments.departmentId, ids));
    return Number(row?.n ?? 0);
  }

  /** The department of an agent-type company (the one carrying its id as agentId). */
  async findByAgent(agentId: string): Promise<{ id: string } | undefined> {
    const [row] = await executor(this.db)
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.agentId, agentId))
      .orderBy(departments.createdAt)
      .limit(1);
    return row;
  }

  async insertIfMissing(values: DepartmentValues) {
    await executor(this.db).insert(departments).values(values).onConflictDoNothing();
  }

  async existsOrgCode(orgCode: string, excludeId?: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.orgCode, orgCode), excludeId ? ne(departments.id, excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async addUser(userId: string, departmentId: string) {
    await executor(this.db).insert(userDepartments).values({ userId, departmentId }).onConflictDoNothing();
  }
}

import type { Department } from '@switchboard/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { departments, userDepartments } from './schema';

export type DepartmentValues = typeof departments.$inferInsert;

/** SQL of departments and who belongs to them. */
export class DepartRepo {
  constructor(private readonly db: Db) {}

  forUser(userId: string): Promise<Department[]> {
    return executor(this.db)
      .select({
        id: departments.id,
        departName: departments.departName,
        orgCode: departments.orgCode,
        parentId: departments.parentId,
        agentId: departments.agentId,
      })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(eq(userDepartments.userId, userId))
      .orderBy(asc(departments.sortNo), asc(departments.orgCode));
  }

  async insert(values: DepartmentValues): Promise<{ id: string }> {
    const [row] = await executor(this.db)
      .insert(departments)
      .values(values)
      .returning({ id: departments.id });
    return row!;
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

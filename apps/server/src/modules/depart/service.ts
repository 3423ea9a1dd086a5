import type { Department } from '@switchboard/contracts';
import { asc, eq } from 'drizzle-orm';
import { departments, userDepartments } from '../../db/schema';
import type { Db } from '../../platform/db';

export async function listUserDepartments(db: Db, userId: string): Promise<Department[]> {
  return db
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

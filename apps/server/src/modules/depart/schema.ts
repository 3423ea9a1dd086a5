import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';
import { companies } from '../company/schema';
import { users } from '../user/schema';

export const departments = pgTable(
  'departments',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => departments.id),
    departName: varchar('depart_name', { length: 128 }).notNull(),
    departNameZh: varchar('depart_name_zh', { length: 128 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    /** Agent company this department belongs to: its users get the agent home. */
    agentId: uuid('agent_id').references(() => companies.id),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('departments_org_code_uq').on(t.orgCode),
    index('departments_parent_idx').on(t.parentId),
  ],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] })],
);

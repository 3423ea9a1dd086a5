import { pageOf, pageQuerySchema } from '@switchboard/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginLog, operationLog } from '../../db/schema';
import { ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';

const logQuery = pageQuerySchema.extend({
  username: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

function period(column: PgColumn, from?: Date, to?: Date) {
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
}

export function logRoutes(app: FastifyInstance, { db }: Services) {
  app.get(
    '/sys/log/loginLog',
    { config: { access: { permission: 'system:loginLog:list' } } },
    async (request) => {
      const q = parse(request, logQuery, request.query);
      const where = and(
        q.username ? eq(loginLog.username, q.username) : undefined,
        period(loginLog.createdAt, q.from, q.to),
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(loginLog)
        .where(where);
      const records = await db
        .select()
        .from(loginLog)
        .where(where)
        .orderBy(desc(loginLog.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return ok(request, pageOf(records, Number(total), q));
    },
  );

  app.get(
    '/sys/log/operationLog',
    { config: { access: { permission: 'system:operationLog:list' } } },
    async (request) => {
      const q = parse(request, logQuery, request.query);
      const where = and(
        q.username ? eq(operationLog.username, q.username) : undefined,
        period(operationLog.createdAt, q.from, q.to),
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(operationLog)
        .where(where);
      const records = await db
        .select()
        .from(operationLog)
        .where(where)
        .orderBy(desc(operationLog.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return ok(request, pageOf(records, Number(total), q));
    },
  );
}

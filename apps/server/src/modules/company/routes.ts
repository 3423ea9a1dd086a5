import { COMPANY_TYPES, pageOf, pageQuerySchema } from '@switchboard/contracts';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companies } from '../../db/schema';
import { requireAuth } from '../../platform/auth';
import { AppError, ok, parse } from '../../platform/envelope';
import { dataScopeOf, inScope, scopeCondition } from '../../platform/scope';
import { likeText } from '../../platform/sql';
import type { Services } from '../../services';
import { isValidIpRule } from '../auth/ip-whitelist';

const listQuery = pageQuerySchema.extend({
  name: z.string().max(128, 'FIELD_TOO_LONG').optional(),
  type: z.enum(COMPANY_TYPES).optional(),
});

const whitelistBody = z.object({
  companyId: z.string().uuid('FIELD_INVALID'),
  rules: z.array(z.string().trim().min(1).max(64, 'FIELD_TOO_LONG')).max(100),
});

export function companyRoutes(app: FastifyInstance, { db }: Services) {
  /** Companies the caller may see: all for staff, own subtree for resellers, own for customers. */
  app.get('/sys/company/list', { config: { access: { permission: 'company:list' } } }, async (request) => {
    const me = requireAuth(request);
    const q = parse(request, listQuery, request.query);
    const scope = await dataScopeOf(db, me);
    const where = and(
      scopeCondition(scope, companies.id),
      q.name ? ilike(companies.name, likeText(q.name)) : undefined,
      q.type ? eq(companies.type, q.type) : undefined,
    );
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(where);
    const records = await db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        approvalStatus: companies.approvalStatus,
        parentCompanyId: companies.parentCompanyId,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return ok(request, pageOf(records, Number(total), q));
  });

  app.put(
    '/sys/company/ipWhitelist',
    { config: { access: { permission: 'company:ipWhitelist' } } },
    async (request) => {
      const me = requireAuth(request);
      const { companyId, rules } = parse(request, whitelistBody, request.body);
      if (!inScope(await dataScopeOf(db, me), companyId)) throw new AppError('NO_OPERATION_PERMISSION', 403);
      const bad = rules.find((r) => !isValidIpRule(r));
      if (bad !== undefined) throw new AppError('IP_RULE_INVALID', 400, { value: bad.slice(0, 64) });
      const unique = [...new Set(rules)];
      const updated = await db
        .update(companies)
        .set({ ipWhitelist: unique, updatedAt: new Date() })
        .where(eq(companies.id, companyId))
        .returning({ id: companies.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', 404);
      return ok(request, { rules: unique });
    },
  );
}

import { type Brand, brandInputSchema, DEFAULT_BRAND, pageOf, pageQuerySchema } from '@switchboard/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { brands } from '../../db/schema';
import { AppError, ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';

const domainQuery = z.object({
  customerDomain: z.string().trim().toLowerCase().max(253, 'FIELD_TOO_LONG').optional(),
});
const idQuery = z.object({ id: z.string().uuid('FIELD_INVALID') });
const editBody = z.object({ id: z.string().uuid('FIELD_INVALID') }).and(brandInputSchema);
const perm = (action: string) => ({ access: { permission: `system:brand:${action}` } });

/** Unique violations (a second brand for a domain) become a clear message. */
function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export function brandRoutes(app: FastifyInstance, { db }: Services) {
  /** The brand of the visiting domain; unknown domains get the default brand. */
  app.get('/sys/customerBrand', { config: { access: 'public' } }, async (request) => {
    const { customerDomain } = parse(request, domainQuery, request.query);
    const host = customerDomain || request.hostname.split(':')[0]?.toLowerCase() || '';
    const [row] = await db.select().from(brands).where(eq(brands.domain, host)).limit(1);
    const brand: Brand = row
      ? {
          brandName: row.brandName,
          platformLogo: row.logo,
          isMainBrand: row.isMainBrand,
          hideRecharge: row.hideRecharge,
          hideLanguage: row.hideLanguage,
        }
      : DEFAULT_BRAND;
    return ok(request, brand);
  });

  app.get('/sys/brand/list', { config: perm('list') }, async (request) => {
    const q = parse(request, pageQuerySchema, request.query);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(brands);
    const records = await db
      .select()
      .from(brands)
      .orderBy(asc(brands.domain))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return ok(request, pageOf(records, Number(total), q));
  });

  app.post('/sys/brand/add', { config: perm('add') }, async (request) => {
    const input = parse(request, brandInputSchema, request.body);
    try {
      const [row] = await db.insert(brands).values(input).returning();
      return ok(request, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('BRAND_DOMAIN_EXISTS', 409);
      throw error;
    }
  });

  app.put('/sys/brand/edit', { config: perm('edit') }, async (request) => {
    const { id, ...input } = parse(request, editBody, request.body);
    try {
      const [row] = await db
        .update(brands)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(brands.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 404);
      return ok(request, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('BRAND_DOMAIN_EXISTS', 409);
      throw error;
    }
  });

  app.delete('/sys/brand/delete', { config: perm('delete') }, async (request) => {
    const { id } = parse(request, idQuery, request.query);
    const deleted = await db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 404);
    return ok(request, null);
  });
}

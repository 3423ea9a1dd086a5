import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { companies, departments, dictionaries, roles, users } from '../../db/schema';
import { requireAuth } from '../../platform/auth';
import { AppError, ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';

interface Checkable {
  table: PgTable;
  column: PgColumn;
  id: PgColumn;
  /** Compare case-insensitively (names people type). */
  caseInsensitive?: boolean;
  /** Answered without a session: the sign-up form checks these. Everything else needs one. */
  signUp?: boolean;
  /** Phone numbers are stored in E.164: compare the number the way sign-up will store it. */
  phone?: boolean;
}

/** The only table/field pairs that can be checked: SQL is never built from the request. */
const CHECKABLE: Record<string, Record<string, Checkable>> = {
  sys_user: {
    username: { table: users, column: users.username, id: users.id, signUp: true },
    phone: { table: users, column: users.phone, id: users.id, signUp: true, phone: true },
    email: { table: users, column: users.email, id: users.id, caseInsensitive: true, signUp: true },
  },
  sys_company: {
    name: { table: companies, column: companies.name, id: companies.id, caseInsensitive: true, signUp: true },
    email: { table: companies, column: companies.email, id: companies.id, caseInsensitive: true },
    phone: { table: companies, column: companies.phone, id: companies.id },
  },
  sys_depart: { org_code: { table: departments, column: departments.orgCode, id: departments.id } },
  sys_role: { role_code: { table: roles, column: roles.roleCode, id: roles.id } },
  sys_dict: { dict_code: { table: dictionaries, column: dictionaries.dictCode, id: dictionaries.id } },
};

const querySchema = z.object({
  tableName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldVal: z.string().max(256, 'FIELD_TOO_LONG').optional(),
  dataId: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  /** For national phone numbers: the ISO country they belong to (as sign-up accepts). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
    .optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function duplicateRoutes(app: FastifyInstance, { db }: Services) {
  // Public for the sign-up form, so limited like sign-in: it must not become a way to list accounts.
  const rateLimit = { max: 60, timeWindow: '1 minute' };
  app.get('/sys/duplicate/check', { config: { access: 'public', rateLimit } }, async (request) => {
    const q = parse(request, querySchema, request.query);
    const target = Object.hasOwn(CHECKABLE, q.tableName) ? CHECKABLE[q.tableName]?.[q.fieldName] : undefined;
    if (!target || !Object.hasOwn(CHECKABLE[q.tableName] ?? {}, q.fieldName)) {
      throw new AppError('DUPLICATE_NOT_ALLOWED', 400);
    }
    if (!target.signUp) requireAuth(request);
    let value = q.fieldVal?.trim() ?? '';
    if (target.phone && value) {
      // A number that is not valid yet cannot be taken; the form says what is wrong with it.
      value = parsePhoneNumberFromString(value, q.country as CountryCode | undefined)?.number ?? '';
    }
    if (!value) return ok(request, null, 'DUPLICATE_OK');
    const match = target.caseInsensitive
      ? sql`lower(${target.column}) = lower(${value})`
      : eq(target.column, value);
    const excludeSelf = q.dataId && UUID.test(q.dataId) ? ne(target.id, q.dataId) : undefined;
    const found = await db
      .select({ id: target.id })
      .from(target.table)
      .where(and(match, excludeSelf))
      .limit(1);
    if (found.length > 0) throw new AppError('DUPLICATE_EXISTS', 400);
    return ok(request, null, 'DUPLICATE_OK');
  });
}

import { randomBytes } from 'node:crypto';
import { type ErrorCode, registerSchema, translateError } from '@switchboard/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { companies, departments, roles, userDepartments, userRoles, users } from '../../db/schema';
import { AppError, ok, parse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import { hashPassword } from '../../platform/passwords';
import type { Services } from '../../services';

/**
 * A company signs up: company (waiting for approval), its department and its first user (a
 * customer), in one transaction. The user cannot sign in before the company is approved.
 */
export function registrationRoutes(app: FastifyInstance, { db, config }: Services) {
  app.post(
    '/sys/user/register',
    { config: { access: 'public', rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } } },
    async (request) => {
      const input = parse(request, registerSchema, request.body);
      const phone = parsePhoneNumberFromString(input.phone, input.country as CountryCode | undefined);
      if (!phone?.isValid()) {
        throw new AppError('VALIDATION_FAILED', 400, {}, null, [
          { field: 'phone', message: problem(request, 'PHONE_INVALID') },
        ]);
      }
      const e164 = phone.number;
      const conflicts: {
        field: string;
        code: 'COMPANY_EXISTS' | 'USERNAME_EXISTS' | 'PHONE_EXISTS' | 'EMAIL_EXISTS';
      }[] = [];
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`lower(${companies.name}) = lower(${input.companyName})`)
        .limit(1);
      if (company) conflicts.push({ field: 'companyName', code: 'COMPANY_EXISTS' });
      const taken = await db
        .select({ username: users.username, phone: users.phone, email: users.email })
        .from(users)
        .where(
          or(
            eq(users.username, input.username),
            eq(users.phone, e164),
            sql`lower(${users.email}) = ${input.email}`,
          ),
        );
      if (taken.some((u) => u.username === input.username))
        conflicts.push({ field: 'username', code: 'USERNAME_EXISTS' });
      if (taken.some((u) => u.phone === e164)) conflicts.push({ field: 'phone', code: 'PHONE_EXISTS' });
      if (taken.some((u) => u.email?.toLowerCase() === input.email))
        conflicts.push({ field: 'email', code: 'EMAIL_EXISTS' });
      if (conflicts.length > 0) {
        throw new AppError(
          conflicts[0]!.code,
          409,
          {},
          null,
          conflicts.map((c) => ({ field: c.field, message: problem(request, c.code) })),
        );
      }
      const passwordHash = await hashPassword(input.password);
      const result = await db
        .transaction(async (tx) => {
          const [newCompany] = await tx
            .insert(companies)
            .values({
              name: input.companyName,
              type: 'direct',
              approvalStatus: 'waiting',
              contactName: input.contactName,
              phone: e164,
              email: input.email,
            })
            .returning({ id: companies.id });
          const orgCode = `C${randomBytes(5).toString('hex').toUpperCase()}`;
          const [department] = await tx
            .insert(departments)
            .values({ departName: input.companyName, orgCode })
            .returning({ id: departments.id });
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              realname: input.contactName,
              passwordHash,
              phone: e164,
              email: input.email,
              companyId: newCompany!.id,
              orgCode,
            })
            .returning({ id: users.id });
          const [customerRole] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(eq(roles.roleCode, 'customer'));
          await tx.insert(userRoles).values({ userId: user!.id, roleId: customerRole!.id });
          await tx.insert(userDepartments).values({ userId: user!.id, departmentId: department!.id });
          return { companyId: newCompany!.id, username: input.username, email: input.email };
        })
        .catch((error: unknown) => {
          // A concurrent sign-up took the name, username, phone or email after the checks above.
          const conflict = uniqueConflict(error);
          if (!conflict) throw error;
          throw new AppError(conflict.code, 409, {}, null, [
            { field: conflict.field, message: problem(request, conflict.code) },
          ]);
        });
      return ok(request, { ...result, approvalStatus: 'waiting' }, 'REGISTERED');
    },
  );
}

function problem(request: FastifyRequest, code: ErrorCode) {
  return translateError(code, requestLocale(request));
}

const UNIQUE_CONSTRAINTS: Record<string, { field: string; code: ErrorCode }> = {
  companies_name_lower_uq: { field: 'companyName', code: 'COMPANY_EXISTS' },
  users_username_uq: { field: 'username', code: 'USERNAME_EXISTS' },
  users_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  users_email_uq: { field: 'email', code: 'EMAIL_EXISTS' },
};

/** The field behind a unique violation (PostgreSQL 23505), from the constraint's name. */
function uniqueConflict(error: unknown): { field: string; code: ErrorCode } | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return UNIQUE_CONSTRAINTS[e.constraint ?? ''];
    e = e.cause as typeof e;
  }
  return undefined;
}

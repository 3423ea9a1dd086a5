import type { ErrorCode, userEditSchema } from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { uniqueViolationOf } from '../../platform/db';
import type { Services } from '../../platform/module';
import { inScope } from '../../platform/scope';
import { RequestValidationError } from '../../platform/validation';
import type { UserRepo, UserValues } from './repo';

/** A rule a field breaks (taken, malformed), as the code of its message. */
export interface FieldRuleProblem {
  field: string;
  code: ErrorCode;
  params?: Record<string, string | number>;
}

/** Refuses with every problem on its field (400 VALIDATION_FAILED, in the caller's language). */
export function refuse(problems: FieldRuleProblem[]): never {
  throw new RequestValidationError(
    problems.map((p) => ({
      code: 'custom' as const,
      path: [p.field],
      message: p.code,
      input: undefined,
      ...(p.params ? { params: p.params } : {}),
    })),
  );
}

/** The unique indexes of users and the field each guards. */
export const UNIQUE_FIELDS: Record<string, FieldRuleProblem> = {
  users_username_uq: { field: 'username', code: 'USERNAME_EXISTS' },
  users_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  users_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
};

/** A phone as stored (E.164), or undefined when it is no valid number (for its country). */
export function phoneE164(phone: string, country: string | undefined): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The fields of a user as a caller gives them (add, edit, import). */
export type UserFields = Omit<z.output<typeof userEditSchema>, 'id'>;

/** A unique index refused the write (a concurrent request took the value after the checks). */
export async function guardedUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const conflict = UNIQUE_FIELDS[uniqueViolationOf(error) ?? ''];
    if (conflict) refuse([conflict]);
    throw error;
  }
}

/** The rules a user's fields must keep: well formed, free, known and in the caller's scope. */
export class UserFieldRules {
  constructor(
    private readonly repo: UserRepo,
    private readonly services: Pick<Services, 'companies' | 'countries' | 'departs' | 'roles'>,
  ) {}

  /**
   * Whether a username, phone or e-mail is free (for another user than `excludeId`), or the code
   * of why not: taken, or not well formed. The phone is compared as stored (E.164).
   */
  async checkUnique(
    field: 'username' | 'phone' | 'email',
    value: string,
    country: string | undefined,
    excludeId?: string,
  ): Promise<ErrorCode | null> {
    if (field === 'phone') {
      const phone = phoneE164(value, country);
      if (!phone) return 'PHONE_INVALID';
      return (await this.repo.isTaken('phone', phone, excludeId)) ? 'PHONE_EXISTS' : null;
    }
    if (field === 'email') {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'EMAIL_INVALID';
      return (await this.repo.isTaken('email', value, excludeId)) ? 'EMAIL_EXISTS' : null;
    }
    return (await this.repo.isTaken('username', value, excludeId)) ? 'USERNAME_EXISTS' : null;
  }

  /**
   * The stored values of a user's fields and every rule they break: phone well formed (for the
   * country) and free, e-mail free, country known, company in the caller's scope (a caller below
   * the platform must name one), roles known and none the caller does not hold itself (below the
   * platform), departments known.
   */
  async checkFields(
    auth: AuthContext,
    input: UserFields & { username?: string },
    excludeId?: string,
  ): Promise<{ values: Partial<UserValues>; problems: FieldRuleProblem[] }> {
    const problems: FieldRuleProblem[] = [];
    const scope = await this.services.companies.dataScopeOf(auth);
    if (input.username) {
      const code = await this.checkUnique('username', input.username, undefined, excludeId);
      if (code) problems.push({ field: 'username', code });
    }
    let phone: string | null = null;
    if (input.phone) {
      const code = await this.checkUnique('phone', input.phone, input.countryCode, excludeId);
      if (code) problems.push({ field: 'phone', code });
      else phone = phoneE164(input.phone, input.countryCode) ?? null;
    }
    if (input.email) {
      const code = await this.checkUnique('email', input.email, undefined, excludeId);
      if (code) problems.push({ field: 'email', code });
    }
    if (input.countryCode && !(await this.countryKnown(input.countryCode)))
      problems.push({
        field: 'countryCode',
        code: 'COUNTRY_UNKNOWN',
        params: { country: input.countryCode },
      });
    const companyId = input.companyId ?? null;
    if (companyId === null ? scope.kind !== 'all' : !inScope(scope, companyId))
      problems.push({ field: 'companyId', code: 'COMPANY_NOT_FOUND' });
    else if (companyId !== null && !(await this.services.companies.find(companyId)))
      problems.push({ field: 'companyId', code: 'COMPANY_NOT_FOUND' });
    const roleOptions = await this.services.roles.roleOptions();
    for (const id of input.roleIds) {
      const role = roleOptions.find((r) => r.id === id);
      const allowed = role && (scope.kind === 'all' || auth.roles.includes(role.roleCode));
      if (!allowed) {
        problems.push({ field: 'roleIds', code: 'ROLE_UNKNOWN', params: { role: role?.roleCode ?? id } });
        break;
      }
    }
    const known = await this.services.departs.existingIds(input.departIds);
    const unknownDepart = input.departIds.find((id) => !known.has(id));
    if (unknownDepart)
      problems.push({ field: 'departIds', code: 'DEPART_UNKNOWN', params: { depart: unknownDepart } });
    return {
      values: {
        realname: input.realname,
        phone,
        email: input.email ?? null,
        countryCode: input.countryCode ?? null,
        companyId,
      },
      problems,
    };
  }

  private async countryKnown(code: string): Promise<boolean> {
    try {
      await this.services.countries.byCode(code);
      return true;
    } catch {
      return false;
    }
  }
}

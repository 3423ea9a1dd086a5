import { randomBytes } from 'node:crypto';
import type { ErrorCode, RegisterPayload } from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { hashPassword } from '../../platform/passwords';

export type SignUpProblem = { field: string; code: ErrorCode };

/** A sign-up refused for reasons a person can fix, field by field. */
export class SignUpRefused extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    readonly status: number,
    readonly problems: SignUpProblem[],
  ) {
    super(errorCode);
  }
}

const UNIQUE_CONSTRAINTS: Record<string, SignUpProblem> = {
  companies_name_lower_uq: { field: 'companyName', code: 'COMPANY_EXISTS' },
  users_username_uq: { field: 'username', code: 'USERNAME_EXISTS' },
  users_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  users_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
  companies_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  companies_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
};

/**
 * A company signs up: company (waiting for approval), its department and its first user (a
 * customer), in one transaction. The user cannot sign in before the company is approved.
 */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly services: Pick<
      Services,
      'captchas' | 'companies' | 'departs' | 'ledger' | 'roles' | 'users'
    >,
    private readonly log: Logger,
  ) {}

  async register(input: RegisterPayload) {
    if (!(await this.services.captchas.consume(input.checkKey, input.captcha))) {
      throw new SignUpRefused('CAPTCHA_INVALID', 400, [{ field: 'captcha', code: 'CAPTCHA_INVALID' }]);
    }
    const phone = parsePhoneNumberFromString(input.phone, input.country as CountryCode | undefined);
    if (!phone?.isValid()) {
      throw new SignUpRefused('VALIDATION_FAILED', 400, [{ field: 'phone', code: 'PHONE_INVALID' }]);
    }
    const e164 = phone.number;
    const { companies, users } = this.services;
    const taken = await Promise.all([
      companies.isTaken('name', input.companyName),
      users.isTaken('username', input.username),
      users.isTaken('phone', e164),
      users.isTaken('email', input.email),
      companies.isTaken('phone', e164),
      companies.isTaken('email', input.email),
    ]);
    const fields = [
      'companies_name_lower_uq',
      'users_username_uq',
      'users_phone_uq',
      'users_email_lower_uq',
      'companies_phone_uq',
      'companies_email_lower_uq',
    ];
    const conflicts = fields
      .flatMap((constraint, i) => (taken[i] ? [UNIQUE_CONSTRAINTS[constraint]!] : []))
      .filter((p, i, all) => all.findIndex((q) => q.field === p.field) === i);
    if (conflicts.length > 0) throw new SignUpRefused(conflicts[0]!.code, 409, conflicts);
    const passwordHash = await hashPassword(input.password);
    try {
      return await withTransaction(
        this.db,
        async () => {
          const company = await companies.create({
            name: input.companyName,
            type: 'direct',
            approvalStatus: 'waiting',
            contactName: input.contactName,
            phone: e164,
            email: input.email,
          });
          await this.services.ledger.openAccounts([company.id]);
          const orgCode = `C${randomBytes(5).toString('hex').toUpperCase()}`;
          const department = await this.services.departs.create({ departName: input.companyName, orgCode });
          const user = await users.create({
            username: input.username,
            realname: input.contactName,
            passwordHash,
            phone: e164,
            email: input.email,
            companyId: company.id,
            orgCode,
          });
          await this.services.roles.assign(user.id, ['customer']);
          await this.services.departs.addUser(user.id, department.id);
          return {
            companyId: company.id,
            username: input.username,
            email: input.email,
            approvalStatus: 'waiting',
          };
        },
        this.log,
      );
    } catch (error) {
      // A concurrent sign-up took the name, username, phone or email after the checks above.
      const conflict = UNIQUE_CONSTRAINTS[uniqueViolationOf(error) ?? ''];
      if (conflict) throw new SignUpRefused(conflict.code, 409, [conflict]);
      throw error;
    }
  }
}

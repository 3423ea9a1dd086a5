import { hasPlatformScope } from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';

/** The services that own the tables checked. */
type Owners = Pick<Services, 'users' | 'companies' | 'departs' | 'roles' | 'dicts'>;

interface Checkable {
  /** Whether the value is taken (by a row other than `excludeId`). */
  taken(services: Owners, value: string, excludeId: string | undefined): Promise<boolean>;
  /** Answered without a session: the sign-up form checks these. */
  signUp?: boolean;
  /** Phone numbers are stored in E.164: compare the number the way sign-up will store it. */
  phone?: boolean;
}

/**
 * The only table/field pairs that can be checked, each answered by the module that owns the
 * table: SQL is never built from the request.
 */
const CHECKABLE: Record<string, Record<string, Checkable>> = {
  sys_user: {
    username: { taken: (s, v, id) => s.users.isTaken('username', v, id), signUp: true },
    phone: { taken: (s, v, id) => s.users.isTaken('phone', v, id), signUp: true, phone: true },
    email: { taken: (s, v, id) => s.users.isTaken('email', v, id), signUp: true },
  },
  sys_company: {
    name: { taken: (s, v, id) => s.companies.isTaken('name', v, id), signUp: true },
    email: { taken: (s, v, id) => s.companies.isTaken('email', v, id) },
    phone: { taken: (s, v, id) => s.companies.isTaken('phone', v, id), phone: true },
  },
  sys_depart: { org_code: { taken: (s, v, id) => s.departs.isOrgCodeTaken(v, id) } },
  sys_role: { role_code: { taken: (s, v, id) => s.roles.isCodeTaken(v, id) } },
  sys_dict: { dict_code: { taken: (s, v, id) => s.dicts.isCodeTaken(v, id) } },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal?: string | undefined;
  dataId?: string | undefined;
  country?: string | undefined;
}

/**
 * "Is this value free?" for forms. The sign-up fields are answered to anyone (rate limited, as
 * sign-up must be able to ask). Every other field is platform-wide administration data: only
 * platform staff may ask, so a customer cannot probe other tenants' e-mails or phones.
 */
export class DuplicateService {
  constructor(private readonly services: Owners) {}

  /** True when the value is free. */
  async isFree(query: DuplicateQuery, auth: AuthContext | null): Promise<boolean> {
    const fields = Object.hasOwn(CHECKABLE, query.tableName) ? CHECKABLE[query.tableName] : undefined;
    const target = fields && Object.hasOwn(fields, query.fieldName) ? fields[query.fieldName] : undefined;
    if (!target) throw new AppError('DUPLICATE_NOT_ALLOWED', 400);
    if (!target.signUp) {
      if (!auth) throw new AppError('UNAUTHORIZED', 401);
      if (!hasPlatformScope(auth.roles)) throw new AppError('NO_OPERATION_PERMISSION', 403);
    }
    let value = query.fieldVal?.trim() ?? '';
    if (target.phone && value) {
      // A number that is not valid yet cannot be taken; the form says what is wrong with it.
      value = parsePhoneNumberFromString(value, query.country as CountryCode | undefined)?.number ?? '';
    }
    if (!value) return true;
    const excludeId = query.dataId && UUID.test(query.dataId) ? query.dataId : undefined;
    return !(await target.taken(this.services, value, excludeId));
  }
}

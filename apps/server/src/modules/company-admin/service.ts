import { randomBytes } from 'node:crypto';
import {
  type CompanyType,
  type companyAddSchema,
  type companyEditSchema,
  type companyListQuerySchema,
  type ErrorCode,
  hasPlatformScope,
  type Page,
  type RoleCode,
} from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import type { DataScope } from '../../platform/scope';
import type {
  CompanyListRow as BaseListRow,
  CompanyRow,
  CompanyValues,
  CompanyListFilters as ListFilters,
} from '../company';

export type CompanyListRow = BaseListRow & {
  parentCompanyName: string | null;
  salesUsername: string | null;
  balance: bigint;
  creditLimit: bigint;
};

export type FieldProblem = { field: string; code: ErrorCode };

/** A company refused for reasons a person can fix, field by field (routes render them). */
export class CompanyRefused extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    readonly status: number,
    readonly problems: FieldProblem[],
  ) {
    super(errorCode);
  }
}

const UNIQUE_CONSTRAINTS: Record<string, FieldProblem> = {
  companies_name_lower_uq: { field: 'name', code: 'COMPANY_EXISTS' },
  companies_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  companies_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
  users_username_uq: { field: 'username', code: 'USERNAME_EXISTS' },
  users_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  users_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
};

/** What a new company and its administrator user are made of. */
export interface NewCompany {
  name: string;
  type: CompanyType;
  parentCompanyId: string | null;
  contactName: string;
  phone: string;
  country?: string | undefined;
  email: string;
  username: string;
  password: string;
  approvalStatus: CompanyRow['approvalStatus'];
  salesUserId: string | null;
}

type CompanyContact = {
  name: string;
  contactName: string;
  phone: string;
  country?: string | undefined;
  email: string;
};

const NO_PERMISSION = () => new AppError('NO_OPERATION_PERMISSION', 403);

/** Who a company's administrator is: a customer, or for an agent-type company a reseller. */
function adminRoleOf(type: CompanyType, parentCompanyId: string | null): RoleCode {
  if (type !== 'agent') return 'customer';
  return parentCompanyId ? 'agent' : 'distributor';
}

/**
 * The administration of companies by staff: the list with balances and sales users, creating a
 * company with its department, administrator and ledger account, editing, freezing and
 * disabling (their users signed out), approval (their users told), credit limits.
 */
export class CompanyAdminService {
  constructor(
    private readonly db: Db,
    private readonly services: Pick<
      Services,
      'companies' | 'ledger' | 'users' | 'departs' | 'roles' | 'announcements' | 'rates'
    >,
    private readonly log?: Logger,
  ) {}

  /** Companies the caller may see, with parent, sales user and balance. */
  async list(
    auth: AuthContext,
    query: z.output<typeof companyListQuerySchema>,
  ): Promise<Page<CompanyListRow>> {
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
    return this.pageIn(await this.services.companies.dataScopeOf(auth), query, filters);
  }

  /**
   * At most `limit` companies the caller may see, as the list filters and sorts them (the
   * export). Staff only (the route's permission); a sales user's scope is their assigned companies.
   */
  async exportRows(
    auth: AuthContext,
    query: z.output<typeof companyListQuerySchema>,
    limit: number,
  ): Promise<CompanyListRow[]> {
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
    return this.enrich(
      await this.services.companies.list(await this.services.companies.dataScopeOf(auth), filters, limit, 0),
    );
  }

  /** A page of the companies in `scope`, as the list shows them. */
  async pageIn(
    scope: DataScope,
    paging: { pageNo: number; pageSize: number },
    filters: ListFilters,
  ): Promise<Page<CompanyListRow>> {
    const page = await paginate(
      paging,
      () => this.services.companies.count(scope, filters),
      (limit, offset) => this.services.companies.list(scope, filters, limit, offset),
    );
    return { ...page, records: await this.enrich(page.records) };
  }

  /** Rows of the list with their parent, sales user, balance and credit limit. */
  async enrich(rows: BaseListRow[]): Promise<CompanyListRow[]> {
    const parentIds = [...new Set(rows.flatMap((r) => r.parentCompanyId ?? []))];
    const salesIds = [...new Set(rows.flatMap((r) => r.salesUserId ?? []))];
    const [parents, sales, balances] = await Promise.all([
      this.services.companies.namesOf(parentIds),
      this.services.users.namesInScope(salesIds, { kind: 'all' }),
      this.services.ledger.balancesOf(rows.map((r) => r.id)),
    ]);
    const salesNames = new Map(sales.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      ...r,
      parentCompanyName: r.parentCompanyId ? (parents.get(r.parentCompanyId) ?? null) : null,
      salesUsername: r.salesUserId ? (salesNames.get(r.salesUserId) ?? null) : null,
      balance: balances.get(r.id)?.balance ?? 0n,
      creditLimit: balances.get(r.id)?.creditLimit ?? 0n,
    }));
  }

  async queryById(auth: AuthContext, id: string): Promise<CompanyListRow> {
    await this.services.companies.assertInScope(auth, [id]);
    const row = await this.services.companies.find(id);
    if (!row) throw new AppError('COMPANY_NOT_FOUND', 404);
    const [item] = await this.enrich([row]);
    return item!;
  }

  // --- creating ---

  /** A phone number as stored (E.164), or a field problem. */
  private phoneOf(input: { phone: string; country?: string | undefined }): string {
    const phone = parsePhoneNumberFromString(input.phone, input.country as CountryCode | undefined);
    if (!phone?.isValid()) {
      throw new CompanyRefused('VALIDATION_FAILED', 400, [{ field: 'phone', code: 'PHONE_INVALID' }]);
    }
    return phone.number;
  }

  /** Name, phone and e-mail free (for another company than `excludeId`), or every conflict named. */
  private async assertContactFree(input: { name: string; phone: string; email: string }, excludeId?: string) {
    const checks: [boolean, FieldProblem][] = await Promise.all([
      this.services.companies
        .isTaken('name', input.name, excludeId)
        .then((t) => [t, UNIQUE_CONSTRAINTS.companies_name_lower_uq!]),
      this.services.companies
        .isTaken('phone', input.phone, excludeId)
        .then((t) => [t, UNIQUE_CONSTRAINTS.companies_phone_uq!]),
      this.services.companies
        .isTaken('email', input.email, excludeId)
        .then((t) => [t, UNIQUE_CONSTRAINTS.companies_email_lower_uq!]),
    ] as Promise<[boolean, FieldProblem]>[]);
    const problems = checks.filter(([taken]) => taken).map(([, p]) => p);
    if (problems.length > 0) throw new CompanyRefused(problems[0]!.code, 409, problems);
  }

  /**
   * A company, its department and its administrator user (named by the company's contact, with
   * its phone and e-mail), in one transaction: all of them or none.
   */
  private async createWithAdmin(
    input: NewCompany,
    /** More to write in the same transaction, once the company exists. */
    alsoWrite?: (company: CompanyRow) => Promise<void>,
  ): Promise<{ company: CompanyRow; userId: string }> {
    const phone = this.phoneOf(input);
    const { users } = this.services;
    await this.assertContactFree({ ...input, phone });
    const userProblems: FieldProblem[] = [];
    if (await users.isTaken('username', input.username))
      userProblems.push(UNIQUE_CONSTRAINTS.users_username_uq!);
    if (await users.isTaken('phone', phone)) userProblems.push(UNIQUE_CONSTRAINTS.users_phone_uq!);
    if (await users.isTaken('email', input.email))
      userProblems.push(UNIQUE_CONSTRAINTS.users_email_lower_uq!);
    if (userProblems.length > 0) throw new CompanyRefused(userProblems[0]!.code, 409, userProblems);
    const passwordHash = await hashPassword(input.password);
    try {
      return await withTransaction(
        this.db,
        async () => {
          const company = await this.services.companies.create({
            name: input.name,
            type: input.type,
            approvalStatus: input.approvalStatus,
            parentCompanyId: input.parentCompanyId,
            contactName: input.contactName,
            phone,
            email: input.email,
            salesUserId: input.salesUserId,
          });
          await this.services.ledger.openAccounts([company.id]);
          const orgCode = `C${randomBytes(5).toString('hex').toUpperCase()}`;
          // A reseller's customer (or a distributor's agent) sits under the reseller's department.
          const parentDepartment = input.parentCompanyId
            ? await this.services.departs.departmentOfAgent(input.parentCompanyId)
            : undefined;
          const department = await this.services.departs.create({
            parentId: parentDepartment?.id ?? null,
            departName: input.name,
            orgCode,
            agentId: input.type === 'agent' ? company.id : null,
          });
          const user = await users.create({
            username: input.username,
            realname: input.contactName,
            passwordHash,
            phone,
            email: input.email,
            companyId: company.id,
            orgCode,
          });
          await this.services.roles.assign(user.id, [adminRoleOf(input.type, input.parentCompanyId)]);
          await this.services.departs.addUser(user.id, department.id);
          await alsoWrite?.(company);
          return { company, userId: user.id };
        },
        this.log,
      );
    } catch (error) {
      // A concurrent request took the name, username, phone or e-mail after the checks above.
      const conflict = UNIQUE_CONSTRAINTS[uniqueViolationOf(error) ?? ''];
      if (conflict) throw new CompanyRefused(conflict.code, 409, [conflict]);
      throw error;
    }
  }

  /** A parent for a new company of `type`: a distributor (or, for a customer, an agent). */
  private async checkParent(type: CompanyType, parentCompanyId: string | null) {
    if (!parentCompanyId) return;
    const parent = await this.services.companies.find(parentCompanyId);
    // Only agent-type companies resell; an agent under an agent would be a fourth level.
    if (parent?.type !== 'agent' || (type === 'agent' && parent.parentCompanyId !== null)) {
      throw new CompanyRefused('VALIDATION_FAILED', 400, [
        { field: 'parentCompanyId', code: 'COMPANY_PARENT_INVALID' },
      ]);
    }
  }

  /** A sales user to assign: must hold the sales role. */
  private async checkSalesUser(salesUserId: string) {
    const roles = await this.services.roles.roleCodesOfUsers([salesUserId]);
    if (!(roles.get(salesUserId) ?? []).includes('sales')) {
      throw new CompanyRefused('VALIDATION_FAILED', 400, [
        { field: 'salesUserId', code: 'SALES_USER_INVALID' },
      ]);
    }
  }

  /**
   * Staff create a company (approved: staff vouch for it). Administrators choose its sales user;
   * a sales user's company is assigned to them.
   */
  async add(auth: AuthContext, input: z.output<typeof companyAddSchema>) {
    const isAdmin = auth.roles.includes('admin');
    if (!isAdmin && !hasPlatformScope(auth.roles)) throw NO_PERMISSION();
    const parentCompanyId = input.parentCompanyId ?? null;
    if (parentCompanyId) await this.services.companies.assertInScope(auth, [parentCompanyId]);
    await this.checkParent(input.type, parentCompanyId);
    let salesUserId: string | null = null;
    if (isAdmin) {
      if (input.salesUserId) await this.checkSalesUser(input.salesUserId);
      salesUserId = input.salesUserId ?? null;
    } else {
      if (input.salesUserId && input.salesUserId !== auth.user.id) throw NO_PERMISSION();
      // Under a parent the sales user sees it through the parent's assignment.
      salesUserId = parentCompanyId ? null : auth.user.id;
    }
    return this.createApproved(auth, { ...input, parentCompanyId, salesUserId });
  }

  /**
   * A company created approved, with its administrator, by whoever vouches for it (staff, or its
   * reseller): what the routes that add one answer. It is given its reseller's (or the platform's)
   * default SMS rate group, as an approval without a choice gives it.
   */
  async createApproved(auth: AuthContext, input: Omit<NewCompany, 'approvalStatus'>) {
    const { company, userId } = await this.createWithAdmin(
      { ...input, approvalStatus: 'approved' },
      (created) => this.services.rates.groups.assignAtApproval(auth, created.id, undefined),
    );
    return {
      id: company.id,
      name: company.name,
      userId,
      username: input.username,
      approvalStatus: company.approvalStatus,
    };
  }

  /** Name, contact, phone, e-mail (and, by administrators, the sales user) of a company. */
  async edit(auth: AuthContext, input: z.output<typeof companyEditSchema>) {
    await this.services.companies.assertInScope(auth, [input.id]);
    const change: Partial<CompanyValues> = {};
    if (input.salesUserId !== undefined) {
      const current = await this.services.companies.find(input.id);
      if (!current) throw new AppError('COMPANY_NOT_FOUND', 404);
      if (input.salesUserId !== current.salesUserId) {
        if (!auth.roles.includes('admin')) throw NO_PERMISSION();
        if (input.salesUserId) await this.checkSalesUser(input.salesUserId);
        change.salesUserId = input.salesUserId;
      }
    }
    return this.editContact(input, change);
  }

  async editContact(input: CompanyContact & { id: string }, extra: Partial<CompanyValues> = {}) {
    const phone = this.phoneOf(input);
    await this.assertContactFree({ ...input, phone }, input.id);
    try {
      const row = await this.services.companies.update(input.id, {
        name: input.name,
        contactName: input.contactName,
        phone,
        email: input.email,
        ...extra,
      });
      if (!row) throw new AppError('COMPANY_NOT_FOUND', 404);
      const [item] = await this.enrich([row]);
      return item!;
    } catch (error) {
      const conflict = UNIQUE_CONSTRAINTS[uniqueViolationOf(error) ?? ''];
      if (conflict) throw new CompanyRefused(conflict.code, 409, [conflict]);
      throw error;
    }
  }

  // --- freezing, enabling, approving ---

  /**
   * Freezes (or thaws) companies, or disables (or enables) them. Freezing or disabling signs
   * every user of the company out in the same transaction; their consoles close once it commits.
   */
  async setFlag(
    auth: AuthContext,
    ids: string[],
    flag: 'frozen' | 'enabled',
    value: boolean,
  ): Promise<number> {
    await this.services.companies.assertInScope(auth, ids);
    const blocking = flag === 'frozen' ? value : !value;
    if (blocking && auth.user.companyId && ids.includes(auth.user.companyId)) {
      throw new AppError('CANNOT_FREEZE_OWN_COMPANY', 400);
    }
    return withTransaction(
      this.db,
      async () => {
        const changed = await this.services.companies.setFlag([...new Set(ids)], flag, value);
        if (blocking) await this.services.users.endSessionsOfCompanies(changed);
        return changed.length;
      },
      this.log,
    );
  }

  /** What the approval dialog offers: the SMS rate groups in the approver's reach and the default. */
  async approvalRateGroups(auth: AuthContext, id: string) {
    await this.services.companies.assertInScope(auth, [id]);
    return this.services.rates.groups.forApproval(auth, id);
  }

  /**
   * Approves a company waiting for review: its users may sign in; they are told. It is given
   * its SMS rate group (`smsRateGroupId`; omitted: its reseller's or the platform's default;
   * null: none), so its first send is priced.
   */
  async approve(auth: AuthContext, id: string, smsRateGroupId?: string | null) {
    await this.services.companies.assertInScope(auth, [id]);
    return withTransaction(
      this.db,
      async () => {
        const row = await this.services.companies.decide(id, ['waiting', 'unapproved', 'failed'], {
          approvalStatus: 'approved',
          rejectReason: null,
          ...(auth.roles.includes('admin') ? {} : { salesUserIdIfNone: auth.user.id }),
        });
        if (!row) await this.refuseDecision(id);
        await this.services.rates.groups.assignAtApproval(auth, id, smsRateGroupId);
        await this.tell(auth, row!, 'COMPANY_APPROVED_NOTICE_TITLE', 'COMPANY_APPROVED_NOTICE', {});
        return row!;
      },
      this.log,
    );
  }

  /** Rejects a company waiting for review, with the reason its users are told (and see at sign-in). */
  async reject(auth: AuthContext, id: string, reason: string) {
    await this.services.companies.assertInScope(auth, [id]);
    return withTransaction(
      this.db,
      async () => {
        const row = await this.services.companies.decide(id, ['waiting', 'unapproved'], {
          approvalStatus: 'failed',
          rejectReason: reason,
        });
        if (!row) await this.refuseDecision(id);
        await this.tell(auth, row!, 'COMPANY_REJECTED_NOTICE_TITLE', 'COMPANY_REJECTED_NOTICE', { reason });
        return row!;
      },
      this.log,
    );
  }

  private async refuseDecision(id: string): Promise<never> {
    const current = await this.services.companies.find(id);
    if (!current) throw new AppError('COMPANY_NOT_FOUND', 404);
    if (current.approvalStatus === 'approved') throw new AppError('COMPANY_ALREADY_APPROVED', 409);
    throw new AppError('COMPANY_NOT_WAITING', 409);
  }

  /** An announcement to every user of the company, in both languages. */
  /** A routine notice to every user of the company, in each reader's language; their company screens reload. */
  private async tell(
    auth: AuthContext,
    company: CompanyRow,
    title: ErrorCode,
    text: ErrorCode,
    params: Record<string, string>,
  ) {
    const userIds = await this.services.users.idsOfCompanies([company.id]);
    await this.services.announcements.publishNotice(
      auth,
      { userIds },
      { title, text, params: { company: company.name, ...params }, topic: 'company' },
    );
  }

  /** Sets a company's credit limit (through the ledger, which owns balances). */
  async setCreditLimit(auth: AuthContext, companyId: string, creditLimit: bigint) {
    await this.services.companies.assertActsFor(auth, companyId);
    await this.services.ledger.setCreditLimit(companyId, creditLimit);
    return this.services.ledger.balanceOf(companyId);
  }
}

import { randomBytes } from 'node:crypto';
import {
  AGENT_CUSTOMER_SORTABLE,
  type AgentCustomerAdd,
  type agentCustomerAddSchema,
  type agentCustomerEditSchema,
  type agentCustomerListQuerySchema,
  type CompanyType,
  type companyAddSchema,
  type companyEditSchema,
  type companyListQuerySchema,
  type ErrorCode,
  formatMoney,
  hasPlatformScope,
  hasResellerScope,
  type Page,
  type RoleCode,
  translateError,
} from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import { checkSortColumn } from '../../platform/resource';
import { type DataScope, inScope } from '../../platform/scope';
import { CompanyRepo, type CompanyRow, type CompanyValues, type ListFilters } from './repo';

type BaseListRow = Awaited<ReturnType<CompanyRepo['list']>>[number];
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

/** The name of the companies' cache on the cache bus. */
/**
 * The cache-bus name under which every change of a company (freeze, disable, approval, edit) is
 * announced once committed, in every process: other modules register on it to act at once (the
 * SMPP server re-checks its open binds).
 */
export const COMPANIES_CACHE = 'companies';
/** How long findCached keeps a company without a change (a change clears it at once). */
const STANDING_TTL_MS = 5_000;

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

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Companies, the reseller tree (platform → distributor → agent → customer) and which of them a
 * caller may see: the data scope every module applies.
 */
export class CompanyService {
  private readonly repo: CompanyRepo;
  /** Companies as read on every API request and SMPP bind (findCached); any change clears it everywhere. */
  private readonly standing = new TtlCache<CompanyRow | undefined>(STANDING_TTL_MS, 20_000);

  constructor(
    private readonly db: Db,
    private readonly services: Services,
    private readonly log?: Logger,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new CompanyRepo(db);
    caches?.register(COMPANIES_CACHE, () => this.standing.clear());
  }

  /** A company changed: findCached reads it afresh once this has committed, in every process. */
  private changed() {
    return clearOnCommit(this.caches, COMPANIES_CACHE, () => this.standing.clear());
  }

  /**
   * Which companies' rows a caller may see: all for administrators; for sales users the
   * companies assigned to them, their subtrees and the sign-ups nobody has taken yet; a
   * reseller's own company and every company below it; a customer's own company; nothing for
   * anyone else.
   */
  async dataScopeOf(auth: AuthContext): Promise<DataScope> {
    if (auth.roles.includes('admin')) return { kind: 'all' };
    if (hasPlatformScope(auth.roles)) {
      return { kind: 'companies', companyIds: await this.repo.salesScopeIds(auth.user.id) };
    }
    const own = auth.user.companyId;
    if (!own) return { kind: 'companies', companyIds: [] };
    if (!hasResellerScope(auth.roles)) return { kind: 'companies', companyIds: [own] };
    return { kind: 'companies', companyIds: await this.repo.subtreeIds(own) };
  }

  /**
   * The rule for a company named by id (a query's or body's companyId): it must be in the
   * caller's data scope, else NO_OPERATION_PERMISSION (403), the same answer as for an id that
   * does not exist. Every module's routes apply it through here. Answers the scope.
   */
  async assertInScope(auth: AuthContext, ids: string[]): Promise<DataScope> {
    const scope = await this.dataScopeOf(auth);
    if (ids.some((id) => !inScope(scope, id))) throw NO_PERMISSION();
    return scope;
  }

  /**
   * The rule for an object named by its own id (an order, a payout, an API key, an IP rule): one
   * of a company outside the caller's data scope does not exist for the caller, NOT_FOUND (404)
   * as for an unknown id. Answers the object (undefined: it was not found).
   */
  async objectInScope<T extends { companyId: string | null }>(
    auth: AuthContext,
    object: T | undefined,
  ): Promise<T> {
    if (!object || !inScope(await this.dataScopeOf(auth), object.companyId))
      throw new AppError('NOT_FOUND', 404);
    return object;
  }

  /** Companies the caller may see, with parent, sales user and balance. */
  async list(
    auth: AuthContext,
    query: z.output<typeof companyListQuerySchema>,
  ): Promise<Page<CompanyListRow>> {
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
    return this.listIn(await this.dataScopeOf(auth), query, filters);
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
    return this.enrich(await this.repo.list(await this.dataScopeOf(auth), filters, limit, 0));
  }

  private async listIn(
    scope: DataScope,
    paging: { pageNo: number; pageSize: number },
    filters: ListFilters,
  ): Promise<Page<CompanyListRow>> {
    const page = await paginate(
      paging,
      () => this.repo.count(scope, filters),
      (limit, offset) => this.repo.list(scope, filters, limit, offset),
    );
    return { ...page, records: await this.enrich(page.records) };
  }

  private async enrich(rows: BaseListRow[]): Promise<CompanyListRow[]> {
    const parentIds = [...new Set(rows.flatMap((r) => r.parentCompanyId ?? []))];
    const salesIds = [...new Set(rows.flatMap((r) => r.salesUserId ?? []))];
    const [parents, sales, balances] = await Promise.all([
      this.namesOf(parentIds),
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
    await this.assertInScope(auth, [id]);
    const row = await this.repo.find(id);
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
      this.repo
        .isTaken('name', input.name, excludeId)
        .then((t) => [t, UNIQUE_CONSTRAINTS.companies_name_lower_uq!]),
      this.repo
        .isTaken('phone', input.phone, excludeId)
        .then((t) => [t, UNIQUE_CONSTRAINTS.companies_phone_uq!]),
      this.repo
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
  async createWithAdmin(input: NewCompany): Promise<{ company: CompanyRow; userId: string }> {
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
          const company = await this.repo.insert({
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
    const parent = await this.repo.find(parentCompanyId);
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
    if (parentCompanyId) await this.assertInScope(auth, [parentCompanyId]);
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
    const { company, userId } = await this.createWithAdmin({
      ...input,
      parentCompanyId,
      salesUserId,
      approvalStatus: 'approved',
    });
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
    await this.assertInScope(auth, [input.id]);
    const change: Partial<CompanyValues> = {};
    if (input.salesUserId !== undefined) {
      const current = await this.repo.find(input.id);
      if (!current) throw new AppError('COMPANY_NOT_FOUND', 404);
      if (input.salesUserId !== current.salesUserId) {
        if (!auth.roles.includes('admin')) throw NO_PERMISSION();
        if (input.salesUserId) await this.checkSalesUser(input.salesUserId);
        change.salesUserId = input.salesUserId;
      }
    }
    return this.editContact(input, change);
  }

  private async editContact(input: CompanyContact & { id: string }, extra: Partial<CompanyValues> = {}) {
    const phone = this.phoneOf(input);
    await this.assertContactFree({ ...input, phone }, input.id);
    try {
      const row = await this.repo.update(input.id, {
        name: input.name,
        contactName: input.contactName,
        phone,
        email: input.email,
        ...extra,
      });
      await this.changed();
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
    await this.assertInScope(auth, ids);
    const blocking = flag === 'frozen' ? value : !value;
    if (blocking && auth.user.companyId && ids.includes(auth.user.companyId)) {
      throw new AppError('CANNOT_FREEZE_OWN_COMPANY', 400);
    }
    return withTransaction(
      this.db,
      async () => {
        const changed = await this.repo.setFlag([...new Set(ids)], flag, value);
        await this.changed();
        if (blocking) await this.services.users.endSessionsOfCompanies(changed);
        return changed.length;
      },
      this.log,
    );
  }

  /** Approves a company waiting for review: its users may sign in; they are told. */
  async approve(auth: AuthContext, id: string) {
    await this.assertInScope(auth, [id]);
    return withTransaction(
      this.db,
      async () => {
        const row = await this.repo.decide(id, ['waiting', 'unapproved', 'failed'], {
          approvalStatus: 'approved',
          rejectReason: null,
          ...(auth.roles.includes('admin') ? {} : { salesUserIdIfNone: auth.user.id }),
        });
        await this.changed();
        if (!row) await this.refuseDecision(id);
        await this.tell(auth, row!, 'COMPANY_APPROVED_NOTICE_TITLE', 'COMPANY_APPROVED_NOTICE', {});
        return row!;
      },
      this.log,
    );
  }

  /** Rejects a company waiting for review, with the reason its users are told (and see at sign-in). */
  async reject(auth: AuthContext, id: string, reason: string) {
    await this.assertInScope(auth, [id]);
    return withTransaction(
      this.db,
      async () => {
        const row = await this.repo.decide(id, ['waiting', 'unapproved'], {
          approvalStatus: 'failed',
          rejectReason: reason,
        });
        await this.changed();
        if (!row) await this.refuseDecision(id);
        await this.tell(auth, row!, 'COMPANY_REJECTED_NOTICE_TITLE', 'COMPANY_REJECTED_NOTICE', { reason });
        return row!;
      },
      this.log,
    );
  }

  private async refuseDecision(id: string): Promise<never> {
    const current = await this.repo.find(id);
    if (!current) throw new AppError('COMPANY_NOT_FOUND', 404);
    if (current.approvalStatus === 'approved') throw new AppError('COMPANY_ALREADY_APPROVED', 409);
    throw new AppError('COMPANY_NOT_WAITING', 409);
  }

  /** An announcement to every user of the company, in both languages. */
  private async tell(
    auth: AuthContext,
    company: CompanyRow,
    titleCode: ErrorCode,
    textCode: ErrorCode,
    params: Record<string, string>,
  ) {
    const userIds = await this.services.users.idsOfCompanies([company.id]);
    const values = { company: company.name, ...params };
    const en = translateError(textCode, 'en-US', values);
    const zh = translateError(textCode, 'zh-CN', values);
    await this.services.announcements.publishToUsers(
      auth,
      userIds,
      `${translateError(titleCode, 'en-US')} / ${translateError(titleCode, 'zh-CN')}`,
      `<p>${escapeHtml(en)}</p><p>${escapeHtml(zh)}</p>`,
    );
  }

  /** Sets a company's credit limit (through the ledger, which owns balances). */
  async setCreditLimit(auth: AuthContext, companyId: string, creditLimit: bigint) {
    await this.assertInScope(auth, [companyId]);
    if (!(await this.repo.find(companyId))) throw new AppError('COMPANY_NOT_FOUND', 404);
    await this.services.ledger.setCreditLimit(companyId, creditLimit);
    return this.services.ledger.balanceOf(companyId);
  }

  /**
   * Why a company's users may not sign in (or send): undefined when they may. Checked at every
   * sign-in and, by the SMS engine, before sending.
   */
  async blockOf(companyId: string): Promise<AppError | undefined> {
    const company = await this.repo.find(companyId);
    if (!company) return undefined;
    if (!company.enabled) return new AppError('COMPANY_DISABLED', 403);
    if (company.frozen) return new AppError('COMPANY_FROZEN', 403);
    if (company.approvalStatus === 'failed') {
      return new AppError('COMPANY_REJECTED', 403, { reason: company.rejectReason ?? '' });
    }
    if (company.approvalStatus !== 'approved') return new AppError('ACCOUNT_NOT_APPROVED', 403);
    return undefined;
  }

  /** Whether a company may send traffic: approved, not frozen, not disabled. */
  async canSend(companyId: string): Promise<boolean> {
    return (await this.blockOf(companyId)) === undefined;
  }

  // --- resellers (/sms/agent) ---

  /** The caller's own reseller company, or a refusal: only distributors and agents resell. */
  private async resellerOf(auth: AuthContext): Promise<CompanyRow> {
    const own = auth.user.companyId;
    if (!own || !hasResellerScope(auth.roles)) throw NO_PERMISSION();
    const company = await this.repo.find(own);
    if (company?.type !== 'agent') throw NO_PERMISSION();
    return company;
  }

  /** The companies below the caller's own (its customers; a distributor's agents and theirs). */
  private async customerIdsOf(reseller: CompanyRow): Promise<string[]> {
    return (await this.repo.subtreeIds(reseller.id)).filter((id) => id !== reseller.id);
  }

  private async assertCustomers(reseller: CompanyRow, ids: string[]) {
    const mine = new Set(await this.customerIdsOf(reseller));
    if (ids.some((id) => !mine.has(id))) throw NO_PERMISSION();
  }

  async agentList(auth: AuthContext, query: z.output<typeof agentCustomerListQuerySchema>) {
    checkSortColumn(query, AGENT_CUSTOMER_SORTABLE);
    const reseller = await this.resellerOf(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return this.listIn({ kind: 'companies', companyIds: await this.customerIdsOf(reseller) }, query, filters);
  }

  /** The reseller's own customers (a distributor's agents too), as the list filters and sorts them. */
  async agentExportRows(
    auth: AuthContext,
    query: z.output<typeof agentCustomerListQuerySchema>,
    limit: number,
  ): Promise<CompanyListRow[]> {
    checkSortColumn(query, AGENT_CUSTOMER_SORTABLE);
    const reseller = await this.resellerOf(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    const scope: DataScope = { kind: 'companies', companyIds: await this.customerIdsOf(reseller) };
    return this.enrich(await this.repo.list(scope, filters, limit, 0));
  }

  /**
   * A reseller's new customer (a distributor's new agent): approved at once, the reseller
   * vouches for it, as staff do for the companies they create.
   */
  async agentAdd(auth: AuthContext, input: z.output<typeof agentCustomerAddSchema>) {
    const reseller = await this.resellerOf(auth);
    const isDistributor = reseller.parentCompanyId === null;
    if (input.type === 'agent' && !isDistributor) {
      throw new CompanyRefused('VALIDATION_FAILED', 400, [
        { field: 'type', code: 'COMPANY_TYPE_NOT_ALLOWED' },
      ]);
    }
    const { company, userId } = await this.createWithAdmin({
      ...(input as AgentCustomerAdd & { type: CompanyType }),
      country: input.country,
      parentCompanyId: reseller.id,
      salesUserId: null,
      approvalStatus: 'approved',
    });
    return {
      id: company.id,
      name: company.name,
      userId,
      username: input.username,
      approvalStatus: company.approvalStatus,
    };
  }

  async agentEdit(auth: AuthContext, input: z.output<typeof agentCustomerEditSchema>) {
    await this.assertCustomers(await this.resellerOf(auth), [input.id]);
    return this.editContact(input);
  }

  async agentFreeze(auth: AuthContext, ids: string[], frozen: boolean) {
    await this.assertCustomers(await this.resellerOf(auth), ids);
    return this.setFlag(auth, ids, 'frozen', frozen);
  }

  /** The reseller's own balance and each customer's, with what came in and what was charged. */
  async agentBalance(auth: AuthContext) {
    const reseller = await this.resellerOf(auth);
    const ids = await this.customerIdsOf(reseller);
    const [own, customers, balances, flows] = await Promise.all([
      this.services.ledger.balanceOf(reseller.id),
      this.repo.findMany(ids),
      this.services.ledger.balancesOf(ids),
      this.services.ledger.flowsOf(ids),
    ]);
    return {
      ...own,
      distributor: reseller.parentCompanyId === null,
      customers: customers
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => ({
          companyId: c.id,
          name: c.name,
          type: c.type,
          parentCompanyId: c.parentCompanyId,
          frozen: c.frozen,
          enabled: c.enabled,
          balance: balances.get(c.id)?.balance ?? 0n,
          creditLimit: balances.get(c.id)?.creditLimit ?? 0n,
          totalIn: flows.get(c.id)?.totalIn ?? 0n,
          totalCharged: flows.get(c.id)?.totalCharged ?? 0n,
        })),
    };
  }

  /**
   * Moves money from the reseller's balance to a customer's in its subtree: both sides or
   * neither; a repeated key counts once; never below the reseller's credit limit.
   */
  async agentTransfer(
    auth: AuthContext,
    input: { companyId: string; amount: bigint; idempotencyKey: string },
  ) {
    const reseller = await this.resellerOf(auth);
    await this.assertCustomers(reseller, [input.companyId]);
    const result = await this.services.ledger.transfer(
      reseller.id,
      input.companyId,
      input.amount,
      input.idempotencyKey,
      {
        actor: { userId: auth.user.id, username: auth.user.username },
        note: `transfer ${formatMoney(input.amount, 2)}`,
      },
    );
    const [mine, theirs] = await Promise.all([
      this.services.ledger.balanceOf(reseller.id),
      this.services.ledger.balanceOf(input.companyId),
    ]);
    return { replayed: result.replayed, balance: mine.balance, customerBalance: theirs.balance };
  }

  // --- for other modules ---

  async setIpWhitelist(auth: AuthContext, companyId: string, rules: string[]): Promise<string[]> {
    await this.assertInScope(auth, [companyId]);
    const bad = rules.find((r) => !isValidIpRule(r));
    if (bad !== undefined) throw new AppError('IP_RULE_INVALID', 400, { value: bad.slice(0, 64) });
    const unique = [...new Set(rules)];
    if (!(await this.repo.setIpWhitelist(companyId, unique))) throw new AppError('NOT_FOUND', 404);
    return unique;
  }

  /** Names of these companies, by id. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.names(ids)).map((c) => [c.id, c.name]));
  }

  /** Companies directly below these (a reseller's customers and agents). */
  childrenOf(ids: string[]): Promise<{ id: string; parentCompanyId: string | null }[]> {
    return this.repo.childrenOf(ids);
  }

  find(id: string): Promise<CompanyRow | undefined> {
    return this.repo.find(id);
  }

  /**
   * A company as of at most a few seconds ago, for checks on every request (API keys, SMPP
   * binds): a change made through this service is seen at once, in every process.
   */
  findCached(id: string): Promise<CompanyRow | undefined> {
    return this.standing.getOrLoad(
      id,
      () => this.repo.find(id),
      (row) => row !== undefined,
    );
  }

  create(values: CompanyValues): Promise<CompanyRow> {
    return this.repo.insert(values);
  }

  insertIfMissing(values: CompanyValues) {
    return this.repo.insertIfMissing(values);
  }

  isTaken(field: 'name' | 'email' | 'phone', value: string, excludeId?: string) {
    return this.repo.isTaken(field, value, excludeId);
  }
}

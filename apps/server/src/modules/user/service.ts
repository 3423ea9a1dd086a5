import type { Page, userListQuerySchema } from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { type DataScope, inScope } from '../../platform/scope';
import { USER_LIST_RULES, UserRepo, type UserRow, type UserValues } from './repo';

export type UserListRow = Awaited<ReturnType<UserRepo['list']>>[number] & {
  companyName: string | null;
  roles: string[];
};

/** Accounts: administration of other users (in the caller's scope) and lookups for other modules. */
export class UserService {
  private readonly repo: UserRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Services,
    private readonly log: Logger,
  ) {
    this.repo = new UserRepo(db);
  }

  /** Users the caller may see (data scope on the user's company, data rules), with roles and company. */
  async list(auth: AuthContext, query: z.output<typeof userListQuerySchema>): Promise<Page<UserListRow>> {
    const [scope, rules] = await Promise.all([
      this.services.companies.dataScopeOf(auth),
      this.services.dataRules.where(auth, USER_LIST_RULES),
    ]);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    const page = await paginate(
      query,
      () => this.repo.countList(scope, filters, rules),
      (limit, offset) => this.repo.list(scope, filters, limit, offset, rules),
    );
    const [roles, names] = await Promise.all([
      this.services.roles.roleCodesOfUsers(page.records.map((r) => r.id)),
      this.services.companies.namesOf([...new Set(page.records.flatMap((r) => r.companyId ?? []))]),
    ]);
    return {
      ...page,
      records: page.records.map((r) => ({
        ...r,
        companyName: r.companyId ? (names.get(r.companyId) ?? null) : null,
        roles: roles.get(r.id) ?? [],
      })),
    };
  }

  /**
   * Administration of other users stays within the caller's data scope (an agent given the
   * Users screen manages its customers' accounts only).
   */
  private async assertInScope(auth: AuthContext, userIds: string[]) {
    const scope = await this.services.companies.dataScopeOf(auth);
    if (scope.kind === 'all') return;
    const companies = await this.repo.companyIdsOf(userIds);
    if (companies.some((c) => !inScope(scope, c))) throw new AppError('NO_OPERATION_PERMISSION', 403);
  }

  private async change(auth: AuthContext, userId: string, change: Partial<UserValues>) {
    await this.assertInScope(auth, [userId]);
    const row = await this.update(userId, change);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  /** The per-user flag that hides the header items (spec: "one specific user name"). */
  async setHeaderItemsHidden(auth: AuthContext, userId: string, hidden: boolean) {
    await this.change(auth, userId, { hideHeaderItems: hidden });
  }

  async setIpWhitelist(auth: AuthContext, userId: string, rules: string[]): Promise<string[]> {
    const bad = rules.find((r) => !isValidIpRule(r));
    if (bad !== undefined) throw new AppError('IP_RULE_INVALID', 400, { value: bad.slice(0, 64) });
    const unique = [...new Set(rules)];
    await this.change(auth, userId, { ipWhitelist: unique });
    return unique;
  }

  async resetGoogleAuth(auth: AuthContext, userId: string) {
    await this.change(auth, userId, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
  }

  /**
   * Status 2 freezes, 1 thaws. Freezing and ending the frozen users' sessions stand or fall
   * together; their open consoles are told once it has committed.
   */
  async setStatus(auth: AuthContext, ids: string[], status: 1 | 2): Promise<number> {
    if (status === 2 && ids.includes(auth.user.id)) throw new AppError('CANNOT_FREEZE_SELF', 400);
    await this.assertInScope(auth, ids);
    return withTransaction(
      this.db,
      async () => {
        const changed = await this.repo.setStatus(ids, status);
        for (const id of changed) {
          if (status === 2) await this.services.sessions.revokeAllForUser(id);
          else await this.services.sessions.forget({ userId: id });
        }
        return changed.length;
      },
      this.log,
    );
  }

  // For other modules

  count() {
    return this.repo.count();
  }
  /** Users of these companies (to sign them out, or to tell them something). */
  idsOfCompanies(companyIds: string[]) {
    return this.repo.idsOfCompanies(companyIds);
  }
  /** Signs every user of these companies out at once (their open consoles close after commit). */
  async endSessionsOfCompanies(companyIds: string[]) {
    for (const id of await this.repo.idsOfCompanies(companyIds)) {
      await this.services.sessions.revokeAllForUser(id);
    }
  }
  findById(id: string): Promise<UserRow | undefined> {
    return this.repo.findById(id);
  }
  /** The user with this phone (E.164). */
  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.repo.findByPhone(phone);
  }
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.repo.findByUsername(username);
  }
  authUser(id: string) {
    return this.repo.authUser(id);
  }
  activeIds(ids: string[]) {
    return this.repo.activeIds(ids);
  }
  /** Changes a user; live sessions of that user see the change on their next request. */
  async update(id: string, change: Partial<UserValues>) {
    const row = await this.repo.update(id, change);
    if (row) await this.services.sessions.forget({ userId: id });
    return row;
  }
  consumeTotpStep(id: string, step: number) {
    return this.repo.consumeTotpStep(id, step);
  }
  create(values: UserValues): Promise<UserRow> {
    return this.repo.insert(values);
  }
  insertIfMissing(values: UserValues) {
    return this.repo.insertIfMissing(values);
  }
  isTaken(field: 'username' | 'email' | 'phone', value: string, excludeId?: string) {
    return this.repo.isTaken(field, value, excludeId);
  }
  search(scope: DataScope, text: string | undefined, limit: number) {
    return this.repo.search(scope, text, limit);
  }
  namesInScope(ids: string[], scope: DataScope) {
    return this.repo.namesInScope(ids, scope);
  }
}

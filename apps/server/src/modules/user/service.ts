import {
  EXPORT_MAX_ROWS,
  hasPlatformScope,
  type Page,
  type UserImportRow,
  type userAddSchema,
  type userEditSchema,
  type userListQuerySchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import type { RowProblem } from '../../platform/resource';
import { type DataScope, inScope } from '../../platform/scope';
import { guardedUnique, phoneE164, refuse, UserFieldRules, type UserFields } from './field-rules';
import { type ListFilters, USER_LIST_RULES, UserRepo, type UserRow, type UserValues } from './repo';

type ListRow = Awaited<ReturnType<UserRepo['list']>>[number];
export type UserListRow = ListRow & {
  companyName: string | null;
  roles: string[];
  departs: { id: string; orgCode: string; name: string; nameZh: string | null }[];
  roleIds: string[];
  departIds: string[];
};
export type UserRecordRow = UserListRow;
type UserAdd = z.output<typeof userAddSchema>;
type UserEdit = z.output<typeof userEditSchema>;
type ListQuery = z.output<typeof userListQuerySchema>;

const splitCodes = (text: string | undefined) =>
  [
    ...new Set(
      (text ?? '')
        .split(/[,;，；\s]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ] as string[];

/** What the user module asks of sign-in sessions (the auth module plugs its own in at start). */
export interface UserSessions {
  /** Ends every session of the user (their open consoles close once this commits). */
  revokeAllForUser(userId: string): Promise<void>;
  /** The user changed: live sessions read them afresh. */
  forget(who: { userId: string }): Promise<void>;
}

/** Accounts: administration of other users (in the caller's scope) and lookups for other modules. */
export class UserService {
  private readonly repo: UserRepo;
  private readonly rules: UserFieldRules;
  private plugged?: UserSessions;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'countries' | 'dataRules' | 'departs' | 'roles'>,
    private readonly log: Logger,
  ) {
    this.repo = new UserRepo(db);
    this.rules = new UserFieldRules(this.repo, services);
  }

  /** Plugs in the sign-in sessions (the auth module, at start). */
  useSessions(sessions: UserSessions) {
    this.plugged = sessions;
  }

  private get sessions(): UserSessions {
    if (!this.plugged) throw new Error('no sessions plugged into the user service (the auth module does)');
    return this.plugged;
  }

  /** Users the caller may see (data scope on the user's company, data rules), with roles and company. */
  async list(auth: AuthContext, query: ListQuery): Promise<Page<UserListRow>> {
    const [scope, rules] = await Promise.all([
      this.services.companies.dataScopeOf(auth),
      this.services.dataRules.where(auth, USER_LIST_RULES),
    ]);
    const filters = await this.filtersOf(query);
    const page = await paginate(
      query,
      () => this.repo.countList(scope, filters, rules),
      (limit, offset) => this.repo.list(scope, filters, limit, offset, rules),
    );
    return { ...page, records: await this.enrich(page.records) };
  }

  /** How many of these users have `text` in their username or real name (a role's members). */
  countAmong(ids: string[], text: string | undefined): Promise<number> {
    return this.repo.countAmong(ids, text);
  }

  /** A page of these users with `text` in their username or real name, by username. */
  pageAmong(ids: string[], text: string | undefined, limit: number, offset: number) {
    return this.repo.pageAmong(ids, text, limit, offset);
  }

  /** Which of these ids are users. */
  existingIds(ids: string[]): Promise<Set<string>> {
    return this.repo.existingIds(ids);
  }

  /** The company of each of these users (null for the platform's). */
  companiesOf(ids: string[]): Promise<Map<string, string | null>> {
    return this.repo.companiesOf(ids);
  }

  /** Users whose country is `code` (a country in use is not deleted). */
  countInCountry(code: string): Promise<number> {
    return this.repo.countInCountry(code);
  }

  /** The rows of an export: the list's filters, data rules and sort, at most `limit`. */
  async exportRows(auth: AuthContext, query: ListQuery, limit: number): Promise<UserListRow[]> {
    const [scope, rules] = await Promise.all([
      this.services.companies.dataScopeOf(auth),
      this.services.dataRules.where(auth, USER_LIST_RULES),
    ]);
    const filters = await this.filtersOf(query);
    return this.enrich(await this.repo.list(scope, filters, Math.min(limit, EXPORT_MAX_ROWS + 1), 0, rules));
  }

  /** The repo's filters of a list query: a department or role filter as the ids of its members. */
  private async filtersOf(query: ListQuery): Promise<ListFilters> {
    const { pageNo: _p, pageSize: _s, departId, roleId, ...filters } = query;
    const [inDepart, inRole] = await Promise.all([
      departId ? this.services.departs.memberIds(departId) : undefined,
      roleId ? this.services.roles.userIdsOfRole(roleId) : undefined,
    ]);
    const among = inDepart && inRole ? inDepart.filter((id) => inRole.includes(id)) : (inDepart ?? inRole);
    return { ...filters, among };
  }

  private async enrich(rows: ListRow[]): Promise<UserListRow[]> {
    const ids = rows.map((r) => r.id);
    const [roles, names, departs] = await Promise.all([
      this.services.roles.rolesOfUsers(ids),
      this.services.companies.namesOf([...new Set(rows.flatMap((r) => r.companyId ?? []))]),
      this.services.departs.ofUsers(ids),
    ]);
    return rows.map((r) => ({
      ...r,
      companyName: r.companyId ? (names.get(r.companyId) ?? null) : null,
      roles: (roles.get(r.id) ?? []).map((role) => role.code),
      roleIds: (roles.get(r.id) ?? []).map((role) => role.id),
      departs: departs.get(r.id) ?? [],
      departIds: (departs.get(r.id) ?? []).map((d) => d.id),
    }));
  }

  /** One user in the caller's scope, with role and department ids (the edit form). */
  async byId(auth: AuthContext, id: string): Promise<UserRecordRow> {
    const scope = await this.services.companies.dataScopeOf(auth);
    const row = await this.repo.listRow(scope, id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    const [record] = await this.enrich([row]);
    return record!;
  }

  /** The role options of the user form. */
  roleOptions() {
    return this.services.roles.roleOptions();
  }

  /** Role ids of a user in the caller's scope. */
  async roleIdsOf(auth: AuthContext, userId: string): Promise<string[]> {
    return (await this.byId(auth, userId)).roleIds;
  }

  /** Department ids of a user in the caller's scope. */
  async departIdsOf(auth: AuthContext, userId: string): Promise<string[]> {
    return (await this.byId(auth, userId)).departIds;
  }

  /** getUserDepartList: the departments of a user in the caller's scope. */
  async departsOf(auth: AuthContext, userId: string) {
    return this.services.departs.listRowsOf(await this.departIdsOf(auth, userId));
  }

  /** The country of a user in the caller's scope (null when not set). */
  async countryOf(auth: AuthContext, userId: string): Promise<string | null> {
    return (await this.byId(auth, userId)).countryCode;
  }

  /** Members of a department the caller may see. */
  async membersOf(auth: AuthContext, departId: string) {
    const [scope, ids] = await Promise.all([
      this.services.companies.dataScopeOf(auth),
      this.services.departs.memberIds(departId),
    ]);
    return this.repo.inScopeAmong(scope, ids);
  }

  /** Users for a picker (username or real name contains `keyword`), in the caller's scope. */
  async options(auth: AuthContext, keyword: string | undefined, limit: number) {
    return this.repo.search(await this.services.companies.dataScopeOf(auth), keyword, limit);
  }

  /** Users of one company for a picker (username or real name contains `keyword`); no scope: the caller checked it. */
  optionsOfCompany(companyId: string, keyword: string | undefined, limit: number) {
    return this.repo.search({ kind: 'companies', companyIds: [companyId] }, keyword, limit);
  }

  /** A user of a company (an agent's, a customer's), not platform staff. */
  isCommonUser(auth: AuthContext): boolean {
    return !hasPlatformScope(auth.roles) && auth.user.companyId !== null;
  }

  /** The current department after a change of departments: kept if still one, the only one, or none. */
  private async currentOrgCode(departIds: string[], current: string | null): Promise<string | null> {
    const departs = await this.services.departs.byIds(departIds);
    if (current && departs.some((d) => d.orgCode === current)) return current;
    return departs.length === 1 ? departs[0]!.orgCode : null;
  }

  private guarded<T>(work: () => Promise<T>): Promise<T> {
    return guardedUnique(work);
  }

  /** Whether a username, phone or e-mail is free, or the code of why not (UserFieldRules). */
  checkUnique(
    field: 'username' | 'phone' | 'email',
    value: string,
    country: string | undefined,
    excludeId?: string,
  ) {
    return this.rules.checkUnique(field, value, country, excludeId);
  }

  private checkFields(auth: AuthContext, input: UserFields & { username?: string }, excludeId?: string) {
    return this.rules.checkFields(auth, input, excludeId);
  }

  /** A new user with roles and departments, all or nothing. */
  async add(auth: AuthContext, input: UserAdd): Promise<UserRecordRow> {
    const { values, problems } = await this.checkFields(auth, input);
    if (problems.length > 0) refuse(problems);
    const passwordHash = await hashPassword(input.password);
    const id = await this.guarded(() =>
      withTransaction(
        this.db,
        async () => {
          const user = await this.repo.insert({
            ...values,
            username: input.username,
            realname: input.realname,
            passwordHash,
            orgCode: await this.currentOrgCode(input.departIds, null),
          });
          await this.services.roles.setRolesOfUser(user.id, input.roleIds);
          await this.services.departs.setMembership(user.id, input.departIds);
          return user.id;
        },
        this.log,
      ),
    );
    return this.byId(auth, id);
  }

  /** Changes a user's fields, roles and departments; their sessions see it on the next request. */
  async edit(auth: AuthContext, input: UserEdit): Promise<UserRecordRow> {
    await this.byId(auth, input.id);
    const { values, problems } = await this.checkFields(auth, input, input.id);
    if (problems.length > 0) refuse(problems);
    const current = await this.repo.findById(input.id);
    await this.guarded(() =>
      withTransaction(
        this.db,
        async () => {
          await this.update(input.id, {
            ...values,
            orgCode: await this.currentOrgCode(input.departIds, current?.orgCode ?? null),
          });
          await this.services.roles.setRolesOfUser(input.id, input.roleIds);
          await this.services.departs.setMembership(input.id, input.departIds);
        },
        this.log,
      ),
    );
    return this.byId(auth, input.id);
  }

  /**
   * An administrator sets a user's password (the rules of sign-up were checked by the schema).
   * As with a user's own change, every session of that user ends with it.
   */
  async setPassword(auth: AuthContext, userId: string, password: string): Promise<void> {
    await this.byId(auth, userId);
    const passwordHash = await hashPassword(password);
    await withTransaction(
      this.db,
      async () => {
        await this.update(userId, { passwordHash });
        await this.sessions.revokeAllForUser(userId);
      },
      this.log,
    );
  }

  /**
   * The rules of an import beyond each row's schema: the fields' rules of add (taken, malformed,
   * unknown roles and departments by code) and the same username, phone or e-mail twice in the file.
   */
  async checkImport(auth: AuthContext, rows: UserImportRow[], rowNumbers: number[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const resolved = await this.resolveImport(rows);
    const seen = new Map<string, number>();
    for (const [index, row] of rows.entries()) {
      const { roleIds, departIds, unknownRole, unknownDepart } = resolved[index]!;
      if (unknownRole)
        problems.push({ index, field: 'roles', code: 'ROLE_UNKNOWN', params: { role: unknownRole } });
      if (unknownDepart)
        problems.push({ index, field: 'departs', code: 'DEPART_UNKNOWN', params: { depart: unknownDepart } });
      const { problems: fieldProblems } = await this.checkFields(auth, {
        ...row,
        companyId: auth.user.companyId,
        roleIds,
        departIds,
      });
      for (const p of fieldProblems) {
        if (p.field === 'roleIds' || p.field === 'departIds') continue;
        problems.push({ index, field: p.field, code: p.code, ...(p.params ? { params: p.params } : {}) });
      }
      const phone = row.phone ? phoneE164(row.phone, row.countryCode) : undefined;
      for (const [field, value] of [
        ['username', row.username.toLowerCase()],
        ['phone', phone],
        ['email', row.email?.toLowerCase()],
      ] as const) {
        if (!value) continue;
        const key = `${field}:${value}`;
        const first = seen.get(key);
        if (first !== undefined)
          problems.push({
            index,
            field,
            code: 'IMPORT_DUPLICATE_IN_FILE',
            params: { value, row: rowNumbers[first]! },
          });
        else seen.set(key, index);
      }
    }
    return problems;
  }

  private async resolveImport(rows: UserImportRow[]) {
    const roleOptions = await this.services.roles.roleOptions();
    const departs = await this.services.departs.byOrgCodes(rows.flatMap((r) => splitCodes(r.departs)));
    return rows.map((row) => {
      const roleCodes = splitCodes(row.roles);
      const departCodes = splitCodes(row.departs);
      const roleIds = roleCodes.flatMap((c) => roleOptions.find((r) => r.roleCode === c)?.id ?? []);
      const departIds = departCodes.flatMap((c) => departs.find((d) => d.orgCode === c)?.id ?? []);
      return {
        roleIds,
        departIds,
        unknownRole: roleCodes.find((c) => !roleOptions.some((r) => r.roleCode === c)),
        unknownDepart: departCodes.find((c) => !departs.some((d) => d.orgCode === c)),
      };
    });
  }

  /** Writes a checked import: every row or none (the company is the caller's own, if any). */
  async importRows(auth: AuthContext, rows: UserImportRow[]): Promise<number> {
    const resolved = await this.resolveImport(rows);
    const hashes = await Promise.all(rows.map((r) => hashPassword(r.password)));
    return this.guarded(() =>
      withTransaction(
        this.db,
        async () => {
          for (const [index, row] of rows.entries()) {
            const { roleIds, departIds } = resolved[index]!;
            const user = await this.repo.insert({
              username: row.username,
              realname: row.realname,
              passwordHash: hashes[index]!,
              phone: row.phone ? (phoneE164(row.phone, row.countryCode) ?? null) : null,
              email: row.email ?? null,
              countryCode: row.countryCode ?? null,
              companyId: auth.user.companyId,
              orgCode: await this.currentOrgCode(departIds, null),
            });
            await this.services.roles.setRolesOfUser(user.id, roleIds);
            await this.services.departs.setMembership(user.id, departIds);
          }
          return rows.length;
        },
        this.log,
      ),
    );
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
          if (status === 2) await this.sessions.revokeAllForUser(id);
          else await this.sessions.forget({ userId: id });
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
      await this.sessions.revokeAllForUser(id);
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
    if (row) await this.sessions.forget({ userId: id });
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

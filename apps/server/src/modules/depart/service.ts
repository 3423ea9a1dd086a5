import {
  type DepartIdTreeNode,
  type DepartInfo,
  type Department,
  type departEditSchema,
  type departInputSchema,
  type departListQuerySchema,
  type Locale,
  type Page,
  pageOf,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { type DataScope, inScope } from '../../platform/scope';
import { type DepartmentListRow, type DepartmentValues, DepartRepo, type UserDepartment } from './repo';

/**
 * The companies of users (the user module answers it: users are above departments, so the
 * department module asks through this port rather than needing the users service).
 */
export type CompaniesOfUsers = (userIds: string[]) => Promise<Map<string, string | null>>;

type DepartInput = z.output<typeof departInputSchema>;
type DepartEdit = z.output<typeof departEditSchema>;
type ListQuery = z.output<typeof departListQuerySchema>;
/** A department with those under it (queryTreeList, searchBy). */
type DepartTreeNode = DepartmentListRow & { children: DepartTreeNode[] };

const SEGMENT_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The org-code segments of one level in order: A01 … A99, B01 … Z99. */
export function* orgCodeSegments(): Generator<string> {
  for (const letter of SEGMENT_LETTERS) {
    for (let n = 1; n <= 99; n++) yield `${letter}${String(n).padStart(2, '0')}`;
  }
}

/**
 * The next free org code under a parent code ('' for the top level), Jeecg style: the segment
 * after the highest one in use at that level (A01 → A02, A99 → B01), skipping any taken anywhere.
 */
export function nextOrgCode(parentCode: string, taken: ReadonlySet<string>): string | undefined {
  const segments = [...orgCodeSegments()];
  const used = segments.filter((seg) => taken.has(parentCode + seg));
  const last = used.length > 0 ? segments.indexOf(used.at(-1)!) : -1;
  for (let i = last + 1; i < segments.length; i++) {
    const code = parentCode + segments[i]!;
    if (!taken.has(code)) return code;
  }
  return segments.map((seg) => parentCode + seg).find((code) => !taken.has(code));
}

const byOrder = (a: DepartmentListRow, b: DepartmentListRow) =>
  a.sortNo - b.sortNo || a.orgCode.localeCompare(b.orgCode);

/** Departments: the organisation tree, membership, the current one and the agent behind it. */
export class DepartService {
  private readonly repo: DepartRepo;

  private companiesOfUsers: CompaniesOfUsers = async () => new Map();

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies'>,
    private readonly log?: Logger,
  ) {
    this.repo = new DepartRepo(db);
  }

  /** The user module tells departments the companies of their members (see CompaniesOfUsers). */
  registerCompaniesOfUsers(lookup: CompaniesOfUsers): void {
    this.companiesOfUsers = lookup;
  }

  /** Every department with its agent's name and its members' count. */
  private async all(): Promise<DepartmentListRow[]> {
    const rows = await this.repo.all();
    const names = await this.services.companies.namesOf([
      ...new Set(rows.flatMap((r) => (r.agentId ? [r.agentId] : []))),
    ]);
    return rows.map((r) => ({ ...r, agentName: r.agentId ? (names.get(r.agentId) ?? null) : null }));
  }

  /** Departments a user belongs to and companies of the members, per department. */
  private async memberCompanies(): Promise<{ departmentId: string; companyId: string | null }[]> {
    const memberships = await this.repo.memberships();
    const companyOf = await this.companiesOfUsers([...new Set(memberships.map((m) => m.userId))]);
    return memberships.map((m) => ({
      departmentId: m.departmentId,
      companyId: companyOf.get(m.userId) ?? null,
    }));
  }

  /** Departments of each user (users without any are absent). */
  ofUsers(userIds: string[]): Promise<Map<string, UserDepartment[]>> {
    return this.repo.ofUsers(userIds);
  }

  /** The ids of a department's members. */
  memberIds(departmentId: string): Promise<string[]> {
    return this.repo.memberIds(departmentId);
  }

  /** Makes the user a member of exactly these departments (inside the caller's transaction). */
  setMembership(userId: string, departIds: string[]): Promise<void> {
    return this.repo.setMembership(userId, departIds);
  }

  forUser(userId: string): Promise<Department[]> {
    return this.repo.forUser(userId);
  }

  /** The agent of the caller's current department (drives the agent home). Only one's own. */
  async currentInfo(auth: AuthContext, askedFor: string | undefined): Promise<DepartInfo> {
    if (askedFor && askedFor !== auth.user.id) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const departs = await this.repo.forUser(auth.user.id);
    const current =
      departs.find((d) => d.orgCode === auth.user.orgCode) ?? (departs.length === 1 ? departs[0] : undefined);
    return {
      agentId: current?.agentId ?? null,
      departName: current?.departName ?? null,
      departNameZh: current?.departNameZh ?? null,
      orgCode: current?.orgCode ?? null,
    };
  }

  // --- administration (System › Departments) ---

  /**
   * The departments a caller may see: every one for the platform; below it, those of agents in
   * its scope or with members of companies in its scope, with everything under them.
   */
  private async visible(auth: AuthContext): Promise<{ rows: DepartmentListRow[]; scope: DataScope }> {
    const scope = await this.services.companies.dataScopeOf(auth);
    const all = await this.all();
    if (scope.kind === 'all') return { rows: all, scope };
    const members = await this.memberCompanies();
    const roots = new Set(
      all
        .filter(
          (d) =>
            (d.agentId !== null && inScope(scope, d.agentId)) ||
            members.some((m) => m.departmentId === d.id && inScope(scope, m.companyId)),
        )
        .map((d) => d.id),
    );
    const shown = new Set<string>();
    const add = (id: string) => {
      if (shown.has(id)) return;
      shown.add(id);
      for (const child of all.filter((d) => d.parentId === id)) add(child.id);
    };
    for (const id of roots) add(id);
    return { rows: all.filter((d) => shown.has(d.id)), scope };
  }

  private async visibleOne(auth: AuthContext, id: string): Promise<DepartmentListRow> {
    const { rows } = await this.visible(auth);
    const row = rows.find((d) => d.id === id);
    if (!row) throw new AppError('DEPART_NOT_FOUND', 404);
    return row;
  }

  /** The rows as a forest: each under its parent, or a root when its parent is not among them. */
  private forest(rows: DepartmentListRow[]): DepartTreeNode[] {
    const ids = new Set(rows.map((r) => r.id));
    const build = (parentId: string | null): DepartTreeNode[] =>
      rows
        .filter((r) =>
          parentId === null ? r.parentId === null || !ids.has(r.parentId) : r.parentId === parentId,
        )
        .sort(byOrder)
        .map((r) => ({ ...r, children: build(r.id) }));
    return build(null);
  }

  /** queryTreeList: the whole tree the caller sees. */
  async tree(auth: AuthContext): Promise<DepartTreeNode[]> {
    return this.forest((await this.visible(auth)).rows);
  }

  /** queryIdTree: the tree for tree selects, named in the caller's language. */
  async idTree(auth: AuthContext, locale: Locale): Promise<DepartIdTreeNode[]> {
    const toNode = (d: DepartTreeNode): DepartIdTreeNode => ({
      key: d.id,
      value: d.id,
      title: (locale === 'zh-CN' ? d.departNameZh : null) ?? d.departName,
      orgCode: d.orgCode,
      children: d.children.map(toNode),
    });
    return (await this.tree(auth)).map(toNode);
  }

  /** searchBy: the departments whose name (either language) or code contains the text, with their ancestors. */
  async search(auth: AuthContext, text: string): Promise<DepartTreeNode[]> {
    const { rows } = await this.visible(auth);
    const needle = text.toLowerCase();
    const keep = new Set<string>();
    for (const d of rows) {
      const hit = [d.departName, d.departNameZh ?? '', d.orgCode].some((v) =>
        v.toLowerCase().includes(needle),
      );
      if (!hit) continue;
      for (let cur: DepartmentListRow | undefined = d; cur && !keep.has(cur.id); ) {
        keep.add(cur.id);
        const parentId: string | null = cur.parentId;
        cur = rows.find((r) => r.id === parentId);
      }
    }
    return this.forest(rows.filter((d) => keep.has(d.id)));
  }

  /** list: flat and paged (name search, one parent's children). */
  async list(auth: AuthContext, query: ListQuery): Promise<Page<DepartmentListRow>> {
    const { rows } = await this.visible(auth);
    const needle = query.keyword?.toLowerCase();
    const filtered = rows.filter(
      (d) =>
        (!query.parentId || d.parentId === query.parentId) &&
        (!needle ||
          [d.departName, d.departNameZh ?? '', d.orgCode].some((v) => v.toLowerCase().includes(needle))),
    );
    const column = query.column as keyof DepartmentListRow | undefined;
    const sorted = [...filtered].sort((a, b) => {
      if (column) {
        const [x, y] = [a[column], b[column]];
        const cmp =
          x instanceof Date && y instanceof Date
            ? x.getTime() - y.getTime()
            : typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x ?? '').localeCompare(String(y ?? ''));
        if (cmp !== 0) return query.order === 'desc' ? -cmp : cmp;
      }
      return a.orgCode.localeCompare(b.orgCode);
    });
    const start = (query.pageNo - 1) * query.pageSize;
    return pageOf(sorted.slice(start, start + query.pageSize), sorted.length, query);
  }

  async byId(auth: AuthContext, id: string): Promise<DepartmentListRow> {
    return this.visibleOne(auth, id);
  }

  /** An agent a department may carry: an agent-type company in the caller's scope. */
  private async checkAgent(scope: DataScope, agentId: string | null | undefined) {
    if (!agentId) return;
    const company = inScope(scope, agentId) ? await this.services.companies.find(agentId) : undefined;
    if (!company) throw new AppError('COMPANY_NOT_FOUND', 400);
    if (company.type !== 'agent') throw new AppError('DEPART_AGENT_NOT_AGENT', 400);
  }

  /** A new department with the next org code of its level (a top-level one: the platform only). */
  async add(auth: AuthContext, input: DepartInput): Promise<DepartmentListRow> {
    const { scope } = await this.visible(auth);
    const parent = input.parentId ? await this.visibleOne(auth, input.parentId) : undefined;
    if (!parent && scope.kind !== 'all') throw new AppError('NO_OPERATION_PERMISSION', 403);
    await this.checkAgent(scope, input.agentId);
    const prefix = parent?.orgCode ?? '';
    // Two adds at once may pick the same code: the unique index refuses one, which tries the next.
    for (let attempt = 0; ; attempt++) {
      const orgCode = nextOrgCode(prefix, await this.repo.codesStartingWith(prefix));
      if (!orgCode) throw new AppError('DEPART_CODES_EXHAUSTED', 409);
      try {
        const { id } = await this.repo.insert({
          parentId: parent?.id ?? null,
          departName: input.departName,
          departNameZh: input.departNameZh,
          agentId: input.agentId ?? null,
          sortNo: input.sortNo,
          orgCode,
        });
        return this.byId(auth, id);
      } catch (error) {
        if (attempt < 5 && isUniqueViolation(error, 'departments_org_code_uq')) continue;
        throw error;
      }
    }
  }

  /** Changes names, agent and sort; the parent and org code stay. */
  async edit(auth: AuthContext, input: DepartEdit): Promise<DepartmentListRow> {
    const { scope } = await this.visible(auth);
    await this.visibleOne(auth, input.id);
    await this.checkAgent(scope, input.agentId);
    await this.repo.update(input.id, {
      departName: input.departName,
      departNameZh: input.departNameZh,
      agentId: input.agentId ?? null,
      sortNo: input.sortNo,
    });
    return this.byId(auth, input.id);
  }

  /** Deletes departments (all or none); refused while users or sub-departments remain in them. */
  async remove(auth: AuthContext, ids: string[]): Promise<number> {
    const { rows } = await this.visible(auth);
    if (ids.some((id) => !rows.some((d) => d.id === id))) throw new AppError('DEPART_NOT_FOUND', 404);
    return withTransaction(
      this.db,
      async () => {
        const children = await this.repo.childrenOutside(ids);
        if (children > 0) throw new AppError('DEPART_HAS_CHILDREN', 409, { count: children });
        const members = await this.repo.memberCount(ids);
        if (members > 0) throw new AppError('DEPART_HAS_USERS', 409, { count: members });
        return this.repo.deleteAll(ids);
      },
      this.log,
    );
  }

  /** These departments as the list shows them (a user's, for getUserDepartList). */
  async listRowsOf(ids: string[]): Promise<DepartmentListRow[]> {
    const all = await this.all();
    return all.filter((d) => ids.includes(d.id));
  }

  /** queryAgentCustomerList: the departments right under an agent's (its customers'). */
  async agentCustomers(auth: AuthContext, agentId: string): Promise<DepartmentListRow[]> {
    const scope = await this.services.companies.dataScopeOf(auth);
    if (!inScope(scope, agentId)) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const all = await this.all();
    const agentDeparts = new Set(all.filter((d) => d.agentId === agentId).map((d) => d.id));
    return all.filter((d) => d.parentId !== null && agentDeparts.has(d.parentId)).sort(byOrder);
  }

  // --- for other modules ---

  create(values: DepartmentValues) {
    return this.repo.insert(values);
  }
  /** The department of an agent-type company, under which its customers' departments sit. */
  departmentOfAgent(agentCompanyId: string) {
    return this.repo.findByAgent(agentCompanyId);
  }
  insertIfMissing(values: DepartmentValues) {
    return this.repo.insertIfMissing(values);
  }
  addUser(userId: string, departmentId: string) {
    return this.repo.addUser(userId, departmentId);
  }
  isOrgCodeTaken(orgCode: string, excludeId?: string) {
    return this.repo.existsOrgCode(orgCode, excludeId);
  }
  /** Which of these ids are departments. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    return new Set((await this.repo.byIds(ids)).map((d) => d.id));
  }
  byIds(ids: string[]) {
    return this.repo.byIds(ids);
  }
  byOrgCodes(codes: string[]) {
    return this.repo.byOrgCodes(codes);
  }
}

import type { Page, RateGroupKind } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { callerOf, type RateGroupAccess } from './access';
import type { ResellerFloor } from './floor';
import type { RateReads } from './reads';
import type { GroupFilters, RateRepo } from './repo';

/**
 * Rate groups (SMS, voice, number detection) owned by the platform or a reseller, and their
 * assignment to companies: a company is priced by the group of each kind assigned to it.
 */
export class RateGroupService {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly access: RateGroupAccess,
    private readonly floor: ResellerFloor,
    private readonly reads: RateReads,
    private readonly deps: Pick<Services, 'companies'>,
  ) {}

  /** Groups with their owner's name (through the company module) and whether the caller may change them. */
  private async withNames<T extends { ownerCompanyId: string | null }>(auth: AuthContext, rows: T[]) {
    const owners = [...new Set(rows.flatMap((r) => (r.ownerCompanyId ? [r.ownerCompanyId] : [])))];
    const names = await this.deps.companies.namesOf(owners);
    return rows.map((r) => ({
      ...r,
      ownerCompanyName: r.ownerCompanyId ? (names.get(r.ownerCompanyId) ?? null) : null,
      editable: this.access.canEdit(auth, r),
    }));
  }

  async list(
    auth: AuthContext,
    query: { pageNo: number; pageSize: number } & GroupFilters,
  ): Promise<
    Page<
      Awaited<ReturnType<RateRepo['listGroups']>>[number] & {
        ownerCompanyName: string | null;
        editable: boolean;
      }
    >
  > {
    const visibility = await this.access.visibility(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    if (!callerOf(auth).staff) filters.owner = undefined;
    const page = await paginate(
      query,
      () => this.repo.countGroups(visibility, filters),
      (limit, offset) => this.repo.listGroups(visibility, filters, limit, offset),
    );
    return { ...page, records: await this.withNames(auth, page.records) };
  }

  /** The groups an export writes: the list's filters and sort, in the caller's scope, at most `limit`. */
  async export(auth: AuthContext, query: GroupFilters, limit: number) {
    const visibility = await this.access.visibility(auth);
    const {
      pageNo: _p,
      pageSize: _s,
      ...filters
    } = query as GroupFilters & {
      pageNo?: number;
      pageSize?: number;
    };
    if (!callerOf(auth).staff) filters.owner = undefined;
    return this.withNames(auth, await this.repo.listGroups(visibility, filters, limit, 0));
  }

  async get(auth: AuthContext, id: string) {
    const visibility = await this.access.visibility(auth);
    await this.access.visibleGroup(auth, id, visibility);
    const companyIds = visibility.kind === 'all' ? null : visibility.companyIds;
    const [row] = await this.repo.listGroups(
      { kind: 'some', ownerIds: [], groupIds: [id], companyIds },
      {},
      1,
      0,
    );
    if (!row) throw new AppError('NOT_FOUND', 404);
    return (await this.withNames(auth, [row]))[0]!;
  }

  /** Staff add platform groups; a reseller adds groups of its own (for its customers). */
  async add(
    auth: AuthContext,
    input: {
      name: string;
      kind: RateGroupKind;
      remark?: string | null | undefined;
      isDefault?: boolean | undefined;
    },
  ) {
    const caller = callerOf(auth);
    const owner = caller.staff ? null : caller.reseller ? caller.companyId : null;
    if (!caller.staff && !owner) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const id = await withTransaction(this.db, async () => {
      if (await this.repo.groupNameTaken(owner, input.name)) throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      const row = await this.insertGroupOrTaken({
        name: input.name,
        kind: input.kind,
        ownerCompanyId: owner,
        remark: input.remark ?? null,
      });
      if (input.isDefault) await this.repo.makeDefault(row);
      return row.id;
    });
    return this.get(auth, id);
  }

  private async insertGroupOrTaken(values: Parameters<RateRepo['insertGroup']>[0]) {
    try {
      return await this.repo.insertGroup(values);
    } catch (error) {
      if (isUniqueViolation(error, 'rate_groups_owner_name_uq'))
        throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      throw error;
    }
  }

  /** Name and remark; `isDefault` true makes it its owner's default of its kind, false stops it being one. */
  async edit(
    auth: AuthContext,
    input: { id: string; name: string; remark?: string | null | undefined; isDefault?: boolean | undefined },
  ) {
    await withTransaction(this.db, async () => {
      const group = await this.access.editableGroup(auth, input.id);
      if (await this.repo.groupNameTaken(group.ownerCompanyId, input.name, group.id))
        throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      await this.repo.updateGroup(group.id, {
        name: input.name,
        remark: input.remark ?? null,
        ...(input.isDefault === false ? { isDefault: false } : {}),
      });
      if (input.isDefault === true && !group.isDefault) await this.repo.makeDefault(group);
    });
    return this.get(auth, input.id);
  }

  /**
   * Deletes groups with their rates, all or none: a group out of the caller's sight is NOT_FOUND,
   * one it may not change NO_OPERATION_PERMISSION, and any still assigned to a company refuses
   * the whole request, naming the groups (one group: how many companies use it).
   */
  async remove(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const visibility = await this.access.visibility(auth);
      const found = await this.repo.findGroups(ids, true);
      if (found.length !== new Set(ids).size || found.some((g) => !this.access.canSee(visibility, g)))
        throw new AppError('NOT_FOUND', 404);
      if (found.some((g) => !this.access.canEdit(auth, g)))
        throw new AppError('NO_OPERATION_PERMISSION', 403);
      const counts = await this.repo.assignedCounts(found.map((g) => g.id));
      const inUse = found.filter((g) => counts.has(g.id));
      if (inUse.length > 0) {
        if (found.length === 1)
          throw new AppError('RATE_GROUP_IN_USE', 409, { count: counts.get(found[0]!.id) ?? 0 });
        throw new AppError('RATE_GROUPS_IN_USE', 409, {
          names: inUse
            .map((g) => g.name)
            .sort()
            .join(', '),
        });
      }
      const deleted = await this.repo.deleteGroups(found.map((g) => g.id));
      await this.reads.changed();
      return deleted.length;
    });
  }

  /** A new group of the caller's with every rate of a group it may see, under a new name. */
  async copy(auth: AuthContext, input: { id: string; name: string }) {
    const caller = callerOf(auth);
    if (!caller.staff && !caller.reseller) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const source = await this.access.visibleGroup(auth, input.id);
    const owner = caller.staff ? source.ownerCompanyId : caller.companyId;
    const id = await withTransaction(this.db, async () => {
      if (await this.repo.groupNameTaken(owner, input.name)) throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      const copy = await this.insertGroupOrTaken({
        name: input.name,
        kind: source.kind,
        ownerCompanyId: owner,
        remark: source.remark,
      });
      const rows = await this.repo.ratesOfGroup(source.id);
      await this.repo.insertRates(
        rows.map(({ id: _id, groupId: _g, createdAt: _c, updatedAt: _u, ...r }) => ({
          ...r,
          groupId: copy.id,
        })),
      );
      // A new group is assigned to nobody: the rule has nothing to compare yet.
      await this.floor.enforceForGroup(copy.id);
      return copy.id;
    });
    return this.get(auth, id);
  }

  /**
   * Assigns a group of a kind to a company (null: removes it). Staff assign platform groups, or a
   * reseller's own group to that reseller's customers; a reseller assigns its own groups to its
   * own customers.
   */
  async assign(auth: AuthContext, input: { companyId: string; kind: RateGroupKind; groupId: string | null }) {
    const caller = callerOf(auth);
    await this.deps.companies.assertInScope(auth, [input.companyId]);
    const company = await this.deps.companies.find(input.companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND', 404);
    if (!caller.staff && (!caller.reseller || company.parentCompanyId !== caller.companyId))
      throw new AppError('NO_OPERATION_PERMISSION', 403);
    await withTransaction(this.db, async () => {
      if (input.groupId !== null) {
        // Another tenant's group does not exist for the caller, as for every other route.
        const group = await this.access.visibleGroup(auth, input.groupId);
        const allowed = caller.staff
          ? group.ownerCompanyId === null || group.ownerCompanyId === company.parentCompanyId
          : group.ownerCompanyId === caller.companyId;
        if (!allowed) throw new AppError('NO_OPERATION_PERMISSION', 403);
        if (group.kind !== input.kind)
          throw new AppError('RATE_GROUP_KIND_MISMATCH', 400, { kind: input.kind });
      }
      await this.repo.assign(company.id, input.kind, input.groupId);
      await this.floor.enforce([{ companyId: company.id, kind: input.kind }]);
      await this.reads.changed();
    });
    return this.assignmentsFor(auth, company.id);
  }

  /**
   * The owners whose groups the caller may give this company: staff the platform's and the
   * company's reseller's; a reseller its own, for its own customers.
   */
  private ownersInReach(auth: AuthContext, company: { parentCompanyId: string | null }): (string | null)[] {
    const caller = callerOf(auth);
    if (caller.staff) return company.parentCompanyId ? [null, company.parentCompanyId] : [null];
    if (caller.reseller && caller.companyId && company.parentCompanyId === caller.companyId)
      return [caller.companyId];
    return [];
  }

  /** The company's reseller's default SMS group (a direct customer: the platform's), if in the caller's reach. */
  private async defaultFor(auth: AuthContext, company: { parentCompanyId: string | null }) {
    const found = await this.repo.defaultGroupOf(company.parentCompanyId, 'sms');
    return found && this.ownersInReach(auth, company).includes(found.ownerCompanyId) ? found : undefined;
  }

  /**
   * What an approval may give a company (the caller's scope of companies already checked): the
   * SMS groups in the caller's reach, and the default it is given unless the approver chooses.
   */
  async forApproval(auth: AuthContext, companyId: string) {
    const company = await this.deps.companies.find(companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND', 404);
    const groups = await this.repo.groupsOfOwners(this.ownersInReach(auth, company), 'sms');
    const withNames = await this.withNames(auth, groups);
    return {
      companyId,
      defaultGroupId: (await this.defaultFor(auth, company))?.id ?? null,
      groups: withNames.map((g) => ({
        id: g.id,
        name: g.name,
        ownerCompanyId: g.ownerCompanyId,
        ownerCompanyName: g.ownerCompanyName,
        isDefault: g.isDefault,
      })),
    };
  }

  /**
   * Gives a company being approved its SMS group, inside the approval's transaction: `groupId`
   * one in the approver's reach (else RATE_GROUP_NOT_ASSIGNABLE), undefined the default of its
   * reseller or the platform (when it has no SMS group yet), null none.
   */
  async assignAtApproval(auth: AuthContext, companyId: string, groupId: string | null | undefined) {
    if (groupId === null) return;
    await withTransaction(this.db, async () => {
      const company = await this.deps.companies.find(companyId);
      if (!company) throw new AppError('COMPANY_NOT_FOUND', 404);
      let group: Awaited<ReturnType<RateRepo['findGroup']>>;
      if (groupId === undefined) {
        const current = await this.repo.assignmentsOf([companyId]);
        if (current.some((a) => a.kind === 'sms')) return;
        group = await this.defaultFor(auth, company);
        if (!group) return;
      } else {
        group = await this.repo.findGroup(groupId);
        if (!group || !this.ownersInReach(auth, company).includes(group.ownerCompanyId))
          throw new AppError('RATE_GROUP_NOT_ASSIGNABLE', 400);
        if (group.kind !== 'sms') throw new AppError('RATE_GROUP_KIND_MISMATCH', 400, { kind: 'sms' });
      }
      await this.repo.assign(company.id, 'sms', group.id);
      await this.floor.enforce([{ companyId: company.id, kind: 'sms' }]);
      await this.reads.changed();
    });
  }

  async assignmentsFor(auth: AuthContext, companyId: string) {
    await this.deps.companies.assertInScope(auth, [companyId]);
    const rows = await this.repo.assignmentsOf([companyId]);
    return {
      companyId,
      groups: (['sms', 'voice', 'nd'] as const).map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return { kind, groupId: row?.groupId ?? null, groupName: row?.groupName ?? null };
      }),
    };
  }
}

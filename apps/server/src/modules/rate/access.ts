import { hasPlatformScope, hasResellerScope } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { GroupVisibility, RateGroupRow, RateRepo } from './repo';

/** Who is asking: platform staff, a reseller, and the caller's company. */
export interface Caller {
  staff: boolean;
  reseller: boolean;
  companyId: string | null;
}

export const callerOf = (auth: AuthContext): Caller => ({
  staff: hasPlatformScope(auth.roles),
  reseller: hasResellerScope(auth.roles),
  companyId: auth.user.companyId,
});

/**
 * Which rate groups a caller sees and may change. Administrators see all; sales the platform's,
 * and those owned by or assigned to the companies in their scope; resellers those owned in their
 * scope and those assigned to them; customers those assigned to them. Staff change any group, a
 * reseller its own.
 */
export class RateGroupAccess {
  constructor(
    private readonly repo: RateRepo,
    private readonly deps: Pick<Services, 'companies'>,
  ) {}

  /** The groups a caller may see (group lists count only companies in scope). */
  async visibility(auth: AuthContext): Promise<GroupVisibility> {
    const caller = callerOf(auth);
    const scope = await this.deps.companies.dataScopeOf(auth);
    if (scope.kind === 'all') return { kind: 'all' };
    const companyIds = scope.companyIds;
    if (caller.staff) {
      const assigned = (await this.repo.assignmentsOf(companyIds)).map((a) => a.groupId);
      return { kind: 'some', platform: true, ownerIds: companyIds, groupIds: assigned, companyIds };
    }
    if (!caller.companyId) return { kind: 'some', ownerIds: [], groupIds: [], companyIds: [] };
    const assigned = (await this.repo.assignmentsOf([caller.companyId])).map((a) => a.groupId);
    return { kind: 'some', ownerIds: caller.reseller ? companyIds : [], groupIds: assigned, companyIds };
  }

  canSee(visibility: GroupVisibility, group: RateGroupRow): boolean {
    if (visibility.kind === 'all') return true;
    return (
      (visibility.platform === true && group.ownerCompanyId === null) ||
      visibility.groupIds.includes(group.id) ||
      (group.ownerCompanyId !== null && visibility.ownerIds.includes(group.ownerCompanyId))
    );
  }

  canEdit(auth: AuthContext, group: Pick<RateGroupRow, 'ownerCompanyId'>): boolean {
    const caller = callerOf(auth);
    if (caller.staff) return true;
    return caller.reseller && caller.companyId !== null && group.ownerCompanyId === caller.companyId;
  }

  /** A group the caller may see (NOT_FOUND otherwise: others' groups do not exist for them). */
  async visibleGroup(auth: AuthContext, id: string, visibility?: GroupVisibility): Promise<RateGroupRow> {
    const group = await this.repo.findGroup(id);
    if (!group || !this.canSee(visibility ?? (await this.visibility(auth)), group))
      throw new AppError('NOT_FOUND', 404);
    return group;
  }

  /** A group the caller may change, locked for the rest of the transaction. */
  async editableGroup(auth: AuthContext, id: string): Promise<RateGroupRow> {
    const group = await this.visibleGroup(auth, id);
    if (!this.canEdit(auth, group)) throw new AppError('NO_OPERATION_PERMISSION', 403);
    return (await this.repo.findGroup(id, true)) ?? group;
  }
}

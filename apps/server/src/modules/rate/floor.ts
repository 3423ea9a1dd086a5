import { formatMoney, type RateGroupKind } from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { RateRepo, RateRow } from './repo';
import { belowParent, describeRate, operatorOf } from './resolve';

/** Rows named in a not-lower message (all are in the error's result). */
const ROWS_NAMED_MAX = 10;

/** One offending row of the not-lower rule. */
export interface BelowRow {
  groupId: string;
  rateId: string;
  /** The reseller's rate it is below. */
  parentRateId: string;
  destination: string;
  price: string;
  minimum: string;
}

export const describeBelow = (b: BelowRow) => `${b.destination} ${b.price} < ${b.minimum}`;

/**
 * The rule that a reseller's customer is never priced below the reseller: checked, inside the
 * changing transaction, on every change of a group, its rates or an assignment.
 */
export class ResellerFloor {
  constructor(
    private readonly repo: RateRepo,
    private readonly deps: Pick<Services, 'companies'>,
  ) {}

  /** The companies (with the kind) whose prices a change of this group can affect. */
  async companiesToCheck(groupId: string): Promise<{ companyId: string; kind: RateGroupKind }[]> {
    const group = await this.repo.findGroup(groupId);
    if (!group) return [];
    return (await this.repo.companiesOfGroup(groupId)).map((c) => ({
      companyId: c.companyId,
      kind: group.kind,
    }));
  }

  /**
   * Every rate, of these companies' groups and of their customers' groups, below the price of the
   * reseller above it for the same destination. Reads inside the caller's transaction, uncached.
   */
  async violations(targets: { companyId: string; kind: RateGroupKind }[]): Promise<BelowRow[]> {
    if (targets.length === 0) return [];
    const operators = await this.repo.listOperators();
    const operatorFor = (digits: string, country: string) => operatorOf(digits, country, operators);
    const pairs: { child: string; parent: string; kind: RateGroupKind }[] = [];
    const companyIds = [...new Set(targets.map((t) => t.companyId))];
    for (const t of targets) {
      const company = await this.deps.companies.find(t.companyId);
      if (company?.parentCompanyId)
        pairs.push({ child: t.companyId, parent: company.parentCompanyId, kind: t.kind });
    }
    for (const child of await this.deps.companies.childrenOf(companyIds)) {
      for (const t of targets.filter((x) => x.companyId === child.parentCompanyId)) {
        pairs.push({ child: child.id, parent: t.companyId, kind: t.kind });
      }
    }
    const groupsOf = new Map<string, Map<RateGroupKind, string>>();
    const allIds = [...new Set(pairs.flatMap((p) => [p.child, p.parent]))];
    for (const a of await this.repo.assignmentsOf(allIds)) {
      if (!groupsOf.has(a.companyId)) groupsOf.set(a.companyId, new Map());
      groupsOf.get(a.companyId)!.set(a.kind, a.groupId);
    }
    const ratesOf = new Map<string, RateRow[]>();
    const load = async (groupId: string) => {
      if (!ratesOf.has(groupId)) ratesOf.set(groupId, await this.repo.ratesOfGroup(groupId));
      return ratesOf.get(groupId)!;
    };
    const found = new Map<string, BelowRow>();
    for (const pair of pairs) {
      const childGroup = groupsOf.get(pair.child)?.get(pair.kind);
      const parentGroup = groupsOf.get(pair.parent)?.get(pair.kind);
      if (!childGroup || !parentGroup || childGroup === parentGroup) continue;
      for (const b of belowParent(await load(childGroup), await load(parentGroup), operatorFor)) {
        found.set(b.child.id, {
          groupId: childGroup,
          rateId: b.child.id,
          parentRateId: b.parent.id,
          destination: describeRate(b.child),
          price: formatMoney(b.child.price),
          minimum: formatMoney(b.parent.price),
        });
      }
    }
    return [...found.values()];
  }

  /** `enforce` for the companies a change of this group can affect. */
  async enforceForGroup(groupId: string) {
    await this.enforce(await this.companiesToCheck(groupId));
  }

  /** RATE_BELOW_RESELLER naming the rates below their reseller's (the first few), if any. */
  async enforce(targets: { companyId: string; kind: RateGroupKind }[]) {
    const below = await this.violations(targets);
    if (below.length === 0) return;
    const named = below.slice(0, ROWS_NAMED_MAX).map(describeBelow).join('; ');
    throw new AppError(
      'RATE_BELOW_RESELLER',
      400,
      { rows: below.length > ROWS_NAMED_MAX ? `${named}; … (${below.length})` : named },
      { rows: below },
    );
  }
}

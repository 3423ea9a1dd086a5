import type { DataRuleCondition } from '@switchboard/contracts';
import type { SQL } from 'drizzle-orm';
import type { AuthContext } from '../../platform/access';
import { type DataRuleCaller, type DataRuleList, dataRuleWhere } from '../../platform/data-rules';
import type { Db } from '../../platform/db';
import type { Services } from '../../platform/module';
import { PermissionRepo } from './repo';

/**
 * The data rules of lists (see platform/data-rules): the condition a caller's roles put on a list,
 * read afresh on each call (rules change rarely, but a change must show at once).
 */
export class DataRuleService {
  private readonly repo: PermissionRepo;

  constructor(
    db: Db,
    private readonly services: Pick<Services, 'companies'>,
  ) {
    this.repo = new PermissionRepo(db);
  }

  /** The where-condition of the caller's rules on `list` (undefined: not filtered). */
  async where(auth: AuthContext, list: DataRuleList): Promise<SQL | undefined> {
    const rules = await this.repo.appliedRules(auth.roleIds, list.permission);
    if (rules.length === 0) return undefined;
    const caller: DataRuleCaller = {
      username: auth.user.username,
      orgCode: auth.user.orgCode,
      companyId: auth.user.companyId,
    };
    if (rules.some((r) => r.condition === 'scope'))
      caller.scope = await this.services.companies.dataScopeOf(auth);
    return dataRuleWhere(
      list,
      rules.map((r) => ({ column: r.column, condition: r.condition as DataRuleCondition, value: r.value })),
      caller,
    );
  }
}

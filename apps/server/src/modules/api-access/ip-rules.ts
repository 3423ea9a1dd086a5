import {
  API_IP_RULES_MAX,
  type apiIpRuleAddSchema,
  type apiIpRuleListQuerySchema,
  type Page,
} from '@switchboard/contracts';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import { paginate } from '../../platform/paging';
import type { ApiCompanyScope } from './company-scope';
import type { ApiAccessRepo, ApiIpRuleRow } from './repo';

export type ApiIpRuleView = ApiIpRuleRow & { companyName: string };

/** The API IP whitelist of companies: the addresses allowed to call the API (empty: any). */
export class ApiIpRules {
  constructor(
    private readonly db: Db,
    private readonly repo: ApiAccessRepo,
    private readonly scope: ApiCompanyScope,
    /** Called after every change: verification reads the whitelist afresh. */
    private readonly changed: () => Promise<void>,
  ) {}

  async list(
    auth: AuthContext,
    query: z.output<typeof apiIpRuleListQuerySchema>,
  ): Promise<Page<ApiIpRuleView>> {
    const { scope, companyId } = await this.scope.listScope(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countRules(scope, companyId),
      (limit, offset) => this.repo.listRules(scope, companyId, limit, offset),
    );
    const names = await this.scope.namesOf(page.records.map((r) => r.companyId));
    return {
      ...page,
      records: page.records.map((r) => ({ ...r, companyName: names.get(r.companyId) ?? '' })),
    };
  }

  async add(auth: AuthContext, input: z.output<typeof apiIpRuleAddSchema>): Promise<ApiIpRuleView> {
    const companyId = await this.scope.companyFor(auth, input.companyId, 'write');
    if (!isValidIpRule(input.rule))
      throw new AppError('IP_RULE_INVALID', 400, { value: input.rule.slice(0, 64) });
    const rule = normaliseRule(input.rule);
    const row = await withTransaction(this.db, async () => {
      await this.repo.lockCompany('ipRules', companyId);
      if ((await this.repo.countRules({ kind: 'all' }, companyId)) >= API_IP_RULES_MAX) {
        throw new AppError('API_IP_RULES_LIMIT', 409, { max: API_IP_RULES_MAX });
      }
      const inserted = await this.repo.insertRule({
        companyId,
        rule,
        note: input.note ?? null,
        createdBy: auth.user.username,
      });
      if (!inserted) throw new AppError('API_IP_RULE_EXISTS', 409);
      return inserted;
    });
    await this.changed();
    const names = await this.scope.namesOf([companyId]);
    return { ...row, companyName: names.get(companyId) ?? '' };
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    const row = await this.scope.objectInScope(auth, await this.repo.findRule(id));
    await this.scope.checkCompany(auth, row.companyId, 'write');
    await this.repo.deleteRule(id);
    await this.changed();
  }
}

/**
 * One spelling per address or range, so that a rule is not added twice: IPv6 compressed and in
 * lower case, a range by its network address (`10.1.2.3/8` is `10.0.0.0/8`).
 */
export function normaliseRule(rule: string): string {
  if (rule.includes('/')) {
    const [range, bits] = ipaddr.parseCIDR(rule);
    const network =
      range.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(rule)
        : ipaddr.IPv6.networkAddressFromCIDR(rule);
    return `${network.toString()}/${bits}`;
  }
  const ip = ipaddr.parse(rule);
  // ::ffff:1.2.3.4 is the IPv4 address 1.2.3.4 (as the whitelist check reads it).
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (ip as ipaddr.IPv6).toIPv4Address().toString();
  }
  return ip.toString();
}

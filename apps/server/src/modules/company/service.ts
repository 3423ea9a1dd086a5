import {
  type companyListQuerySchema,
  hasPlatformScope,
  hasResellerScope,
  type Page,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import { paginate } from '../../platform/paging';
import { type DataScope, inScope } from '../../platform/scope';
import { CompanyRepo, type CompanyRow, type CompanyValues } from './repo';

export type CompanyListRow = Awaited<ReturnType<CompanyRepo['list']>>[number];

/** Companies, and which of them a caller may see (the data scope every module applies). */
export class CompanyService {
  private readonly repo: CompanyRepo;

  constructor(db: Db) {
    this.repo = new CompanyRepo(db);
  }

  /**
   * Which companies' rows a caller may see: all for platform staff, a reseller's own company and
   * every company below it, a customer's own company, nothing for anyone else.
   */
  async dataScopeOf(auth: AuthContext): Promise<DataScope> {
    if (hasPlatformScope(auth.roles)) return { kind: 'all' };
    const own = auth.user.companyId;
    if (!own) return { kind: 'companies', companyIds: [] };
    if (!hasResellerScope(auth.roles)) return { kind: 'companies', companyIds: [own] };
    return { kind: 'companies', companyIds: await this.repo.subtreeIds(own) };
  }

  /** Companies the caller may see: all for staff, own subtree for resellers, own for customers. */
  async list(
    auth: AuthContext,
    query: z.output<typeof companyListQuerySchema>,
  ): Promise<Page<CompanyListRow>> {
    const scope = await this.dataScopeOf(auth);
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
    return paginate(
      query,
      () => this.repo.count(scope, filters),
      (limit, offset) => this.repo.list(scope, filters, limit, offset),
    );
  }

  async setIpWhitelist(auth: AuthContext, companyId: string, rules: string[]): Promise<string[]> {
    if (!inScope(await this.dataScopeOf(auth), companyId)) throw new AppError('NO_OPERATION_PERMISSION', 403);
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

  find(id: string): Promise<CompanyRow | undefined> {
    return this.repo.find(id);
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

import { hasPlatformScope } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { DataScope } from '../../platform/scope';

export type Mode = 'read' | 'write';

/** An approved company that is neither frozen nor disabled (read fresh on every call: a freeze stops its API at once). */
export function companyMayUseApi(company: {
  approvalStatus: string;
  frozen: boolean;
  enabled: boolean;
}): boolean {
  return company.approvalStatus === 'approved' && !company.frozen && company.enabled;
}

/**
 * Whose API access a caller may see and change: a customer manages its own company's; a reseller
 * (distributor, agent) manages its own and reads its customers'; platform staff manage any
 * company in their scope.
 */
export class ApiCompanyScope {
  constructor(private readonly services: Pick<Services, 'companies'>) {}

  /**
   * The company a call is about: the one named, else the caller's own. Reading: any company in
   * the caller's scope. Changing: one's own company, or for platform staff any in scope.
   */
  async companyFor(auth: AuthContext, companyId: string | undefined, mode: Mode): Promise<string> {
    const own = auth.user.companyId;
    const id = companyId ?? own;
    if (!id) throw new AppError('FIELD_REQUIRED', 400, { field: 'companyId' });
    await this.checkCompany(auth, id, mode);
    return id;
  }

  async checkCompany(auth: AuthContext, companyId: string, mode: Mode): Promise<void> {
    if (mode === 'write' && !hasPlatformScope(auth.roles) && companyId !== auth.user.companyId) {
      throw new AppError('NO_OPERATION_PERMISSION', 403);
    }
    await this.services.companies.assertInScope(auth, [companyId]);
    if (!(await this.services.companies.find(companyId))) throw new AppError('NOT_FOUND', 404);
  }

  /** What a list covers: one named company (checked), the caller's own, or staff's whole scope. */
  async listScope(
    auth: AuthContext,
    companyId: string | undefined,
  ): Promise<{ scope: DataScope; companyId: string | undefined }> {
    const scope = await this.services.companies.scopeFor(auth, companyId);
    if (companyId) return { scope, companyId };
    return { scope, companyId: auth.user.companyId ?? undefined };
  }

  /** A row the caller may see (404 otherwise). */
  objectInScope<T extends { companyId: string }>(auth: AuthContext, row: T | undefined): Promise<T> {
    return this.services.companies.objectInScope(auth, row);
  }

  async namesOf(companyIds: string[]): Promise<Map<string, string>> {
    return this.services.companies.namesOf([...new Set(companyIds)]);
  }

  /** Whether a company may use the API and SMPP now (approved, neither frozen nor disabled). */
  async active(companyId: string): Promise<boolean> {
    const company = await this.services.companies.findCached(companyId);
    return Boolean(company && companyMayUseApi(company));
  }
}

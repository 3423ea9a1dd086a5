import type { DepartInfo, Department } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { type DepartmentValues, DepartRepo } from './repo';

/** Departments: which a user belongs to, the current one, and the agent behind it. */
export class DepartService {
  private readonly repo: DepartRepo;

  constructor(
    db: Db,
    private readonly services: Services,
  ) {
    this.repo = new DepartRepo(db);
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
      orgCode: current?.orgCode ?? null,
    };
  }

  /** Makes one of the caller's departments the current one; answers the new user info. */
  async select(auth: AuthContext, orgCode: string, username: string | undefined) {
    if (username && username !== auth.user.username) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const departs = await this.repo.forUser(auth.user.id);
    if (departs.length === 0) throw new AppError('NO_DEPARTMENT', 400);
    if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError('DEPARTMENT_NOT_YOURS', 403);
    const user = await this.services.users.update(auth.user.id, { orgCode });
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    return this.services.auth.userInfo(user);
  }

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
}

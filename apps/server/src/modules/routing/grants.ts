import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { RoutingRepo } from './repo';

const NO_PERMISSION = () => new AppError('NO_OPERATION_PERMISSION', 403);

/**
 * Who may use which gateways: platform staff grant gateways to a reseller (an empty grant: any),
 * and a reseller chooses among its own for each of its customers.
 */
export class GatewayGrants {
  constructor(
    private readonly db: Db,
    private readonly repo: RoutingRepo,
    private readonly services: Pick<Services, 'companies' | 'gateways'>,
    /** Gateways a company may use (undefined: any): the routing service's cached answer. */
    private readonly allowedFor: (companyId: string) => Promise<Set<string> | undefined>,
    /** Routing data changed: forget it once committed, in every process. */
    private readonly changed: () => Promise<void>,
  ) {}

  private async reseller(companyId: string) {
    const company = await this.services.companies.find(companyId);
    if (!company) throw NO_PERMISSION();
    return company;
  }

  async grantList(auth: AuthContext, companyId: string) {
    await this.services.companies.assertInScope(auth, [companyId]);
    await this.reseller(companyId);
    const granted = new Set((await this.repo.grantsOf([companyId])).get(companyId) ?? []);
    return {
      companyId,
      gateways: (await this.services.gateways.options()).map((g) => ({ ...g, granted: granted.has(g.id) })),
    };
  }

  /** Replaces a reseller's grants; its customers' choices outside them are dropped. */
  async grantSave(auth: AuthContext, input: { companyId: string; gatewayIds: string[] }) {
    await this.services.companies.assertInScope(auth, [input.companyId]);
    const company = await this.reseller(input.companyId);
    if (company.type !== 'agent') throw new AppError('GATEWAY_GRANT_NOT_RESELLER', 400);
    const ids = [...new Set(input.gatewayIds)];
    const known = new Set((await this.services.gateways.options(ids)).map((g) => g.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new AppError('ROUTE_GATEWAY_UNKNOWN', 400, { name: unknown });
    await withTransaction(this.db, async () => {
      await this.repo.setGrants(input.companyId, ids);
      if (ids.length > 0) {
        const children = (await this.services.companies.childrenOf([input.companyId])).map((c) => c.id);
        await this.repo.pruneChoices(children, ids);
      }
      await this.changed();
    });
    return this.grantList(auth, input.companyId);
  }

  /** The caller's own reseller company, or a refusal. */
  private async ownReseller(auth: AuthContext) {
    const own = auth.user.companyId;
    if (!own) throw NO_PERMISSION();
    const company = await this.services.companies.find(own);
    if (company?.type !== 'agent') throw NO_PERMISSION();
    return company;
  }

  private async optionsFor(companyId: string) {
    const allowed = await this.allowedFor(companyId);
    const all = await this.services.gateways.options();
    return {
      unrestricted: allowed === undefined,
      gateways: allowed ? all.filter((g) => allowed.has(g.id)) : all,
    };
  }

  /** `GET /sms/agent/gateway/list`: the gateways the caller's company may use and give its customers. */
  async agentGateways(auth: AuthContext) {
    return this.optionsFor((await this.ownReseller(auth)).id);
  }

  /** A customer of the caller's own (directly below it), or NO_OPERATION_PERMISSION as for an unknown id. */
  private async ownCustomer(auth: AuthContext, companyId: string) {
    const reseller = await this.ownReseller(auth);
    const customer = await this.services.companies.find(companyId);
    if (!customer || customer.parentCompanyId !== reseller.id) throw NO_PERMISSION();
    return reseller;
  }

  async customerGateways(auth: AuthContext, companyId: string) {
    const reseller = await this.ownCustomer(auth, companyId);
    const chosen = (await this.repo.choicesOf([companyId])).get(companyId) ?? [];
    return { companyId, gatewayIds: chosen, available: (await this.optionsFor(reseller.id)).gateways };
  }

  async saveCustomerGateways(auth: AuthContext, input: { companyId: string; gatewayIds: string[] }) {
    const reseller = await this.ownCustomer(auth, input.companyId);
    const available = new Set((await this.optionsFor(reseller.id)).gateways.map((g) => g.id));
    const ids = [...new Set(input.gatewayIds)];
    const outside = ids.find((id) => !available.has(id));
    if (outside) {
      const name = (await this.services.gateways.options([outside]))[0]?.name ?? outside;
      throw new AppError('GATEWAY_NOT_GRANTED', 400, { name });
    }
    await withTransaction(this.db, async () => {
      await this.repo.setChoices(input.companyId, ids);
      await this.changed();
    });
    return this.customerGateways(auth, input.companyId);
  }
}

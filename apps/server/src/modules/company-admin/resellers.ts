import {
  AGENT_CUSTOMER_SORTABLE,
  type AgentCustomerAdd,
  type agentCustomerAddSchema,
  type agentCustomerEditSchema,
  type agentCustomerListQuerySchema,
  type CompanyType,
  formatMoney,
  hasResellerScope,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { checkSortColumn } from '../../platform/resource';
import type { DataScope } from '../../platform/scope';
import type { CompanyRow } from '../company';
import { type CompanyListRow, CompanyRefused } from './service';

const NO_PERMISSION = () => new AppError('NO_OPERATION_PERMISSION', 403);

/**
 * The reseller desk (/sms/agent): a distributor's or agent's own customers (and a distributor's
 * agents), their creation, edits, freezing, balances and transfers from the reseller's balance.
 */
export class ResellerService {
  constructor(private readonly services: Pick<Services, 'companies' | 'companyAdmin' | 'ledger'>) {}

  /** The caller's own reseller company, or a refusal: only distributors and agents resell. */
  private async resellerOf(auth: AuthContext): Promise<CompanyRow> {
    const own = auth.user.companyId;
    if (!own || !hasResellerScope(auth.roles)) throw NO_PERMISSION();
    const company = await this.services.companies.find(own);
    if (company?.type !== 'agent') throw NO_PERMISSION();
    return company;
  }

  /** The companies below the caller's own (its customers; a distributor's agents and theirs). */
  private async customerIdsOf(reseller: CompanyRow): Promise<string[]> {
    return (await this.services.companies.subtreeIds(reseller.id)).filter((id) => id !== reseller.id);
  }

  private async assertCustomers(reseller: CompanyRow, ids: string[]) {
    const mine = new Set(await this.customerIdsOf(reseller));
    if (ids.some((id) => !mine.has(id))) throw NO_PERMISSION();
  }

  async agentList(auth: AuthContext, query: z.output<typeof agentCustomerListQuerySchema>) {
    checkSortColumn(query, AGENT_CUSTOMER_SORTABLE);
    const reseller = await this.resellerOf(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return this.services.companyAdmin.pageIn(
      { kind: 'companies', companyIds: await this.customerIdsOf(reseller) },
      query,
      filters,
    );
  }

  /** The reseller's own customers (a distributor's agents too), as the list filters and sorts them. */
  async agentExportRows(
    auth: AuthContext,
    query: z.output<typeof agentCustomerListQuerySchema>,
    limit: number,
  ): Promise<CompanyListRow[]> {
    checkSortColumn(query, AGENT_CUSTOMER_SORTABLE);
    const reseller = await this.resellerOf(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    const scope: DataScope = { kind: 'companies', companyIds: await this.customerIdsOf(reseller) };
    return this.services.companyAdmin.enrich(await this.services.companies.list(scope, filters, limit, 0));
  }

  /**
   * A reseller's new customer (a distributor's new agent): approved at once, the reseller
   * vouches for it, as staff do for the companies they create.
   */
  async agentAdd(auth: AuthContext, input: z.output<typeof agentCustomerAddSchema>) {
    const reseller = await this.resellerOf(auth);
    const isDistributor = reseller.parentCompanyId === null;
    if (input.type === 'agent' && !isDistributor) {
      throw new CompanyRefused('VALIDATION_FAILED', 400, [
        { field: 'type', code: 'COMPANY_TYPE_NOT_ALLOWED' },
      ]);
    }
    return this.services.companyAdmin.createApproved(auth, {
      ...(input as AgentCustomerAdd & { type: CompanyType }),
      country: input.country,
      parentCompanyId: reseller.id,
      salesUserId: null,
    });
  }

  async agentEdit(auth: AuthContext, input: z.output<typeof agentCustomerEditSchema>) {
    await this.assertCustomers(await this.resellerOf(auth), [input.id]);
    return this.services.companyAdmin.editContact(input);
  }

  async agentFreeze(auth: AuthContext, ids: string[], frozen: boolean) {
    await this.assertCustomers(await this.resellerOf(auth), ids);
    return this.services.companyAdmin.setFlag(auth, ids, 'frozen', frozen);
  }

  /** The reseller's own balance and each customer's, with what came in and what was charged. */
  async agentBalance(auth: AuthContext) {
    const reseller = await this.resellerOf(auth);
    const ids = await this.customerIdsOf(reseller);
    const [own, customers, balances, flows] = await Promise.all([
      this.services.ledger.balanceOf(reseller.id),
      this.services.companies.findMany(ids),
      this.services.ledger.balancesOf(ids),
      this.services.ledger.flowsOf(ids),
    ]);
    return {
      ...own,
      distributor: reseller.parentCompanyId === null,
      customers: customers
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => ({
          companyId: c.id,
          name: c.name,
          type: c.type,
          parentCompanyId: c.parentCompanyId,
          frozen: c.frozen,
          enabled: c.enabled,
          balance: balances.get(c.id)?.balance ?? 0n,
          creditLimit: balances.get(c.id)?.creditLimit ?? 0n,
          totalIn: flows.get(c.id)?.totalIn ?? 0n,
          totalCharged: flows.get(c.id)?.totalCharged ?? 0n,
        })),
    };
  }

  /**
   * Moves money from the reseller's balance to a customer's in its subtree: both sides or
   * neither; a repeated key counts once; never below the reseller's credit limit.
   */
  async agentTransfer(
    auth: AuthContext,
    input: { companyId: string; amount: bigint; idempotencyKey: string },
  ) {
    const reseller = await this.resellerOf(auth);
    await this.assertCustomers(reseller, [input.companyId]);
    const result = await this.services.ledger.transfer(
      reseller.id,
      input.companyId,
      input.amount,
      input.idempotencyKey,
      {
        actor: { userId: auth.user.id, username: auth.user.username },
        note: { code: 'transfer', params: { amount: formatMoney(input.amount, 2) } },
      },
    );
    const [mine, theirs] = await Promise.all([
      this.services.ledger.balanceOf(reseller.id),
      this.services.ledger.balanceOf(input.companyId),
    ]);
    return { replayed: result.replayed, balance: mine.balance, customerBalance: theirs.balance };
  }
}

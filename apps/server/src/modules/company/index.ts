import { defineModule } from '../../platform/module';
import { CompanyService } from './service';

export type { CompanyRow, CompanyValues, ListFilters as CompanyListFilters } from './repo';
export type { CompanyService } from './service';
export { COMPANIES_CACHE } from './service';

/** A row of the companies' list as the repository reads it (before the list adds balances). */
export type CompanyListRow = Awaited<ReturnType<CompanyService['list']>>[number];

declare module '../../platform/module' {
  interface Services {
    companies: CompanyService;
  }
}

/**
 * Companies (customers, agents, distributors), the reseller tree, their standing and the data
 * scope they give callers: what nearly every module asks. Their administration is the company
 * module's (company-admin), above the ledger, the users and the departments.
 */
export const companiesModule = defineModule({
  name: 'companies',
  provides: ['companies'],
  services: ({ db, caches }) => ({ companies: new CompanyService(db, caches) }),
});

import { defineModule } from '../../platform/module';
import { companyRoutes } from './routes';
import { CompanyService } from './service';

export type { CompanyRow } from './repo';
export type { CompanyService } from './service';
export { COMPANIES_CACHE, CompanyRefused } from './service';

declare module '../../platform/module' {
  interface Services {
    companies: CompanyService;
  }
}

/**
 * Companies (customers, agents, distributors), the reseller tree, approval, freezing, and the data
 * scope they give callers.
 */
export const companyModule = defineModule({
  name: 'company',
  services: ({ db, log, caches }, services) => ({ companies: new CompanyService(db, services, log, caches) }),
  routes: companyRoutes,
});

import { defineModule } from '../../platform/module';
import { ResellerService } from './resellers';
import { companyRoutes } from './routes';
import { CompanyAdminService } from './service';

export type { ResellerService } from './resellers';
export type { CompanyAdminService } from './service';

declare module '../../platform/module' {
  interface Services {
    companyAdmin: CompanyAdminService;
    resellers: ResellerService;
  }
}

/**
 * The company module (its routes are the 'company' group of the OpenAPI document): staff's
 * administration of companies (creation with department, administrator and ledger account,
 * approval (with the SMS rate group it gives), freezing, credit limits) and the resellers' desk for their customers.
 */
export const companyModule = defineModule({
  name: 'company',
  provides: ['companyAdmin', 'resellers'],
  needs: ['companies', 'ledger', 'users', 'departs', 'roles', 'announcements', 'rates'],
  services: ({ db, log }, services) => {
    const companyAdmin = new CompanyAdminService(db, services, log);
    const { companies, ledger } = services;
    return { companyAdmin, resellers: new ResellerService({ companies, ledger, companyAdmin }) };
  },
  routes: companyRoutes,
});

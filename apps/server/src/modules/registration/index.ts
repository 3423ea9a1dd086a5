import { defineModule } from '../../platform/module';
import { registrationRoutes } from './routes';
import { RegistrationService } from './service';

export type { RegistrationService } from './service';

declare module '../../platform/module' {
  interface Services {
    registration: RegistrationService;
  }
}

/** Company self sign-up (approval comes from staff). */
export const registrationModule = defineModule({
  name: 'registration',
  provides: ['registration'],
  needs: ['captchas', 'companies', 'users', 'departs', 'ledger', 'roles'],
  services: ({ db, log }, services) => ({ registration: new RegistrationService(db, services, log) }),
  routes: registrationRoutes,
});

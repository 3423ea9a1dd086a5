import { defineModule } from '../../platform/module';
import { contactRoutes } from './routes';
import { ContactService } from './service';

export type { ContactService } from './service';

declare module '../../platform/module' {
  interface Services {
    contacts: ContactService;
  }
}

/** Contact us: support accounts and the group link. */
export const contactModule = defineModule({
  name: 'contact',
  provides: ['contacts'],
  needs: ['settings'],
  services: ({ db }, services) => ({ contacts: new ContactService(db, services) }),
  routes: contactRoutes,
});

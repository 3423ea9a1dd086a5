import { defineModule } from '../../platform/module';
import { userRoutes } from './routes';
import { UserService } from './service';

export type { UserRow, UserValues } from './repo';
export type { UserService } from './service';

declare module '../../platform/module' {
  interface Services {
    users: UserService;
  }
}

/** User accounts and their administration. */
export const userModule = defineModule({
  name: 'user',
  services: ({ db, log }, services) => ({ users: new UserService(db, services, log) }),
  routes: userRoutes,
});

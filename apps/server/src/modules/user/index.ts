import { defineModule } from '../../platform/module';
import { profileRoutes } from './profile-routes';
import { ProfileService } from './profile-service';
import { userRoutes } from './routes';
import { UserService } from './service';

export type { ProfileService } from './profile-service';
export type { UserRow, UserValues } from './repo';
export type { UserService } from './service';

declare module '../../platform/module' {
  interface Services {
    users: UserService;
    profiles: ProfileService;
  }
}

/** User accounts and their administration. */
export const userModule = defineModule({
  name: 'user',
  provides: ['users', 'profiles'],
  needs: ['companies', 'countries', 'departs', 'dataRules', 'roles'],
  services: ({ db, log }, services) => {
    const users = new UserService(db, services, log);
    // A country users have is not deleted.
    services.countries.registerUsageCheck(async (code) => ({ users: await users.countInCountry(code) }));
    // Departments show to a caller those with members of its companies (users are above departments).
    services.departs.registerCompaniesOfUsers((ids) => users.companiesOf(ids));
    return { users, profiles: new ProfileService(db, { users }, log) };
  },
  routes: (api, services) => {
    userRoutes(api, services);
    profileRoutes(api, services);
  },
});

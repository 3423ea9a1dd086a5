import { defineModule } from '../../platform/module';
import { announcementRoutes } from './routes';
import { AnnouncementService } from './service';

export type { AnnouncementService } from './service';

declare module '../../platform/module' {
  interface Services {
    announcements: AnnouncementService;
  }
}

/** Notices and system messages: written, published, revoked, read; pushed live to consoles. */
export const announcementModule = defineModule({
  name: 'announcement',
  provides: ['announcements'],
  needs: ['companies', 'users', 'roles'],
  services: ({ db, realtime, log }, services) => ({
    announcements: new AnnouncementService(db, services, realtime, log),
  }),
  routes: announcementRoutes,
});

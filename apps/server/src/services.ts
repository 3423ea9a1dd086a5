import { AnnouncementService } from './modules/announcement/service';
import { type CaptchaGenerator, CaptchaService } from './modules/auth/captcha';
import { AuthService } from './modules/auth/service';
import { MenuService } from './modules/permission/service';
import { GrantsCache, SessionStore } from './platform/auth';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import { createPubSub } from './platform/pubsub';
import { Realtime } from './platform/realtime';

/** The application's services, built once and handed to every route module. */
export interface Services {
  config: Config;
  db: Db;
  grants: GrantsCache;
  sessions: SessionStore;
  captchas: CaptchaService;
  auth: AuthService;
  menus: MenuService;
  realtime: Realtime;
  announcements: AnnouncementService;
}

export function createServices(
  config: Config,
  db: Db,
  captchaGenerator: CaptchaGenerator,
  eventsChannel?: string,
): Services {
  const grants = new GrantsCache(db);
  const realtime = new Realtime(createPubSub(config), eventsChannel, (ids) => sessions.liveSessionIds(ids));
  const sessions: SessionStore = new SessionStore(db, grants, (ended) => realtime.endSessions(ended));
  const captchas = new CaptchaService(db, captchaGenerator);
  const auth = new AuthService(db, config, sessions, captchas);
  return {
    config,
    db,
    grants,
    sessions,
    captchas,
    auth,
    menus: new MenuService(db),
    realtime,
    announcements: new AnnouncementService(db, realtime),
  };
}

import { SessionStore } from './platform/auth';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import { type CaptchaGenerator, CaptchaService } from './modules/auth/captcha';
import { AuthService } from './modules/auth/service';

/** The application's services, built once and handed to every route module. */
export interface Services {
  config: Config;
  db: Db;
  sessions: SessionStore;
  captchas: CaptchaService;
  auth: AuthService;
}

export function createServices(config: Config, db: Db, captchaGenerator: CaptchaGenerator): Services {
  const sessions = new SessionStore(db);
  const captchas = new CaptchaService(db, captchaGenerator);
  const auth = new AuthService(db, config, sessions, captchas);
  return { config, db, sessions, captchas, auth };
}

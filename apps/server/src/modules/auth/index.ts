import { defineModule } from '../../platform/module';
import { type CaptchaGenerator, CaptchaService, fixedCaptchaGenerator, svgCaptchaGenerator } from './captcha';
import { authRoutes } from './routes';
import { AuthService } from './service';
import { SessionService } from './sessions';

export type { CaptchaGenerator } from './captcha';
export type { AuthService, ClientInfo } from './service';
export { hashToken, type SessionService } from './sessions';

declare module '../../platform/module' {
  interface Services {
    sessions: SessionService;
    captchas: CaptchaService;
    auth: AuthService;
  }
}

/** Sign-in, sessions, captchas, TOTP and password changes. */
export const authModule = (options: { captchaGenerator?: CaptchaGenerator } = {}) =>
  defineModule({
    name: 'auth',
    services: ({ db, config, realtime, log }, services) => ({
      sessions: new SessionService(db, services, realtime),
      captchas: new CaptchaService(
        db,
        options.captchaGenerator ??
          (config.fixedCaptcha ? fixedCaptchaGenerator(config.fixedCaptcha) : svgCaptchaGenerator),
      ),
      auth: new AuthService(db, config, services, log),
    }),
    routes: authRoutes,
    jobs: ({ sessions, captchas }, { config }) => [
      {
        name: 'auth.sessions.purge',
        description: `Delete sessions that ended more than ${config.sessionRetentionDays} days ago`,
        schedule: '10 3 * * *',
        run: async () => ({ deleted: await sessions.purge(config.sessionRetentionDays) }),
      },
      {
        name: 'auth.captchas.purge',
        description: 'Delete expired captchas',
        schedule: '*/10 * * * *',
        run: async () => ({ deleted: await captchas.purgeExpired() }),
      },
    ],
  });

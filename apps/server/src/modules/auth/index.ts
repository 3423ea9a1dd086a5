import { defineModule } from '../../platform/module';
import { CaptchaService } from './captcha';
import { authRoutes } from './routes';
import { AuthService } from './service';
import { SessionService } from './sessions';
import { SmsCodeService } from './sms-codes';

export type { AuthService } from './service';
export { hashToken, type SessionService } from './sessions';
export type { SmsCodeService } from './sms-codes';

declare module '../../platform/module' {
  interface Services {
    sessions: SessionService;
    captchas: CaptchaService;
    auth: AuthService;
    smsCodes: SmsCodeService;
  }
}

/** Sign-in, sessions, captchas, TOTP and password changes. */
export const authModule = () =>
  defineModule({
    name: 'auth',
    provides: ['sessions', 'captchas', 'auth', 'smsCodes'],
    needs: ['users', 'profiles', 'departs', 'companies', 'roles', 'grants', 'loginLog', 'sms'],
    services: ({ db, config, realtime, log }, services) => {
      const sessions = new SessionService(db, services, realtime);
      const captchas = new CaptchaService(db, config.captchaDifficulty);
      const smsCodes = new SmsCodeService(db, config, services, log);
      const auth = new AuthService(db, config, { ...services, sessions, captchas, smsCodes }, log);
      // Accounts end and refresh their sessions, and the profile proves who the caller is, through these.
      services.users.useSessions(sessions);
      services.profiles.useIdentityProof(auth);
      return { sessions, captchas, auth, smsCodes };
    },
    routes: authRoutes,
    jobs: ({ auth, sessions, captchas, smsCodes }, { config }) => [
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
      {
        name: 'auth.loginThrottle.purge',
        description: 'Delete sign-in guard counters untouched for a day',
        schedule: '40 * * * *',
        run: async () => ({ deleted: await auth.purgeAttempts() }),
      },
      {
        name: 'auth.smsCodes.purge',
        description: 'Delete codes sent by SMS more than two hours ago',
        schedule: '25 * * * *',
        run: async () => ({ deleted: await smsCodes.purgeExpired() }),
      },
    ],
  });

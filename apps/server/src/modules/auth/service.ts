import {
  LOGIN_LOCK_MS,
  type LoginPayload,
  type LoginResult,
  type PasswordResetPayload,
  type PhoneLoginPayload,
  type UpdatePasswordPayload,
  type UserInfo,
} from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import type { Config } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { ipAllowed } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { LoginMethod } from '../logs';
import type { UserRow } from '../user';
import { captchaRequired, type FailureCounts, failureDelayMs, isLocked } from './login-guard';
import { phoneOf } from './sms-codes';
import { checkTotp, newTotpSecret, totpSetup } from './totp';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

// A hash to compare against when the username does not exist, so both cases take as long.
const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Signing in and out, proving who one is (password, TOTP, CAS) and changing one's password. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly services: Services,
    private readonly log: Logger,
  ) {}

  /** Waits out the slow-down of a failed attempt (a test may record it instead: config.loginFailureWait). */
  private wait(ms: number): Promise<void> {
    return (this.config.loginFailureWait ?? sleep)(ms);
  }

  async requirements(username: string, client: ClientInfo) {
    const counts = await this.services.loginLog.recentFailures(username, client.ip);
    return { captchaRequired: captchaRequired(this.config.loginCaptcha, counts) };
  }

  private logAttempt(
    username: string,
    client: ClientInfo,
    outcome: { userId?: string | undefined; success: boolean; reason?: string; method?: LoginMethod },
  ) {
    return this.services.loginLog.record({
      username,
      userId: outcome.userId,
      success: outcome.success,
      reason: outcome.reason,
      method: outcome.method ?? 'password',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  /** A failed attempt: logged, slowed down, answered with what the next attempt needs. */
  private async fail(
    username: string,
    client: ClientInfo,
    error: AppError,
    userId?: string,
    method: LoginMethod = 'password',
    before?: FailureCounts,
  ): Promise<never> {
    const counts = before ?? (await this.services.loginLog.recentFailures(username, client.ip));
    await this.logAttempt(username, client, { success: false, reason: error.errorCode, userId, method });
    await this.wait(failureDelayMs(counts.byUser));
    const after = { byUser: counts.byUser + 1, byAddress: counts.byAddress + 1 };
    const extra = (error.result ?? {}) as Record<string, unknown>;
    throw new AppError(error.errorCode, error.status, error.params, {
      ...extra,
      captchaRequired: captchaRequired(this.config.loginCaptcha, after),
    });
  }

  private async refuseWhenLocked(
    username: string,
    client: ClientInfo,
    counts: FailureCounts,
    method: LoginMethod,
  ) {
    if (!isLocked(counts)) return;
    await this.logAttempt(username, client, { success: false, reason: 'ACCOUNT_LOCKED', method });
    throw new AppError('ACCOUNT_LOCKED', 429, { minutes: LOGIN_LOCK_MS / 60_000 }, { captchaRequired: true });
  }

  async login(payload: LoginPayload, client: ClientInfo): Promise<LoginResult> {
    const { username } = payload;
    const counts = await this.services.loginLog.recentFailures(username, client.ip);
    await this.refuseWhenLocked(username, client, counts, 'password');
    if (captchaRequired(this.config.loginCaptcha, counts)) {
      const good =
        payload.captcha && payload.checkKey
          ? await this.services.captchas.consume(payload.checkKey, payload.captcha)
          : false;
      if (!good)
        return this.fail(
          username,
          client,
          new AppError('CAPTCHA_INVALID', 400),
          undefined,
          'password',
          counts,
        );
    }
    const user = await this.services.users.findByUsername(username);
    const passwordOk = await verifyPassword(payload.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk) {
      return this.fail(
        username,
        client,
        new AppError('WRONG_CREDENTIALS', 400),
        user?.id,
        'password',
        counts,
      );
    }
    await this.checkAccount(user, client);
    return this.finishSignIn(user, client, 'password', payload.googleCode, username, counts);
  }

  /** The last step of a sign-in: a bound Google Authenticator's code, then the session. */
  private async finishSignIn(
    user: UserRow,
    client: ClientInfo,
    method: 'password' | 'smsCode',
    googleCode: string | undefined,
    username: string,
    counts: Awaited<ReturnType<Services['loginLog']['recentFailures']>>,
  ): Promise<LoginResult> {
    if (user.totpSecret && !(googleCode && (await this.consumeTotp(user, googleCode)))) {
      return this.fail(
        username,
        client,
        new AppError('GOOGLE_CODE_INVALID', 400, {}, { googleCodeRequired: true }),
        user.id,
        method,
        counts,
      );
    }
    return this.startSession(user, client, method);
  }

  /**
   * Sign-in with a code sent by SMS (POST /sys/sms, purpose login): the same result and the same
   * account checks as the password sign-in. A wrong code counts as a failed sign-in of the user
   * (slowed down, then locked). A bound Google Authenticator still asks for its code.
   */
  async loginWithPhone(payload: PhoneLoginPayload, client: ClientInfo): Promise<LoginResult> {
    const phone = phoneOf(payload.phone, payload.country);
    const user = await this.services.users.findByPhone(phone);
    const username = user?.username ?? phone;
    const counts = await this.services.loginLog.recentFailures(username, client.ip);
    await this.refuseWhenLocked(username, client, counts, 'smsCode');
    if (user?.totpSecret && !payload.googleCode) {
      // Asked before the SMS code is spent.
      return this.fail(
        username,
        client,
        new AppError('GOOGLE_CODE_INVALID', 400, {}, { googleCodeRequired: true }),
        user.id,
        'smsCode',
        counts,
      );
    }
    const good = user ? await this.services.smsCodes.consume(phone, 'login', payload.code) : false;
    if (!user || !good) {
      return this.fail(username, client, new AppError('SMS_CODE_INVALID', 400), user?.id, 'smsCode', counts);
    }
    await this.checkAccount(user, client, 'smsCode');
    return this.finishSignIn(user, client, 'smsCode', payload.googleCode, username, counts);
  }

  /**
   * A forgotten password reset with a code sent by SMS (purpose reset): the new password and the
   * end of every session of the user stand or fall together. A wrong code counts toward the login
   * guard as a failed attempt; frozen users are refused.
   */
  async resetPassword(payload: PasswordResetPayload, client: ClientInfo): Promise<void> {
    const phone = phoneOf(payload.phone, payload.country);
    const user = await this.services.users.findByPhone(phone);
    const username = user?.username ?? phone;
    const counts = await this.services.loginLog.recentFailures(username, client.ip);
    await this.refuseWhenLocked(username, client, counts, 'passwordReset');
    const good = user ? await this.services.smsCodes.consume(phone, 'reset', payload.code) : false;
    if (!user || !good) {
      return this.fail(
        username,
        client,
        new AppError('SMS_CODE_INVALID', 400),
        user?.id,
        'passwordReset',
        counts,
      );
    }
    if (user.status !== 1) {
      return this.fail(username, client, new AppError('ACCOUNT_FROZEN', 403), user.id, 'passwordReset');
    }
    const passwordHash = await hashPassword(payload.password);
    await withTransaction(
      this.db,
      async () => {
        await this.services.users.update(user.id, { passwordHash });
        await this.services.sessions.revokeAllForUser(user.id);
        await this.logAttempt(username, client, { success: true, userId: user.id, method: 'passwordReset' });
      },
      this.log,
    );
  }

  /** Frozen accounts, unapproved companies and the login IP whitelists of user and company. */
  private async checkAccount(user: UserRow, client: ClientInfo, method: LoginMethod = 'password') {
    if (user.status !== 1)
      return this.fail(user.username, client, new AppError('ACCOUNT_FROZEN', 403), user.id, method);
    let companyRules: string[] = [];
    if (user.companyId) {
      const company = await this.services.companies.find(user.companyId);
      // Not approved (waiting or rejected), frozen or disabled: said plainly, in the caller's language.
      const blocked = await this.services.companies.blockOf(user.companyId);
      if (blocked) return this.fail(user.username, client, blocked, user.id, method);
      companyRules = company?.ipWhitelist ?? [];
    }
    if (!ipAllowed(client.ip, user.ipWhitelist) || !ipAllowed(client.ip, companyRules)) {
      return this.fail(user.username, client, new AppError('LOGIN_IP_NOT_ALLOWED', 403), user.id, method);
    }
  }

  /** Accepts a code once: the matched time step is recorded atomically. */
  async consumeTotp(
    user: Pick<UserRow, 'id' | 'totpSecret' | 'totpLastStep'>,
    code: string,
  ): Promise<boolean> {
    if (!user.totpSecret) return false;
    const step = await checkTotp(user.totpSecret, code, user.totpLastStep);
    if (step === null) return false;
    return this.services.users.consumeTotpStep(user.id, step);
  }

  async startSession(user: UserRow, client: ClientInfo, method: LoginMethod): Promise<LoginResult> {
    const token = await this.services.sessions.create(user.id, client.ip, client.userAgent);
    await this.logAttempt(user.username, client, { success: true, userId: user.id, method });
    const departs = await this.services.departs.forUser(user.id);
    const userInfo = await this.userInfo(user);
    return { token, userInfo, departs, multiDepart: departs.length > 1 && !user.orgCode };
  }

  async userInfo(
    user: Pick<
      UserRow,
      'id' | 'username' | 'realname' | 'avatar' | 'orgCode' | 'totpSecret' | 'hideHeaderItems'
    >,
  ): Promise<UserInfo> {
    const grants = await this.services.grants.forUser(user.id);
    return {
      id: user.id,
      username: user.username,
      realname: user.realname,
      avatar: user.avatar,
      isAdmin: grants.isAdmin,
      orgCode: user.orgCode,
      roles: grants.roles,
      googleAuthBound: user.totpSecret !== null,
      hideHeaderItems: user.hideHeaderItems,
    };
  }

  /** CAS single sign-on: the CAS user name is the platform user name. */
  async loginWithCas(casUsername: string, client: ClientInfo): Promise<LoginResult> {
    const user = await this.services.users.findByUsername(casUsername);
    if (!user) return this.fail(casUsername, client, new AppError('CAS_USER_UNKNOWN', 401));
    await this.checkAccount(user, client);
    return this.startSession(user, client, 'cas');
  }

  logout(auth: AuthContext) {
    return this.services.sessions.revoke(auth.sessionId);
  }

  /**
   * Changes the caller's own password. Any other username gets one answer (whether it exists is
   * none of the caller's business). Wrong old passwords count like failed sign-ins of that user:
   * slowed down, then locked, so a stolen session cannot guess its way to the password. The new
   * password and the end of every session of the user stand or fall together.
   */
  async changePassword(auth: AuthContext, payload: UpdatePasswordPayload, client: ClientInfo) {
    if (payload.username !== auth.user.username) throw new AppError('NO_LOGGED_IN_USER', 400);
    const username = auth.user.username;
    const counts = await this.services.loginLog.recentFailures(username, client.ip);
    await this.refuseWhenLocked(username, client, counts, 'passwordChange');
    const user = await this.services.users.findById(auth.user.id);
    if (!user) throw new AppError('NO_LOGGED_IN_USER', 400);
    if (!(await verifyPassword(payload.oldpassword, user.passwordHash))) {
      await this.logAttempt(username, client, {
        success: false,
        reason: 'OLD_PASSWORD_WRONG',
        userId: user.id,
        method: 'passwordChange',
      });
      await this.wait(failureDelayMs(counts.byUser));
      throw new AppError('OLD_PASSWORD_WRONG', 400);
    }
    const passwordHash = await hashPassword(payload.password);
    await withTransaction(
      this.db,
      async () => {
        await this.services.users.update(user.id, { passwordHash });
        await this.services.sessions.revokeAllForUser(user.id);
        await this.logAttempt(username, client, { success: true, userId: user.id, method: 'passwordChange' });
      },
      this.log,
    );
  }

  /** Starts binding Google Authenticator: a new secret, pending until a code from it is given. */
  async startTotpBinding(auth: AuthContext) {
    if (auth.user.googleAuthBound) throw new AppError('TOTP_ALREADY_BOUND', 409);
    const secret = newTotpSecret();
    await this.services.users.update(auth.user.id, { totpPendingSecret: secret });
    return totpSetup(secret, auth.user.username);
  }

  async bindTotp(auth: AuthContext, code: string) {
    const user = await this.services.users.findById(auth.user.id);
    if (!user?.totpPendingSecret) throw new AppError('TOTP_NOT_PENDING', 409);
    const step = await checkTotp(user.totpPendingSecret, code, null);
    if (step === null) throw new AppError('GOOGLE_CODE_INVALID', 400);
    await this.services.users.update(user.id, {
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
  }
}

import type {
  ErrorCode,
  LoginPayload,
  LoginResult,
  PasswordResetPayload,
  PhoneLoginPayload,
  UpdatePasswordPayload,
  UserInfo,
} from '@switchboard/contracts';
import type { AuthContext, ClientInfo } from '../../platform/access';
import type { Config } from '../../platform/config';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { ipAllowed } from '../../platform/ip-rules';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { hashPassword, unmatchableHash, verifyPassword } from '../../platform/passwords';
import type { LoginMethod } from '../logs';
import type { UserRow } from '../user';
import {
  ALLOWED,
  type Counter,
  captchaRequired,
  counterKeys,
  type FailureCounts,
  failureDelayMs,
  pauseMs,
} from './login-guard';
import { AuthRepo } from './repo';
import { phoneOf } from './sms-codes';
import { checkTotp, newTotpSecret, totpSetup } from './totp';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const COUNTERS: Counter[] = ['pair', 'address', 'account'];

/** An attempt that took its slots of the guard's counters (login-guard.ts). */
interface Attempt {
  keys: Record<Counter, string>;
  /** Each counter's earlier attempts (failed, or still being checked). */
  before: FailureCounts;
}

/** Signing in and out, proving who one is (password, TOTP, CAS) and changing one's password. */
export class AuthService {
  private readonly repo: AuthRepo;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly services: Pick<
      Services,
      'captchas' | 'companies' | 'departs' | 'grants' | 'loginLog' | 'sessions' | 'smsCodes' | 'users'
    >,
    private readonly log: Logger,
  ) {
    this.repo = new AuthRepo(db);
  }

  /** Waits out the slow-down of a failed attempt (a test may record it instead: config.loginFailureWait). */
  private wait(ms: number): Promise<void> {
    return (this.config.loginFailureWait ?? sleep)(ms);
  }

  async requirements(username: string, client: ClientInfo) {
    const keys = counterKeys(username, client.ip);
    const held = await this.repo.peekAttempts(COUNTERS.map((c) => keys[c]));
    const before = Object.fromEntries(
      COUNTERS.map((c) => [c, held.get(keys[c])?.attempts ?? 0]),
    ) as FailureCounts;
    return { captchaRequired: captchaRequired(this.config.loginCaptcha, before) };
  }

  /**
   * Takes this attempt's slots of the guard's counters in one statement, before any secret is
   * checked; refuses it (429) when its account and address pair or its address is paused.
   */
  private async begin(username: string, client: ClientInfo, method: LoginMethod): Promise<Attempt> {
    const keys = counterKeys(username, client.ip);
    const taken = await this.repo.takeAttempt(COUNTERS.map((c) => ({ key: keys[c], allowed: ALLOWED[c] })));
    const paused = (['pair', 'address'] as const).find((c) => !taken.has(keys[c]));
    if (paused) {
      await this.repo.releaseAttempt([...taken.keys()]);
      const left = (await this.repo.peekAttempts([keys[paused]])).get(keys[paused])?.pausedMs ?? 0;
      const code: ErrorCode = paused === 'pair' ? 'ACCOUNT_LOCKED' : 'LOGIN_ADDRESS_LOCKED';
      await this.logAttempt(username, client, { success: false, reason: code, method });
      // Slots all taken by attempts still being checked: the pause they will start.
      const minutes = Math.max(1, Math.ceil((left || pauseMs(0)) / 60_000));
      throw new AppError(code, 429, { minutes }, { captchaRequired: true });
    }
    const before = Object.fromEntries(
      COUNTERS.map((c) => [c, (taken.get(keys[c]) ?? 1) - 1]),
    ) as FailureCounts;
    return { keys, before };
  }

  /**
   * A success: its pair, account and address start again (as a person who mistyped expects; a
   * paused counter is never reached by a success, so this lifts no pause).
   */
  private async succeeded(attempt: Attempt) {
    await this.repo.clearAttempts(COUNTERS.map((c) => attempt.keys[c]));
  }

  /**
   * A user's new password, once who they are is proven: every session of theirs is signed out and
   * the change is in the login log, in one transaction.
   */
  private async replacePassword(
    userId: string,
    password: string,
    username: string,
    client: ClientInfo,
    method: 'passwordReset' | 'passwordChange',
  ) {
    const passwordHash = await hashPassword(password);
    await withTransaction(
      this.db,
      async () => {
        await this.services.users.update(userId, { passwordHash });
        await this.services.sessions.revokeAllForUser(userId);
        await this.logAttempt(username, client, { success: true, userId, method });
      },
      this.log,
    );
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

  /**
   * A failed attempt: logged, its slots kept (a pair or address out of slots is paused), slowed
   * down, answered with what the next attempt needs.
   */
  private async fail(
    username: string,
    client: ClientInfo,
    error: AppError,
    userId?: string,
    method: LoginMethod = 'password',
    attempt?: Attempt,
  ): Promise<never> {
    await this.logAttempt(username, client, { success: false, reason: error.errorCode, userId, method });
    const before = attempt?.before ?? { pair: 0, address: 0, account: 0 };
    if (attempt) await this.repo.pauseExhausted([attempt.keys.pair, attempt.keys.address]);
    await this.wait(failureDelayMs(Math.max(...Object.values(before))));
    const after = Object.fromEntries(COUNTERS.map((c) => [c, before[c] + 1])) as FailureCounts;
    const extra = (error.result ?? {}) as Record<string, unknown>;
    throw new AppError(error.errorCode, error.status, error.params, {
      ...extra,
      captchaRequired: captchaRequired(this.config.loginCaptcha, after),
    });
  }

  /**
   * Proves a signed-in user is who they say (old password, password or code before unbinding
   * Google Authenticator) under the same guard as a sign-in: wrong answers take slots, then the
   * pair is paused, so a stolen session cannot guess its way to the password.
   */
  async proveIdentity(
    username: string,
    client: ClientInfo,
    method: LoginMethod,
    check: () => Promise<boolean>,
    error: AppError,
    userId?: string,
  ): Promise<void> {
    const attempt = await this.begin(username, client, method);
    if (!(await check())) return this.fail(username, client, error, userId, method, attempt);
    await this.succeeded(attempt);
  }

  async login(payload: LoginPayload, client: ClientInfo): Promise<LoginResult> {
    const { username } = payload;
    const attempt = await this.begin(username, client, 'password');
    if (captchaRequired(this.config.loginCaptcha, attempt.before)) {
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
          attempt,
        );
    }
    const user = await this.services.users.findByUsername(username);
    const passwordOk = await verifyPassword(payload.password, user?.passwordHash ?? unmatchableHash());
    if (!user || !passwordOk) {
      return this.fail(
        username,
        client,
        new AppError('WRONG_CREDENTIALS', 400),
        user?.id,
        'password',
        attempt,
      );
    }
    await this.checkAccount(user, client, 'password', attempt);
    return this.finishSignIn(user, client, 'password', payload.googleCode, username, attempt);
  }

  /** The last step of a sign-in: a bound Google Authenticator's code, then the session. */
  private async finishSignIn(
    user: UserRow,
    client: ClientInfo,
    method: 'password' | 'smsCode',
    googleCode: string | undefined,
    username: string,
    attempt: Attempt,
  ): Promise<LoginResult> {
    if (user.totpSecret && !(googleCode && (await this.consumeTotp(user, googleCode)))) {
      return this.fail(
        username,
        client,
        new AppError('GOOGLE_CODE_INVALID', 400, {}, { googleCodeRequired: true }),
        user.id,
        method,
        attempt,
      );
    }
    await this.succeeded(attempt);
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
    const attempt = await this.begin(username, client, 'smsCode');
    if (user?.totpSecret && !payload.googleCode) {
      // Asked before the SMS code is spent.
      return this.fail(
        username,
        client,
        new AppError('GOOGLE_CODE_INVALID', 400, {}, { googleCodeRequired: true }),
        user.id,
        'smsCode',
        attempt,
      );
    }
    const good = user ? await this.services.smsCodes.consume(phone, 'login', payload.code) : false;
    if (!user || !good) {
      return this.fail(username, client, new AppError('SMS_CODE_INVALID', 400), user?.id, 'smsCode', attempt);
    }
    await this.checkAccount(user, client, 'smsCode', attempt);
    return this.finishSignIn(user, client, 'smsCode', payload.googleCode, username, attempt);
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
    const attempt = await this.begin(username, client, 'passwordReset');
    const good = user ? await this.services.smsCodes.consume(phone, 'reset', payload.code) : false;
    if (!user || !good) {
      return this.fail(
        username,
        client,
        new AppError('SMS_CODE_INVALID', 400),
        user?.id,
        'passwordReset',
        attempt,
      );
    }
    if (user.status !== 1) {
      return this.fail(
        username,
        client,
        new AppError('ACCOUNT_FROZEN', 403),
        user.id,
        'passwordReset',
        attempt,
      );
    }
    await this.succeeded(attempt);
    await this.replacePassword(user.id, payload.password, username, client, 'passwordReset');
  }

  /** Frozen accounts, unapproved companies and the login IP whitelists of user and company. */
  private async checkAccount(
    user: UserRow,
    client: ClientInfo,
    method: LoginMethod = 'password',
    attempt?: Attempt,
  ) {
    if (user.status !== 1)
      return this.fail(user.username, client, new AppError('ACCOUNT_FROZEN', 403), user.id, method, attempt);
    let companyRules: string[] = [];
    if (user.companyId) {
      const company = await this.services.companies.find(user.companyId);
      // Not approved (waiting or rejected), frozen or disabled: said plainly, in the caller's language.
      const blocked = await this.services.companies.blockOf(user.companyId);
      if (blocked) return this.fail(user.username, client, blocked, user.id, method, attempt);
      companyRules = company?.ipWhitelist ?? [];
    }
    if (!ipAllowed(client.ip, user.ipWhitelist) || !ipAllowed(client.ip, companyRules)) {
      return this.fail(
        user.username,
        client,
        new AppError('LOGIN_IP_NOT_ALLOWED', 403),
        user.id,
        method,
        attempt,
      );
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
      currency: this.config.currency,
    };
  }

  /** CAS single sign-on: the CAS user name is the platform user name. */
  async loginWithCas(casUsername: string, client: ClientInfo): Promise<LoginResult> {
    const user = await this.services.users.findByUsername(casUsername);
    if (!user) return this.fail(casUsername, client, new AppError('CAS_USER_UNKNOWN', 401));
    await this.checkAccount(user, client);
    return this.startSession(user, client, 'cas');
  }

  purgeAttempts() {
    return this.repo.purgeAttempts();
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
  /** Makes one of the caller's departments the current one; answers the new user info. */
  async selectDepart(auth: AuthContext, orgCode: string, username: string | undefined) {
    if (username && username !== auth.user.username) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const departs = await this.services.departs.forUser(auth.user.id);
    if (departs.length === 0) throw new AppError('NO_DEPARTMENT', 400);
    if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError('DEPARTMENT_NOT_YOURS', 403);
    const user = await this.services.users.update(auth.user.id, { orgCode });
    if (!user) throw new AppError('USER_NOT_FOUND', 404);
    return this.userInfo(user);
  }

  async changePassword(auth: AuthContext, payload: UpdatePasswordPayload, client: ClientInfo) {
    if (payload.username !== auth.user.username) throw new AppError('NO_LOGGED_IN_USER', 400);
    const username = auth.user.username;
    const user = await this.services.users.findById(auth.user.id);
    if (!user) throw new AppError('NO_LOGGED_IN_USER', 400);
    await this.proveIdentity(
      username,
      client,
      'passwordChange',
      () => verifyPassword(payload.oldpassword, user.passwordHash),
      new AppError('OLD_PASSWORD_WRONG', 400),
      user.id,
    );
    await this.replacePassword(user.id, payload.password, username, client, 'passwordChange');
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

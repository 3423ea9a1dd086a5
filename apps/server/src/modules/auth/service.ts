import { LOGIN_LOCK_MS, type LoginPayload, type LoginResult, type UserInfo } from '@switchboard/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { companies, loginLog, users } from '../../db/schema';
import type { AuthContext, SessionStore } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { verifyPassword } from '../../platform/passwords';
import { listUserDepartments } from '../depart/service';
import type { CaptchaService } from './captcha';
import { ipAllowed } from './ip-whitelist';
import { captchaRequired, failureDelayMs, isLocked, recentFailures } from './login-guard';
import { checkTotp } from './totp';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

type UserRow = typeof users.$inferSelect;

// A hash to compare against when the username does not exist, so both cases take as long.
const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sessions: SessionStore,
    private readonly captchas: CaptchaService,
  ) {}

  async requirements(username: string, client: ClientInfo) {
    const counts = await recentFailures(this.db, username, client.ip);
    return { captchaRequired: captchaRequired(this.config.loginCaptcha, counts) };
  }

  private async logAttempt(
    username: string,
    client: ClientInfo,
    outcome: { userId?: string; success: boolean; reason?: string; method?: string },
  ) {
    await this.db.insert(loginLog).values({
      username: username.slice(0, 64),
      userId: outcome.userId ?? null,
      success: outcome.success,
      reason: outcome.reason ?? null,
      method: outcome.method ?? 'password',
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512),
    });
  }

  /** A failed attempt: logged, slowed down, answered with what the next attempt needs. */
  private async fail(username: string, client: ClientInfo, error: AppError, userId?: string): Promise<never> {
    const before = await recentFailures(this.db, username, client.ip);
    await this.logAttempt(username, client, { success: false, reason: error.errorCode, userId });
    await (this.config.loginFailureWait ?? sleep)(failureDelayMs(before.byUser));
    const after = { byUser: before.byUser + 1, byAddress: before.byAddress + 1 };
    const extra = (error.result ?? {}) as Record<string, unknown>;
    throw new AppError(error.errorCode, error.status, error.params, {
      ...extra,
      captchaRequired: captchaRequired(this.config.loginCaptcha, after),
    });
  }

  async login(payload: LoginPayload, client: ClientInfo): Promise<LoginResult> {
    const { username } = payload;
    const counts = await recentFailures(this.db, username, client.ip);
    if (isLocked(counts)) {
      await this.logAttempt(username, client, { success: false, reason: 'ACCOUNT_LOCKED' });
      throw new AppError(
        'ACCOUNT_LOCKED',
        429,
        { minutes: LOGIN_LOCK_MS / 60_000 },
        { captchaRequired: true },
      );
    }
    if (captchaRequired(this.config.loginCaptcha, counts)) {
      const good =
        payload.captcha && payload.checkKey
          ? await this.captchas.consume(payload.checkKey, payload.captcha)
          : false;
      if (!good) return this.fail(username, client, new AppError('CAPTCHA_INVALID', 400));
    }
    const [user] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    const passwordOk = await verifyPassword(payload.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk)
      return this.fail(username, client, new AppError('WRONG_CREDENTIALS', 400), user?.id);
    await this.checkAccount(user, client);
    if (user.totpSecret) {
      const ok = payload.googleCode ? await this.consumeTotp(user, payload.googleCode) : false;
      if (!ok) {
        return this.fail(
          username,
          client,
          new AppError('GOOGLE_CODE_INVALID', 400, {}, { googleCodeRequired: true }),
          user.id,
        );
      }
    }
    return this.startSession(user, client, 'password');
  }

  /** Frozen accounts, unapproved companies and the login IP whitelists of user and company. */
  private async checkAccount(user: UserRow, client: ClientInfo) {
    if (user.status !== 1)
      return this.fail(user.username, client, new AppError('ACCOUNT_FROZEN', 403), user.id);
    let companyRules: string[] = [];
    if (user.companyId) {
      const [company] = await this.db
        .select()
        .from(companies)
        .where(eq(companies.id, user.companyId))
        .limit(1);
      if (company && company.approvalStatus !== 'approved') {
        return this.fail(user.username, client, new AppError('ACCOUNT_NOT_APPROVED', 403), user.id);
      }
      companyRules = company?.ipWhitelist ?? [];
    }
    if (!ipAllowed(client.ip, user.ipWhitelist) || !ipAllowed(client.ip, companyRules)) {
      return this.fail(user.username, client, new AppError('LOGIN_IP_NOT_ALLOWED', 403), user.id);
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
    const updated = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return updated.length === 1;
  }

  async startSession(user: UserRow, client: ClientInfo, method: string): Promise<LoginResult> {
    const token = await this.sessions.create(user.id, client.ip, client.userAgent);
    await this.logAttempt(user.username, client, { success: true, userId: user.id, method });
    const departs = await listUserDepartments(this.db, user.id);
    const userInfo = await this.userInfo(user);
    return { token, userInfo, departs, multiDepart: departs.length > 1 && !user.orgCode };
  }

  async userInfo(
    user: Pick<
      UserRow,
      'id' | 'username' | 'realname' | 'avatar' | 'orgCode' | 'totpSecret' | 'hideHeaderItems'
    >,
  ): Promise<UserInfo> {
    const grants = await this.sessions.grants.forUser(user.id);
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
    const [user] = await this.db.select().from(users).where(eq(users.username, casUsername)).limit(1);
    if (!user) return this.fail(casUsername, client, new AppError('CAS_USER_UNKNOWN', 401));
    await this.checkAccount(user, client);
    return this.startSession(user, client, 'cas');
  }

  async logout(auth: AuthContext) {
    await this.sessions.revoke(auth.sessionId);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '@switchboard/contracts';
import type { AuthContext, TokenResolver } from '../../platform/access';
import { afterCommit, type Db } from '../../platform/db';
import type { Services } from '../../platform/module';
import type { Realtime } from '../../platform/realtime';
import { AuthRepo } from './repo';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * How long a resolved session is kept in memory. Ending a session or changing its user drops it
 * at once on every process (through the realtime events); the limit only bounds how long a lost
 * event could leave a stale entry.
 */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;

interface CachedSession {
  session: Omit<AuthContext, 'roles' | 'isAdmin' | 'permissions'>;
  expiresAt: number;
  until: number;
}

/**
 * Sessions: a random token given at sign-in, stored as its hash. Resolving a token is on every
 * request's path, so live sessions are cached briefly; revocations and account changes reach
 * every process's cache at once.
 */
export class SessionService implements TokenResolver {
  private readonly repo: AuthRepo;
  private readonly cache = new Map<string, CachedSession>();
  /** Lookups under way, by token hash; an invalidation empties it so later requests read afresh. */
  private readonly loading = new Map<string, Promise<CachedSession | null>>();
  /** Bumped by every invalidation: a lookup that started before one does not fill the cache. */
  private generation = 0;

  constructor(
    db: Db,
    private readonly services: Pick<Services, 'grants' | 'roles' | 'users'>,
    private readonly realtime: Realtime,
  ) {
    this.repo = new AuthRepo(db);
    realtime.onSessionsStale((stale) => this.drop(stale));
  }

  async create(userId: string, ip: string, userAgent: string | undefined): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertSession({
      tokenHash: hashToken(token),
      userId,
      ip,
      userAgent: userAgent?.slice(0, 512),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    });
    return token;
  }

  /** The live session and user behind a token, or null when unknown, expired or revoked. */
  async resolve(token: string): Promise<AuthContext | null> {
    const key = hashToken(token);
    const now = Date.now();
    let entry: CachedSession | null | undefined = this.cache.get(key);
    if (entry && !(entry.until > now && entry.expiresAt > now)) {
      this.cache.delete(key);
      entry = undefined;
    }
    if (!entry) {
      // Requests with the same token that miss at once share one lookup (a console's page load).
      let pending = this.loading.get(key);
      if (!pending) {
        pending = this.load(key, now);
        this.loading.set(key, pending);
        const forget = () => {
          if (this.loading.get(key) === pending) this.loading.delete(key);
        };
        pending.then(forget, forget);
      }
      entry = await pending;
      if (!entry) return null;
    }
    // Grants have their own cache, which role and menu changes clear at once.
    return { ...entry.session, ...(await this.services.grants.forRoles(entry.session.roleIds)) };
  }

  /** Reads a session afresh; caches it unless an invalidation came meanwhile. */
  private async load(key: string, now: number): Promise<CachedSession | null> {
    const generation = this.generation;
    const session = await this.repo.liveSession(key);
    if (!session) return null;
    const [user, roleIds] = await Promise.all([
      this.services.users.authUser(session.userId),
      this.services.roles.roleIdsOfUser(session.userId),
    ]);
    if (!user) return null;
    const entry: CachedSession = {
      session: { user, sessionId: session.id, roleIds },
      expiresAt: session.expiresAt.getTime(),
      until: now + CACHE_TTL_MS,
    };
    if (generation === this.generation) {
      if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, entry);
    }
    return entry;
  }

  hasExpired(token: string): Promise<boolean> {
    return this.repo.expiredSession(hashToken(token));
  }

  /** Ends one session (logout): its sockets close on every process once this commits. */
  async revoke(sessionId: string): Promise<void> {
    await this.repo.revoke(sessionId);
    this.drop({ sessionId });
    await afterCommit(() => this.realtime.endSessions({ sessionId }));
  }

  /** Ends every live session of a user (password change, freezing). */
  async revokeAllForUser(userId: string): Promise<void> {
    await this.repo.revokeAllOfUser(userId);
    this.drop({ userId });
    await afterCommit(() => this.realtime.endSessions({ userId }));
  }

  /** A user's account changed: its sessions are read afresh on every process. */
  async forget({ userId }: { userId: string }): Promise<void> {
    this.drop({ userId });
    await afterCommit(() => this.realtime.userChanged(userId));
  }

  /** Which of these sessions are still live: not revoked, not expired, their user not frozen. */
  async liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    const live = await this.repo.liveSessions(sessionIds);
    const active = await this.services.users.activeIds([...new Set(live.map((s) => s.userId))]);
    return new Set(live.filter((s) => active.has(s.userId)).map((s) => s.id));
  }

  purge(days: number) {
    return this.repo.purgeSessions(days);
  }

  private drop(stale: { sessionId?: string; userId?: string }) {
    this.generation++;
    this.loading.clear();
    for (const [key, entry] of this.cache) {
      if (entry.session.sessionId === stale.sessionId || entry.session.user.id === stale.userId) {
        this.cache.delete(key);
      }
    }
  }
}

import { LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MAX_MS, LOGIN_LOCK_MS } from '@switchboard/contracts';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, lte, max, min, or, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { captchas, loginThrottle, sessions, smsCodes } from './schema';

export type SessionValues = typeof sessions.$inferInsert;

/** SQL of sessions and captchas. */
export class AuthRepo {
  constructor(private readonly db: Db) {}

  async insertSession(values: SessionValues) {
    await executor(this.db).insert(sessions).values(values);
  }

  /** The live session with this token hash (not revoked, not expired). */
  async liveSession(tokenHash: string) {
    const [row] = await executor(this.db)
      .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  }

  /** True when this token hash belongs to a session that ran out (not revoked). */
  async expiredSession(tokenHash: string): Promise<boolean> {
    const rows = await executor(this.db)
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          lte(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async revoke(sessionId: string) {
    await executor(this.db).update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  async revokeAllOfUser(userId: string) {
    await executor(this.db)
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Of these sessions, those not revoked and not expired, with their users. */
  async liveSessions(ids: string[]) {
    if (ids.length === 0) return [];
    return executor(this.db)
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  }

  /** Deletes sessions that ended (expired or revoked) more than `days` ago. */
  async purgeSessions(days: number): Promise<number> {
    const cutoff = sql`now() - make_interval(days => ${days})`;
    const deleted = await executor(this.db)
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  async upsertCaptcha(values: typeof captchas.$inferInsert) {
    await executor(this.db)
      .insert(captchas)
      .values(values)
      .onConflictDoUpdate({
        target: captchas.checkKey,
        set: { challenge: values.challenge, expiresAt: values.expiresAt },
      });
  }

  /** Deletes a live captcha and answers its challenge (a captcha is used once). */
  async takeCaptcha(checkKey: string): Promise<string | undefined> {
    const [row] = await executor(this.db)
      .delete(captchas)
      .where(and(eq(captchas.checkKey, checkKey), gt(captchas.expiresAt, new Date())))
      .returning({ challenge: captchas.challenge });
    return row?.challenge;
  }

  async purgeCaptchas(): Promise<number> {
    const deleted = await executor(this.db)
      .delete(captchas)
      .where(lt(captchas.expiresAt, new Date()))
      .returning({ key: captchas.checkKey });
    return deleted.length;
  }

  // --- the sign-in guard's counters (login-guard.ts) ---

  /**
   * A row is new again once it was left alone for the failure window after its last attempt or
   * after its pause ended.
   */
  private static stale =
    sql`coalesce(t.locked_until, t.last_at) < now() - make_interval(secs => ${LOGIN_FAILURE_WINDOW_MS / 1000})`;

  /**
   * Takes a slot of each counter in one statement (the row locks of the upsert order parallel
   * attempts): answers the attempts each counter has let through now, this one included. A counter
   * that is paused, or whose slots are all taken, is left out of the answer and unchanged.
   */
  async takeAttempt(counters: { key: string; allowed: number }[]): Promise<Map<string, number>> {
    const stale = AuthRepo.stale;
    const values = sql.join(
      counters.map((c) => sql`(${c.key}, 1, ${c.allowed}::int, 0, null, now())`),
      sql`, `,
    );
    const result = await executor(this.db).execute(sql`
      insert into ${loginThrottle} as t (key, attempts, allowed, locks, locked_until, last_at)
      values ${values}
      on conflict (key) do update set
        attempts = case when ${stale} then 1 else t.attempts + 1 end,
        allowed = case when ${stale} then excluded.allowed else t.allowed end,
        locks = case when ${stale} then 0 else t.locks end,
        locked_until = case when ${stale} then null else t.locked_until end,
        last_at = now()
      where ${stale} or ((t.locked_until is null or t.locked_until <= now()) and t.attempts < t.allowed)
      returning key, attempts`);
    return new Map(rowsOf<{ key: string; attempts: number }>(result).map((r) => [r.key, Number(r.attempts)]));
  }

  /** Gives slots back (an attempt that was not checked, or that succeeded). */
  async releaseAttempt(keys: string[]) {
    if (keys.length === 0) return;
    await executor(this.db)
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(inArray(loginThrottle.key, keys));
  }

  /** Forgets counters (a success clears its pair and account). */
  async clearAttempts(keys: string[]) {
    if (keys.length === 0) return;
    await executor(this.db).delete(loginThrottle).where(inArray(loginThrottle.key, keys));
  }

  /**
   * A failed attempt: a counter whose slots are all taken is paused, each pause twice the one
   * before, and lets one more attempt through once the pause is over.
   */
  async pauseExhausted(keys: string[]) {
    if (keys.length === 0) return;
    await executor(this.db).execute(sql`
      update ${loginThrottle} set
        locked_until = now() + make_interval(secs => least(${LOGIN_LOCK_MS / 1000} * power(2, least(locks, 20)), ${LOGIN_LOCK_MAX_MS / 1000})),
        allowed = attempts + 1,
        locks = locks + 1
      where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and attempts >= allowed`);
  }

  /** The attempts each counter holds now (0 when stale or absent), and how long a pause has left. */
  async peekAttempts(keys: string[]): Promise<Map<string, { attempts: number; pausedMs: number }>> {
    const stale = AuthRepo.stale;
    const result = await executor(this.db).execute(sql`
      select key,
        case when ${stale} then 0 else attempts end as attempts,
        greatest(extract(epoch from (coalesce(locked_until, now()) - now())) * 1000, 0) as paused_ms
      from ${loginThrottle} t
      where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`);
    return new Map(
      rowsOf<{ key: string; attempts: number; paused_ms: number }>(result).map((r) => [
        r.key,
        { attempts: Number(r.attempts), pausedMs: Number(r.paused_ms) },
      ]),
    );
  }

  /** Deletes counters nobody touched for a day and not paused. */
  async purgeAttempts(): Promise<number> {
    const deleted = await executor(this.db)
      .delete(loginThrottle)
      .where(sql`coalesce(${loginThrottle.lockedUntil}, ${loginThrottle.lastAt}) < now() - interval '1 day'`)
      .returning({ key: loginThrottle.key });
    return deleted.length;
  }

  // --- codes sent by SMS ---

  /** Serialises code requests of one phone (within the caller's transaction). */
  async lockPhone(phone: string) {
    await executor(this.db).execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`sms-code:${phone}`}, 0))`,
    );
  }

  /**
   * The codes asked for a phone and from an address since `since.hour`, with the times that free
   * the limits again: the phone's newest (the resend wait) and the oldest of each (the hour's).
   */
  async codeCounts(phone: string, ip: string, since: { resend: Date; hour: Date }) {
    const x = executor(this.db);
    const [byPhone] = await x
      .select({
        recent: sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${since.resend})`.mapWith(Number),
        hour: count(),
        newest: max(smsCodes.createdAt),
        oldest: min(smsCodes.createdAt),
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since.hour)));
    const [byAddress] = await x
      .select({ hour: count(), oldest: min(smsCodes.createdAt) })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since.hour)));
    return {
      phoneRecent: byPhone?.recent ?? 0,
      phoneHour: byPhone?.hour ?? 0,
      addressHour: byAddress?.hour ?? 0,
      phoneNewest: byPhone?.newest ?? null,
      phoneOldest: byPhone?.oldest ?? null,
      addressOldest: byAddress?.oldest ?? null,
    };
  }

  async insertCode(values: typeof smsCodes.$inferInsert) {
    await executor(this.db).insert(smsCodes).values(values);
  }

  async setCodeMessage(id: string, messageId: string) {
    await executor(this.db).update(smsCodes).set({ messageId }).where(eq(smsCodes.id, id));
  }

  /** The newest code requested for a phone and purpose (only it can be used). */
  async newestCode(phone: string, purpose: string) {
    const [row] = await executor(this.db)
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return row;
  }

  async countCodeAttempt(id: string) {
    await executor(this.db)
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, id));
  }

  /** Marks a live code used; false when another request used it first (or it ran out). */
  async useCode(id: string): Promise<boolean> {
    const rows = await executor(this.db)
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
      .returning({ id: smsCodes.id });
    return rows.length > 0;
  }

  async purgeCodes(before: Date): Promise<number> {
    const deleted = await executor(this.db)
      .delete(smsCodes)
      .where(lt(smsCodes.createdAt, before))
      .returning({ id: smsCodes.id });
    return deleted.length;
  }
}

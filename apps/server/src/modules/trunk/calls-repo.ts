import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, executor, rowsOf } from '../../platform/db';
import { voiceTrunkCalls } from './schema';

const count = sql<number>`count(*)::int`;

/** The only SQL of the calls' places on trunks (voice_trunk_calls and the pacing of their starts). */
export class TrunkCallRepo {
  constructor(private readonly db: Db) {}

  /** Live calls up per trunk (leases not lapsed), every process's. */
  async callsUp(trunkId?: string): Promise<Map<string, number>> {
    const rows = await executor(this.db)
      .select({ trunkId: voiceTrunkCalls.trunkId, n: count })
      .from(voiceTrunkCalls)
      .where(
        and(
          trunkId ? eq(voiceTrunkCalls.trunkId, trunkId) : undefined,
          sql`${voiceTrunkCalls.leaseUntil} > clock_timestamp()`,
        ),
      )
      .groupBy(voiceTrunkCalls.trunkId);
    return new Map(rows.map((r) => [r.trunkId, Number(r.n)]));
  }

  /**
   * Takes a call on a trunk (in the caller's transaction): the trunk's pacing row locked, lapsed
   * calls cleared; refused (undefined) at `maxCalls` live calls (0: no limit); else the call's row
   * written for `leaseMs` and its start slot taken, 1/`cps` s after the last one (0: no pacing).
   * Answers how long to wait for the slot (ms, by the database's clock).
   */
  async takeCall(
    trunkId: string,
    callId: string,
    limits: { maxCalls: number; cps: number },
    leaseMs: number,
  ): Promise<{ waitMs: number } | undefined> {
    const x = executor(this.db);
    await x.execute(sql`
      insert into voice_trunk_pacing (trunk_id, next_at) values (${trunkId}, clock_timestamp())
      on conflict (trunk_id) do nothing`);
    const [pacing] = rowsOf<{ waitMs: number }>(
      await x.execute(sql`
        select greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000)::float8 as "waitMs"
        from voice_trunk_pacing where trunk_id = ${trunkId} for update`),
    );
    await x
      .delete(voiceTrunkCalls)
      .where(
        and(eq(voiceTrunkCalls.trunkId, trunkId), sql`${voiceTrunkCalls.leaseUntil} <= clock_timestamp()`),
      );
    if (limits.maxCalls > 0) {
      const [up] = await x
        .select({ n: count })
        .from(voiceTrunkCalls)
        .where(eq(voiceTrunkCalls.trunkId, trunkId));
      if (Number(up?.n ?? 0) >= limits.maxCalls) return undefined;
    }
    const step = limits.cps > 0 ? 1000 / limits.cps : 0;
    await x.execute(sql`
      update voice_trunk_pacing
      set next_at = greatest(next_at, clock_timestamp()) + ${`${step} milliseconds`}::interval
      where trunk_id = ${trunkId}`);
    await x.insert(voiceTrunkCalls).values({
      callId,
      trunkId,
      leaseUntil: sql`clock_timestamp() + ${`${leaseMs} milliseconds`}::interval`,
    });
    return { waitMs: Number(pacing?.waitMs ?? 0) };
  }

  /** Renews the leases of calls still up. */
  async renewCalls(callIds: readonly string[], leaseMs: number): Promise<void> {
    if (callIds.length === 0) return;
    await executor(this.db)
      .update(voiceTrunkCalls)
      .set({ leaseUntil: sql`clock_timestamp() + ${`${leaseMs} milliseconds`}::interval` })
      .where(inArray(voiceTrunkCalls.callId, [...callIds]));
  }

  async endCall(callId: string): Promise<void> {
    await executor(this.db).delete(voiceTrunkCalls).where(eq(voiceTrunkCalls.callId, callId));
  }
}

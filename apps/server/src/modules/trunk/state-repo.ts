import { and, eq, lt, or } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { voiceTrunkStates } from './schema';

export type TrunkStateRow = typeof voiceTrunkStates.$inferSelect;

/** The only SQL of the trunks' live state rows (the monitor's findings and its leases). */
export class TrunkStateRepo {
  constructor(private readonly db: Db) {}

  states(): Promise<TrunkStateRow[]> {
    return executor(this.db).select().from(voiceTrunkStates);
  }

  async stateOf(trunkId: string): Promise<TrunkStateRow | undefined> {
    const [row] = await executor(this.db)
      .select()
      .from(voiceTrunkStates)
      .where(eq(voiceTrunkStates.trunkId, trunkId));
    return row;
  }

  /**
   * Takes (or keeps) the monitoring lease of a trunk: inserts its state row for `owner`, or takes
   * it over when this owner holds it already or its holder stopped renewing it (seenAt before
   * `staleBefore`). Answers whether `owner` holds it now.
   */
  async claim(trunkId: string, owner: string, now: Date, staleBefore: Date): Promise<boolean> {
    const rows = await executor(this.db)
      .insert(voiceTrunkStates)
      .values({ trunkId, state: 'unknown', since: now, owner, seenAt: now })
      .onConflictDoUpdate({
        target: voiceTrunkStates.trunkId,
        set: { owner, seenAt: now },
        setWhere: or(eq(voiceTrunkStates.owner, owner), lt(voiceTrunkStates.seenAt, staleBefore)),
      })
      .returning({ owner: voiceTrunkStates.owner });
    return rows[0]?.owner === owner;
  }

  /** Writes the state of a trunk this owner holds; answers the row before (undefined: not held). */
  async putState(
    trunkId: string,
    owner: string,
    values: {
      state: string;
      lastError: string | null;
      since: Date;
      checkedAt: Date;
      seenAt: Date;
      fails: number;
      outage: boolean;
    },
  ): Promise<TrunkStateRow | undefined> {
    const [row] = await executor(this.db)
      .update(voiceTrunkStates)
      .set(values)
      .where(and(eq(voiceTrunkStates.trunkId, trunkId), eq(voiceTrunkStates.owner, owner)))
      .returning();
    return row;
  }

  async release(trunkId: string, owner: string): Promise<void> {
    await executor(this.db)
      .delete(voiceTrunkStates)
      .where(and(eq(voiceTrunkStates.trunkId, trunkId), eq(voiceTrunkStates.owner, owner)));
  }
}

import { type Db, withTransaction } from '../../platform/db';
import { TrunkCallRepo } from './calls-repo';
import type { TrunkTarget } from './routing';

/**
 * The calls' places on trunks, shared by every process on the database: a trunk's max concurrent
 * calls and calls per second hold across processes, and a process that dies loses its places.
 */
export class TrunkCalls {
  readonly repo: TrunkCallRepo;

  constructor(private readonly db: Db) {
    this.repo = new TrunkCallRepo(db);
  }

  /**
   * Takes a call on a trunk (before its INVITE): refused (undefined) while the trunk has its max
   * concurrent calls up; else how long to wait for the call's start slot under the trunk's calls
   * per second. The call holds its place for `leaseMs` unless renewed (`renew`) until `end`.
   */
  take(
    target: Pick<TrunkTarget, 'trunkId' | 'maxCalls' | 'cps'>,
    callId: string,
    leaseMs: number,
  ): Promise<{ waitMs: number } | undefined> {
    return withTransaction(this.db, () => this.repo.takeCall(target.trunkId, callId, target, leaseMs));
  }

  renew(callIds: readonly string[], leaseMs: number): Promise<void> {
    return this.repo.renewCalls(callIds, leaseMs);
  }

  end(callId: string): Promise<void> {
    return this.repo.endCall(callId);
  }
}

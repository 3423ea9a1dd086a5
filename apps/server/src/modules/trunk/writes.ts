import { clearOnCommit } from '../../platform/cache-bus';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Platform } from '../../platform/module';

/** The cache-bus name of trunks and routes: a change clears every process's routing cache and makes monitors look again. */
export const TRUNKS_CHANGED = 'voiceTrunks';

/** Runs a write of trunks, SIP accounts or routes (see trunkWriter). */
export type TrunkWrite = <T>(fn: () => Promise<T>) => Promise<T>;

/**
 * Writes in a transaction; once committed every process's routing cache goes (`clearHere` in a
 * process without a cache bus) and monitors look again. A taken trunk name or SIP account is its
 * error.
 */
export function trunkWriter(db: Db, platform: Platform, clearHere: () => void): TrunkWrite {
  return (fn) =>
    withTransaction(
      db,
      async () => {
        try {
          const result = await fn();
          await clearOnCommit(platform.caches, TRUNKS_CHANGED, clearHere);
          return result;
        } catch (error) {
          const constraint = uniqueViolationOf(error);
          if (constraint === 'voice_trunks_name_uq') throw new AppError('TRUNK_NAME_TAKEN', 409);
          if (constraint === 'voice_sip_accounts_user_realm_uq') throw new AppError('SIP_ACCOUNT_TAKEN', 409);
          throw error;
        }
      },
      platform.log,
    );
}

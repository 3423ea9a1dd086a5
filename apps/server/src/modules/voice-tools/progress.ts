import { formatMoney, STATUS_CHECK_PROGRESS_MESSAGE, type StatusCheckProgress } from '@switchboard/contracts';
import type { Logger } from '../../platform/logger';
import type { Realtime } from '../../platform/realtime';
import type { VoiceToolsRepo } from './repo';

/** How long progress of one check gathers before it is published (a burst of probes is one message). */
export const PROGRESS_DELAY_MS = 300;

/**
 * Publishes a status check's live progress (state, counts, amount) over the websocket to the user
 * who made it and to administrators: at most one message per check per PROGRESS_DELAY_MS.
 */
export function checkProgressPublisher(repo: VoiceToolsRepo, realtime: Realtime, log: Logger) {
  const waiting = new Set<string>();
  return (checkId: string) => {
    if (waiting.has(checkId)) return;
    waiting.add(checkId);
    const timer = setTimeout(async () => {
      waiting.delete(checkId);
      try {
        const check = await repo.check(checkId);
        if (!check) return;
        const counts = (await repo.countsOf([checkId])).get(checkId)!;
        const progress: StatusCheckProgress = {
          kind: 'statusCheck',
          id: checkId,
          state: check.state,
          stopReason: check.stopReason ?? null,
          counts,
          amount: formatMoney(check.amount),
        };
        const message = {
          cmd: 'topic' as const,
          msgId: STATUS_CHECK_PROGRESS_MESSAGE,
          msgTxt: JSON.stringify(progress),
        };
        if (check.createdBy) await realtime.publish({ kind: 'users', userIds: [check.createdBy] }, message);
        await realtime.publish({ kind: 'roles', roleCodes: ['admin'] }, message);
      } catch (error) {
        log.warn({ err: error, checkId }, 'status check progress not published');
      }
    }, PROGRESS_DELAY_MS);
    timer.unref();
  };
}

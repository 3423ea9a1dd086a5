import { formatMoney, STATUS_CHECK_PROGRESS_MESSAGE, type StatusCheckProgress } from '@switchboard/contracts';
import { jobProgressPublisher } from '../../platform/bulk-job';
import type { Logger } from '../../platform/logger';
import type { Realtime } from '../../platform/realtime';
import type { VoiceToolsRepo } from './repo';

/**
 * Publishes a status check's live progress (state, counts, amount) over the websocket to the user
 * who made it and to administrators (at most one message per check per PROGRESS_DELAY_MS).
 */
export function checkProgressPublisher(repo: VoiceToolsRepo, realtime: Realtime, log: Logger) {
  return jobProgressPublisher(
    STATUS_CHECK_PROGRESS_MESSAGE,
    async (checkId) => {
      const check = await repo.check(checkId);
      if (!check) return undefined;
      const counts = (await repo.countsOf([checkId])).get(checkId)!;
      const progress: StatusCheckProgress = {
        kind: 'statusCheck',
        id: checkId,
        state: check.state,
        stopReason: check.stopReason ?? null,
        counts,
        amount: formatMoney(check.amount),
      };
      return { createdBy: check.createdBy, progress };
    },
    realtime,
    log,
    'status check',
  );
}

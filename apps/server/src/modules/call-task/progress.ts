import { CALL_TASK_PROGRESS_MESSAGE, type CallTaskProgress } from '@switchboard/contracts';
import { jobProgressPublisher } from '../../platform/bulk-job';
import type { Logger } from '../../platform/logger';
import type { Realtime } from '../../platform/realtime';
import type { CallTaskRepo } from './repo';

/**
 * Publishes a task's live progress (state and counts) over the websocket to the user who made it
 * and to staff (at most one message per task per PROGRESS_DELAY_MS, read when it is sent).
 */
export function progressPublisher(repo: CallTaskRepo, realtime: Realtime, log: Logger) {
  return jobProgressPublisher(
    CALL_TASK_PROGRESS_MESSAGE,
    async (taskId) => {
      const task = await repo.task(taskId);
      if (!task) return undefined;
      const counts = (await repo.countsOf([taskId])).get(taskId)!;
      const progress: CallTaskProgress = { kind: 'callTask', id: taskId, state: task.state, counts };
      return { createdBy: task.createdBy, progress };
    },
    realtime,
    log,
    'call task',
  );
}

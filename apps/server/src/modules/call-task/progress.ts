import { CALL_TASK_PROGRESS_MESSAGE, type CallTaskProgress } from '@switchboard/contracts';
import type { Logger } from '../../platform/logger';
import type { Realtime } from '../../platform/realtime';
import type { CallTaskRepo } from './repo';

/** How long progress of one task gathers before it is published (a burst of calls is one message). */
export const PROGRESS_DELAY_MS = 300;

/**
 * Publishes a task's live progress (state and counts) over the websocket to the user who made it
 * and to staff: at most one message per task per PROGRESS_DELAY_MS, read when it is sent.
 */
export function progressPublisher(repo: CallTaskRepo, realtime: Realtime, log: Logger) {
  const waiting = new Set<string>();
  return (taskId: string) => {
    if (waiting.has(taskId)) return;
    waiting.add(taskId);
    const timer = setTimeout(async () => {
      waiting.delete(taskId);
      try {
        const task = await repo.task(taskId);
        if (!task) return;
        const counts = (await repo.countsOf([taskId])).get(taskId)!;
        const progress: CallTaskProgress = { kind: 'callTask', id: taskId, state: task.state, counts };
        const message = {
          cmd: 'topic' as const,
          msgId: CALL_TASK_PROGRESS_MESSAGE,
          msgTxt: JSON.stringify(progress),
        };
        if (task.createdBy) await realtime.publish({ kind: 'users', userIds: [task.createdBy] }, message);
        await realtime.publish({ kind: 'roles', roleCodes: ['admin'] }, message);
      } catch (error) {
        log.warn({ err: error, taskId }, 'call task progress not published');
      }
    }, PROGRESS_DELAY_MS);
    timer.unref();
  };
}

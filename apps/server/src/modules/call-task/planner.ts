import type { Services } from '../../platform/module';
import type { CallPlanner, IvrPlan, TrunkTarget } from './ports';

/**
 * The call planner of worker processes: the task's own trunk, else the voice routes
 * (`trunks.routeCall`: ordered, failover); the task's caller group rotated per task
 * (`callers.nextCallerId`), else its listed caller IDs in turn; the IVR flow with its audio
 * (`ivr.planOf`, the task's company only).
 */
export function voicePlanner(services: Pick<Services, 'trunks' | 'callers' | 'ivr'>): CallPlanner {
  const turns = new Map<string, number>();
  return {
    async trunksFor(task, to) {
      if (task.trunkId) {
        const target = await services.trunks.targetOf(task.trunkId);
        return target ? [target as unknown as TrunkTarget] : [];
      }
      return (await services.trunks.routeCall(to, task.companyId)) as unknown as TrunkTarget[];
    },
    async callerIdFor(task) {
      if (task.callerGroupId) return services.callers.nextCallerId({ groupId: task.callerGroupId }, task.id);
      if (task.callerIds.length === 0) return null;
      const turn = turns.get(task.id) ?? 0;
      turns.set(task.id, turn + 1);
      return task.callerIds[turn % task.callerIds.length]!;
    },
    async planOf(task) {
      return (await services.ivr.planOf(task.ivrFlowId, { companyId: task.companyId })) as unknown as IvrPlan;
    },
  };
}

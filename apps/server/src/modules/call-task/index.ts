import { defineModule, type Platform, type Services } from '../../platform/module';
import { CallTaskEngine } from './engine';
import { voicePlanner } from './planner';
import { type CallPorts, defaultPorts } from './ports';
import { progressPublisher } from './progress';
import { CallTaskRepo } from './repo';
import { callTaskRoutes } from './routes';
import { CallTaskService } from './service';
import { SipDialer } from './sip-dialer';
import { CallStatsService } from './stats';
import { callStatsRoutes } from './stats-routes';

export { CallTaskEngine, minuteIn } from './engine';
export type {
  CallPlanner,
  CallPlanTask,
  CallPorts,
  Dialer,
  DialOutcome,
  DialRequest,
  IvrPlan,
  TrunkTarget,
} from './ports';
export { defaultPorts } from './ports';
export { CALL_TASK_PERMS } from './routes';
export { type CallTaskService, normaliseNumbers } from './service';
export { failsOver, resultOf } from './sip-dialer';
export type { CallStatsService } from './stats';

/** The task engine over a database (the module's worker; tests build one to drive its ticks). */
export function callTaskEngine(
  services: Pick<Services, 'callPorts' | 'ledger' | 'rates' | 'sms'>,
  { db, log, realtime }: Pick<Platform, 'db' | 'log' | 'realtime'>,
): CallTaskEngine {
  const repo = new CallTaskRepo(db);
  return new CallTaskEngine(db, repo, services, log, progressPublisher(repo, realtime, log));
}

declare module '../../platform/module' {
  interface Services {
    callTasks: CallTaskService;
    /** Call statistics from the daily roll-up, and the home dashboards' voice figures. */
    callStats: CallStatsService;
    /** The engine's ports: the dialer, the call planner and the clock (the SIP dialer and voice planner; tests may hand their own). */
    callPorts: CallPorts;
  }
}

/**
 * Group call tasks (issue 23): tasks, their numbers and results, call records, per-minute
 * billing, hang-up SMS, statistics (a daily roll-up) and the home dashboards' voice figures, and the task engine (a worker of the worker role).
 */
export const callTaskModule = defineModule({
  name: 'callTask',
  provides: ['callTasks', 'callPorts', 'callStats'],
  needs: ['callers', 'companies', 'ivr', 'ledger', 'rates', 'sms', 'trunks', 'voice'],
  services: ({ db, realtime, log, config }, services) => {
    const repo = new CallTaskRepo(db);
    const progress = progressPublisher(repo, realtime, log);
    // Calls go out through this process's SIP stack (opened on the first call: worker processes).
    const callPorts: CallPorts = {
      ...defaultPorts(),
      dialer: new SipDialer(services.voice, services.trunks, log),
      planner: voicePlanner(services),
    };
    return {
      callTasks: new CallTaskService(db, repo, services, progress),
      callPorts,
      callStats: new CallStatsService(repo, services, config.currency, log),
    };
  },
  routes: (api, services) => {
    callTaskRoutes(api, services);
    callStatsRoutes(api, services);
  },
  workers: (services, platform) => [callTaskEngine(services, platform)],
});

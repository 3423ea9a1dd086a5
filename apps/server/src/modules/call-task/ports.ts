import type { CallResult } from '@switchboard/contracts';

/**
 * The ports of the task engine (voice-shape.md): the `Dialer` that places one call, the
 * `CallPlanner` that says through which trunks, with which caller ID and which IVR plan, and the
 * clock the periods are read by. The module wires the SIP dialer and planner of the voice engine
 * (`modules/voice-engine`); `defaultPorts()` (a dialer that fails every call) is what tests build
 * their own from (`testServices.callPorts`).
 */

/** A trunk target as the trunk module's `routeCall` answers it (opaque here). */
export interface TrunkTarget {
  trunkId: string;
  [key: string]: unknown;
}

/** The IVR flow as the ivr module's `planOf` answers it (opaque here: the dialer runs it). */
export type IvrPlan = { flowId: string } & Record<string, unknown>;

export interface DialRequest {
  callId: string;
  /** The task the call is of (a trunk's caller-group rotation is kept per task). */
  taskId?: string;
  to: string;
  callerId: string | null;
  /** Ordered targets: the dialer fails over along them. */
  trunks: TrunkTarget[];
  plan: IvrPlan;
  ringTimeoutS: number;
  maxTalkS: number;
  /**
   * The trunks a transfer to `number` is tried on (the task's own trunk or its company's voice
   * routes, as for the call itself); absent: transfers fail unplaced.
   */
  transferTrunks?: (number: string) => Promise<TrunkTarget[]>;
}

/**
 * The second leg of a call whose IVR flow reached a `transfer`: the number called, what became
 * of it, and how long the two legs were bridged (its talk time, billed per minute as a call).
 */
export interface TransferOutcome {
  to: string;
  result: CallResult;
  sipCode?: number;
  trunkId?: string;
  /** The caller ID sent on the transfer leg (the task's, through that trunk's rule). */
  callerId: string | null;
  answeredAt?: Date;
  ringMs: number;
  talkMs: number;
}

export interface DialOutcome {
  result: CallResult;
  sipCode?: number;
  trunkId?: string;
  startedAt: Date;
  answeredAt?: Date;
  endedAt: Date;
  ringMs: number;
  talkMs: number;
  keys: string;
  /** The IVR flow's result: the `end` action the call reached ('' or absent: none). */
  ivrResult?: string;
  hangupBy?: 'us' | 'remote';
  /** The IVR flow transferred the call: its second leg. */
  transfer?: TransferOutcome;
}

export interface Dialer {
  dial(request: DialRequest): Promise<DialOutcome>;
}

/** What a task's call needs besides the number (trunks, caller ID, IVR plan). */
export interface CallPlanTask {
  id: string;
  companyId: string;
  ivrFlowId: string;
  callerGroupId: string | null;
  callerIds: string[];
  trunkId: string | null;
  routeId: string | null;
}

export interface CallPlanner {
  trunksFor(task: CallPlanTask, to: string): Promise<TrunkTarget[]>;
  callerIdFor(task: CallPlanTask, to: string): Promise<string | null>;
  planOf(task: CallPlanTask): Promise<IvrPlan>;
}

export interface CallPorts {
  dialer: Dialer;
  planner: CallPlanner;
  /** Now, as the periods are read (tests drive it). */
  now(): Date;
}

/** Until the voice modules are wired: the task's own trunk, caller IDs in turn, the flow by id. */
export function defaultPorts(): CallPorts {
  const turns = new Map<string, number>();
  return {
    now: () => new Date(),
    dialer: {
      async dial() {
        const at = new Date();
        return { result: 'failed', startedAt: at, endedAt: at, ringMs: 0, talkMs: 0, keys: '' };
      },
    },
    planner: {
      trunksFor: async (task) => (task.trunkId ? [{ trunkId: task.trunkId }] : []),
      callerIdFor: async (task) => {
        if (task.callerIds.length === 0) return null;
        const turn = turns.get(task.id) ?? 0;
        turns.set(task.id, turn + 1);
        return task.callerIds[turn % task.callerIds.length]!;
      },
      planOf: async (task) => ({ flowId: task.ivrFlowId }),
    },
  };
}

import {
  type CallResult,
  type CallTaskAction,
  type CallTaskEdit,
  type CallTaskInput,
  type CallTaskState,
  callTaskActionsOf,
  callTaskEditable,
  type callTaskSchema,
  type ErrorCode,
  formatMoney,
  hasPlatformScope,
  nextCallTaskState,
  type Page,
  type PageQuery,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { parseNumber } from '../rate';
import {
  type CallTaskRepo,
  emptyCounts,
  type NumberCounts,
  type NumberRow,
  type RecordFilters,
  type TaskRow,
} from './repo';

/** A task as the service hands it over (timestamps as Dates; the serializer writes them as text). */
export type CallTaskView = z.output<typeof callTaskSchema>;

const WEEK_MS = 7 * 86_400_000;

type Deps = Pick<Services, 'callers' | 'companies' | 'ivr'>;

/**
 * Normalised numbers of a list (typed, pasted or imported), each once; the first invalid one
 * refuses it (`codes`: the errors to answer, a task's by default; the status checks' their own).
 */
export function normaliseNumbers(
  numbers: readonly string[],
  codes: { invalid: ErrorCode; required: ErrorCode } = {
    invalid: 'CALL_TASK_NUMBER_INVALID',
    required: 'CALL_TASK_NUMBERS_REQUIRED',
  },
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const given of numbers) {
    const text = given.trim();
    if (text === '') continue;
    const parsed = parseNumber(text);
    if (!parsed) throw new AppError(codes.invalid, 400, { field: 'numbers', number: text.slice(0, 32) });
    if (seen.has(parsed.digits)) continue;
    seen.add(parsed.digits);
    out.push(parsed.digits);
  }
  if (out.length === 0) throw new AppError(codes.required, 400, { field: 'numbers' });
  return out;
}

/** What a user sets on a task, alike on add and on edit (not its company, not its numbers). */
function settingsOf(input: CallTaskInput | CallTaskEdit) {
  return {
    name: input.name,
    ivrFlowId: input.ivrFlowId,
    callerGroupId: input.callerGroupId,
    callerIds: input.callerIds,
    trunkId: input.trunkId,
    routeId: input.routeId,
    callRatio: input.callRatio,
    periods: input.periods,
    timeZone: input.timeZone,
    ttlS: input.ttlS,
    hangupSms: input.hangupSms,
  };
}

/**
 * Group call tasks as users see them: add, edit and delete while waiting to submit; the actions
 * of the state machine (contracts: CALL_TASK_TRANSITIONS); details with per-number results; call
 * records. Every read and write is held to the caller's data scope (staff
 * all, a reseller its customers, a customer its own).
 */
export class CallTaskService {
  constructor(
    private readonly db: Db,
    private readonly repo: CallTaskRepo,
    private readonly deps: Deps,
    private readonly onProgress: (taskId: string) => void,
  ) {}

  /**
   * What a task names must be its company's own: its IVR flow, its caller group or caller IDs
   * (enabled); a trunk or voice route is the platform's, chosen by staff only. Checked when it is
   * saved, so another company's flow or caller IDs never reach a call.
   */
  private async checkReferences(
    auth: AuthContext,
    companyId: string,
    input: Pick<CallTaskInput, 'ivrFlowId' | 'callerGroupId' | 'callerIds' | 'trunkId' | 'routeId'>,
  ) {
    if ((input.trunkId || input.routeId) && !hasPlatformScope(auth.roles)) {
      throw new AppError('CALL_TASK_TRUNK_STAFF_ONLY', 403, { field: input.trunkId ? 'trunkId' : 'routeId' });
    }
    if (input.ivrFlowId && !(await this.deps.ivr.ownsFlow(companyId, input.ivrFlowId))) {
      throw new AppError('CALL_TASK_FLOW_UNKNOWN', 400, { field: 'ivrFlowId' });
    }
    if (input.callerGroupId && !(await this.deps.callers.ownsGroup(companyId, input.callerGroupId))) {
      throw new AppError('CALL_TASK_CALLERS_UNKNOWN', 400, { field: 'callerGroupId' });
    }
    if (input.callerIds?.length && !(await this.deps.callers.ownsNumbers(companyId, input.callerIds))) {
      throw new AppError('CALL_TASK_CALLERS_UNKNOWN', 400, { field: 'callerIds' });
    }
  }

  private async owned(auth: AuthContext, id: string): Promise<TaskRow> {
    return this.deps.companies.objectInScope(auth, await this.repo.task(id));
  }

  private async views(rows: TaskRow[]): Promise<CallTaskView[]> {
    const [counts, names] = await Promise.all([
      this.repo.countsOf(rows.map((r) => r.id)),
      this.deps.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
    ]);
    return rows.map((r) => viewOf(r, counts.get(r.id) ?? emptyCounts(), names.get(r.companyId) ?? ''));
  }

  async add(auth: AuthContext, input: CallTaskInput): Promise<CallTaskView> {
    const companyId = await this.deps.companies.targetOf(auth, input.companyId);
    await this.checkReferences(auth, companyId, input);
    const numbers = normaliseNumbers(input.numbers);
    const row = await withTransaction(this.db, async () => {
      const task = await this.repo.insertTask({
        companyId,
        ...settingsOf(input),
        createdBy: auth.user.id,
      });
      await this.repo.bulk.insertItems(task.id, companyId, numbers);
      return task;
    });
    return (await this.views([row]))[0]!;
  }

  async edit(auth: AuthContext, input: CallTaskEdit): Promise<CallTaskView> {
    const current = await this.owned(auth, input.id);
    if (!callTaskEditable(current.state)) throw new AppError('CALL_TASK_NOT_EDITABLE', 409);
    await this.checkReferences(auth, current.companyId, input);
    const numbers = input.numbers ? normaliseNumbers(input.numbers) : undefined;
    const row = await withTransaction(this.db, async () => {
      const updated = await this.repo.updateTask(input.id, settingsOf(input), ['waiting_submit']);
      if (!updated) throw new AppError('CALL_TASK_NOT_EDITABLE', 409);
      if (numbers) {
        await this.repo.bulk.deleteItems(input.id);
        await this.repo.bulk.insertItems(input.id, updated.companyId, numbers);
      }
      return updated;
    });
    return (await this.views([row]))[0]!;
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const current = await this.owned(auth, id);
    if (!callTaskEditable(current.state)) throw new AppError('CALL_TASK_NOT_EDITABLE', 409);
    await this.repo.deleteTask(id);
  }

  async get(auth: AuthContext, id: string): Promise<CallTaskView> {
    return (await this.views([await this.owned(auth, id)]))[0]!;
  }

  async list(
    auth: AuthContext,
    query: PageQuery & { name?: string; state?: CallTaskState; companyId?: string },
  ): Promise<Page<CallTaskView>> {
    const scope = await this.deps.companies.scopeFor(auth, query.companyId);
    const page = await this.repo.bulk.pageJobs(scope, query);
    return { ...page, records: await this.views(page.records) };
  }

  /**
   * A user's action on a task, as the state machine allows it from the task's state now (else
   * CALL_TASK_ACTION_NOT_ALLOWED, 409). Re-call puts the done numbers (all, or all but answered)
   * back to pending in the same transaction.
   */
  async act(auth: AuthContext, id: string, action: CallTaskAction): Promise<CallTaskView> {
    const current = await this.owned(auth, id);
    const to = nextCallTaskState(current.state, action);
    if (!to) throw new AppError('CALL_TASK_ACTION_NOT_ALLOWED', 409);
    const row = await withTransaction(this.db, async () => {
      const values: Partial<TaskRow> = { state: to };
      if (action === 'pause') values.pauseReason = 'user';
      if (action === 'resume' || action === 'stop') values.pauseReason = null;
      if (action === 'run') values.startedAt = new Date();
      if (action === 'stop') values.finishedAt = new Date();
      if (action === 'recall_all' || action === 'recall_failed') values.finishedAt = null;
      const updated = await this.repo.updateTask(id, values, [current.state]);
      if (!updated) throw new AppError('CALL_TASK_ACTION_NOT_ALLOWED', 409);
      if (action === 'recall_all' || action === 'recall_failed') {
        await this.repo.recall(id, action === 'recall_all' ? 'all' : 'failed');
      }
      return updated;
    });
    this.onProgress(id);
    return (await this.views([row]))[0]!;
  }

  async numbers(auth: AuthContext, query: PageQuery & { id: string; result?: CallResult; number?: string }) {
    await this.owned(auth, query.id);
    const filters = { outcome: query.result, number: query.number };
    return this.repo.bulk.pageItems(query.id, query, filters, (n: NumberRow) => ({
      id: n.id,
      number: n.number,
      state: n.state,
      result: n.result,
      attempts: n.attempts,
      ringS: n.ringMs / 1000,
      talkS: n.talkMs / 1000,
      keys: n.keys,
      ivrResult: n.ivrResult,
      amount: formatMoney(n.amount),
      calledAt: n.calledAt,
    }));
  }

  /** Call records (every attempt) in the caller's scope; cost only for staff. */
  async records(auth: AuthContext, query: PageQuery & RecordFilters) {
    const scope = await this.deps.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countRecords(scope, query),
      (limit, offset) => this.repo.listRecords(scope, query, limit, offset),
    );
    const [tasks, companies] = await Promise.all([
      this.repo.taskNames([...new Set(page.records.map((r) => r.taskId))]),
      this.deps.companies.namesOf([...new Set(page.records.map((r) => r.companyId))]),
    ]);
    return {
      ...page,
      records: page.records.map((r) => ({
        id: r.id,
        taskId: r.taskId,
        taskName: tasks.get(r.taskId) ?? '',
        companyId: r.companyId,
        companyName: companies.get(r.companyId) ?? '',
        to: r.toNumber,
        callerId: r.callerId,
        trunkId: r.trunkId,
        result: r.result,
        sipCode: r.sipCode,
        ringS: r.ringMs / 1000,
        talkS: r.talkMs / 1000,
        billedS: r.billedS,
        keys: r.keys,
        ivrResult: r.ivrResult,
        amount: formatMoney(r.amount),
        transferTo: r.transferTo,
        transferResult: r.transferResult,
        transferSipCode: r.transferSipCode,
        transferTalkS: r.transferTalkMs / 1000,
        transferBilledS: r.transferBilledS,
        transferAmount: formatMoney(r.transferAmount),
        startedAt: r.startedAt,
        answeredAt: r.answeredAt,
        endedAt: r.endedAt,
      })),
    };
  }

  /** Records of the past week only (the export's rule), newest first, at most `limit`. */
  async exportRecords(auth: AuthContext, query: RecordFilters, limit: number) {
    const weekAgo = new Date(Date.now() - WEEK_MS);
    const from = query.from && query.from > weekAgo ? query.from : weekAgo;
    const page = await this.records(auth, { ...query, from, pageNo: 1, pageSize: limit });
    return page.records;
  }
}

function viewOf(r: TaskRow, counts: NumberCounts, companyName: string): CallTaskView {
  return {
    id: r.id,
    companyId: r.companyId,
    companyName,
    name: r.name,
    state: r.state,
    pauseReason: r.pauseReason ?? null,
    ivrFlowId: r.ivrFlowId,
    callerGroupId: r.callerGroupId,
    callerIds: r.callerIds,
    trunkId: r.trunkId,
    routeId: r.routeId,
    callRatio: r.callRatio,
    periods: r.periods,
    timeZone: r.timeZone,
    ttlS: r.ttlS,
    hangupSms: r.hangupSms ?? null,
    counts,
    amount: formatMoney(r.amount),
    actions: callTaskActionsOf(r.state),
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

import {
  type cliTestInputSchema,
  type cliTestSchema,
  formatMoney,
  type NumberStatusResult,
  type Page,
  type PageQuery,
  type StatusCheckInput,
  type StatusCheckState,
  type statusCheckSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { DataScope } from '../../platform/scope';
import { normaliseNumbers } from '../call-task';
import {
  type CheckCounts,
  type CheckNumberRow,
  type CheckRow,
  type CliTestRow,
  emptyCheckCounts,
  type VoiceToolsRepo,
} from './repo';

export type StatusCheckView = z.output<typeof statusCheckSchema>;
export type CliTestView = z.output<typeof cliTestSchema>;

type Deps = Pick<Services, 'companies' | 'trunks'>;

/**
 * The voice tools as users see them: number-status checks of a company (added, listed, stopped,
 * their numbers and export, all held to the caller's data scope: staff all, a reseller its
 * customers, a customer its own) and CLI tests (platform staff only: a trunk is the platform's).
 * The calls themselves are placed by the worker (`VoiceToolsEngine`).
 */
export class VoiceToolsService {
  constructor(
    private readonly db: Db,
    private readonly repo: VoiceToolsRepo,
    private readonly deps: Deps,
    private readonly onProgress: (checkId: string) => void,
  ) {}

  private async owned(auth: AuthContext, id: string): Promise<CheckRow> {
    const row = await this.repo.check(id);
    if (!row) throw new AppError('STATUS_CHECK_NOT_FOUND', 404);
    return this.deps.companies.objectInScope(auth, row);
  }

  private async views(rows: CheckRow[]): Promise<StatusCheckView[]> {
    const [counts, names] = await Promise.all([
      this.repo.countsOf(rows.map((r) => r.id)),
      this.deps.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
    ]);
    return rows.map((r) =>
      checkViewOf(r, counts.get(r.id) ?? emptyCheckCounts(), names.get(r.companyId) ?? ''),
    );
  }

  /** A new check: its numbers normalised (each once), running at once. */
  async addCheck(auth: AuthContext, input: StatusCheckInput): Promise<StatusCheckView> {
    const companyId = await this.deps.companies.targetOf(auth, input.companyId);
    const numbers = normaliseNumbers(input.numbers, {
      invalid: 'STATUS_CHECK_NUMBER_INVALID',
      required: 'STATUS_CHECK_NUMBERS_REQUIRED',
    });
    const row = await withTransaction(this.db, async () => {
      const check = await this.repo.insertCheck({ companyId, name: input.name, createdBy: auth.user.id });
      await this.repo.bulk.insertItems(check.id, companyId, numbers);
      return check;
    });
    return (await this.views([row]))[0]!;
  }

  async getCheck(auth: AuthContext, id: string): Promise<StatusCheckView> {
    return (await this.views([await this.owned(auth, id)]))[0]!;
  }

  async listChecks(
    auth: AuthContext,
    query: PageQuery & { name?: string; state?: StatusCheckState; companyId?: string },
  ): Promise<Page<StatusCheckView>> {
    const scope = await this.deps.companies.scopeFor(auth, query.companyId);
    const page = await this.repo.bulk.pageJobs(scope, query);
    return { ...page, records: await this.views(page.records) };
  }

  /** Stops a running check: the numbers not yet checked are skipped (and not charged). */
  async stopCheck(auth: AuthContext, id: string): Promise<StatusCheckView> {
    await this.owned(auth, id);
    const row = await withTransaction(this.db, async () => {
      const stopped = await this.repo.updateCheck(
        id,
        { state: 'stopped', stopReason: 'user', finishedAt: new Date() },
        ['running'],
      );
      if (!stopped) throw new AppError('STATUS_CHECK_NOT_RUNNING', 409);
      await this.repo.skipPending(id);
      return stopped;
    });
    this.onProgress(id);
    return (await this.views([row]))[0]!;
  }

  async numbers(
    auth: AuthContext,
    query: PageQuery & { id: string; status?: NumberStatusResult; number?: string },
  ) {
    await this.owned(auth, query.id);
    const filters = { outcome: query.status, number: query.number };
    return this.repo.bulk.pageItems(query.id, query, filters, (n: CheckNumberRow) => ({
      id: n.id,
      number: n.number,
      state: n.state,
      status: n.status,
      sipCode: n.sipCode,
      ms: n.ms,
      error: n.error,
      amount: formatMoney(n.amount),
      checkedAt: n.checkedAt,
    }));
  }

  /** A check's numbers for the export, at most `limit`. */
  async exportNumbers(
    auth: AuthContext,
    query: { id: string; status?: NumberStatusResult; number?: string },
    limit: number,
  ) {
    return (await this.numbers(auth, { ...query, pageNo: 1, pageSize: limit })).records;
  }

  // --- CLI tests ---

  /** CLI tests are platform staff's (a trunk is the platform's): anyone else is refused. */
  private async staffScope(auth: AuthContext): Promise<DataScope> {
    const scope = await this.deps.companies.dataScopeOf(auth);
    if (scope.kind !== 'all') throw new AppError('NO_OPERATION_PERMISSION', 403);
    return scope;
  }

  /** Queues a test call (a worker places it); answered at once, `queued`. */
  async addTest(auth: AuthContext, input: z.output<typeof cliTestInputSchema>): Promise<CliTestView> {
    await this.staffScope(auth);
    const target = await this.deps.trunks.targetOf(input.trunkId);
    if (!target) throw new AppError('TRUNK_NOT_FOUND', 404, { field: 'trunkId' });
    const row = await this.repo.insertTest({
      companyId: auth.user.companyId,
      trunkId: target.trunkId,
      trunkName: target.name.slice(0, 64),
      toNumber: input.to,
      callerId: input.callerId,
      keys: input.keys,
      holdS: input.holdS,
      createdBy: auth.user.id,
    });
    return testViewOf(row);
  }

  async getTest(auth: AuthContext, id: string): Promise<CliTestView> {
    await this.staffScope(auth);
    const row = await this.repo.test(id);
    if (!row) throw new AppError('CLI_TEST_NOT_FOUND', 404);
    return testViewOf(row);
  }

  async listTests(auth: AuthContext, query: PageQuery & { trunkId?: string }): Promise<Page<CliTestView>> {
    const scope = await this.staffScope(auth);
    const page = await paginate(
      query,
      () => this.repo.countTests(scope, query.trunkId),
      (limit, offset) => this.repo.listTests(scope, query.trunkId, limit, offset),
    );
    return { ...page, records: page.records.map(testViewOf) };
  }
}

function checkViewOf(r: CheckRow, counts: CheckCounts, companyName: string): StatusCheckView {
  return {
    id: r.id,
    companyId: r.companyId,
    companyName,
    name: r.name,
    state: r.state,
    stopReason: r.stopReason ?? null,
    counts,
    amount: formatMoney(r.amount),
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

function testViewOf(r: CliTestRow): CliTestView {
  return {
    id: r.id,
    trunkId: r.trunkId,
    trunkName: r.trunkName,
    to: r.toNumber,
    callerId: r.callerId,
    sentCallerId: r.sentCallerId,
    keys: r.keys,
    holdS: r.holdS,
    state: r.state,
    result: r.result,
    sipCode: r.sipCode,
    error: r.error,
    ringMs: r.ringMs,
    talkMs: r.talkMs,
    ladder: r.ladder,
    media: r.media ?? null,
    callee: r.callee ?? null,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

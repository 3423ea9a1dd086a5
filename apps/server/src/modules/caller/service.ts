import {
  type CallerRotation,
  type callerGroupEditSchema,
  type callerGroupInputSchema,
  type callerGroupSchema,
  type callerIdEditSchema,
  type callerIdInputSchema,
  type callerIdSchema,
  type PageQuery,
  pickCaller,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { type DataScope, inScope } from '../../platform/scope';
import {
  type CallerGroupFilters,
  type CallerGroupRow,
  type CallerIdFilters,
  type CallerIdRow,
  CallerRepo,
} from './repo';

type CallerIdInput = z.output<typeof callerIdInputSchema>;
type CallerIdEdit = z.output<typeof callerIdEditSchema>;
type CallerGroupInput = z.output<typeof callerGroupInputSchema>;
type CallerGroupEdit = z.output<typeof callerGroupEditSchema>;
export type CallerIdView = z.output<typeof callerIdSchema>;
export type CallerGroupView = z.output<typeof callerGroupSchema>;

/** Who asks for the next caller ID: one group, or a task's own list of caller IDs. */
export type CallerSource = { groupId: string } | { callerIds: readonly string[]; rotation?: CallerRotation };

/**
 * Caller IDs and caller groups of companies, within the caller's data scope (staff all, resellers
 * their own and their customers', customers their own), and the rotation a task draws its caller
 * IDs from (`nextCallerId`).
 */
export class CallerService {
  private readonly repo: CallerRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies'>,
    private readonly log?: Logger,
    /** [0, 1) for random rotations (tests give a seeded one). */
    private readonly random: () => number = Math.random,
  ) {
    this.repo = new CallerRepo(db);
  }

  // --- the interface other modules use ---

  /**
   * The next caller ID (its digits) for a task (`taskKey`): round robin over the group's (or the
   * list's) enabled caller IDs in their order, the position kept per task in the database so every
   * process continues one rotation; or one at random. CALLER_GROUP_EMPTY when none is enabled.
   */
  async nextCallerId(source: CallerSource, taskKey: string): Promise<string> {
    let members: { number: string; enabled: boolean }[];
    let rotation: CallerRotation;
    let key: string;
    if ('groupId' in source) {
      const group = await this.repo.group(source.groupId);
      if (!group) throw new AppError('CALLER_GROUP_NOT_FOUND', 404);
      members = group.enabled ? await this.repo.membersOf([group.id]) : [];
      rotation = group.rotation;
      key = `${taskKey}:g:${group.id}`;
    } else {
      const rows = await this.repo.callersByIds(source.callerIds);
      const byId = new Map(rows.map((r) => [r.id, r]));
      members = source.callerIds.flatMap((id) => byId.get(id) ?? []);
      rotation = source.rotation ?? 'round_robin';
      key = `${taskKey}:l`;
    }
    const enabled = members.filter((m) => m.enabled);
    if (enabled.length === 0) throw new AppError('CALLER_GROUP_EMPTY', 409);
    const position = rotation === 'round_robin' ? await this.repo.advance(key.slice(0, 200)) : 0;
    return pickCaller(enabled, rotation, position, this.random)!.number;
  }

  /** Whether a caller ID is one of a company's enabled ones (a task's or a test call's check). */
  async ownsCallerId(companyId: string, callerId: string): Promise<boolean> {
    const rows = await this.repo.callersByIds([callerId]);
    return rows.some((r) => r.companyId === companyId && r.enabled);
  }

  /** Whether every number of `numbers` is one of a company's enabled caller IDs (a task's check). */
  async ownsNumbers(companyId: string, numbers: readonly string[]): Promise<boolean> {
    const unique = [...new Set(numbers)];
    return (await this.repo.enabledNumbersOf(companyId, unique)).length === unique.length;
  }

  /** Whether a caller group is one of a company's (a task's check when it is saved). */
  async ownsGroup(companyId: string, groupId: string): Promise<boolean> {
    return (await this.repo.group(groupId))?.companyId === companyId;
  }

  /** Forgets rotations unused for a week. */
  sweepRotations(now = new Date()): Promise<number> {
    return this.repo.deleteRotationsBefore(new Date(now.getTime() - 7 * 86_400_000));
  }

  // --- scope ---

  /** A row of the caller's scope; one outside it does not exist for them (`notFound`, 404). */
  private async scoped<R extends { companyId: string }>(
    auth: AuthContext,
    row: R | undefined,
    notFound: 'CALLER_ID_NOT_FOUND' | 'CALLER_GROUP_NOT_FOUND',
  ): Promise<R> {
    if (!row || !inScope(await this.services.companies.dataScopeOf(auth), row.companyId))
      throw new AppError(notFound, 404);
    return row;
  }

  private async callerInScope(auth: AuthContext, id: string): Promise<CallerIdRow> {
    return this.scoped(auth, await this.repo.caller(id), 'CALLER_ID_NOT_FOUND');
  }

  private async groupInScope(auth: AuthContext, id: string): Promise<CallerGroupRow> {
    return this.scoped(auth, await this.repo.group(id), 'CALLER_GROUP_NOT_FOUND');
  }

  /**
   * A caller ID or group keeps its company: an edit naming another company is refused
   * (FIELD_INVALID companyId), never taken as a move nor dropped silently.
   */
  private keepsCompany(existing: { companyId: string }, companyId: string | undefined): void {
    if (companyId !== undefined && companyId !== existing.companyId)
      throw new AppError('FIELD_INVALID', 400, { field: 'companyId' });
  }

  /** A page of rows in the caller's scope (of one company of it when the query names one), as views. */
  private async page<R, V, Q extends PageQuery & { companyId?: string | undefined }>(
    auth: AuthContext,
    query: Q,
    rows: {
      count: (scope: DataScope, query: Q) => Promise<number>;
      list: (scope: DataScope, query: Q, limit: number, offset: number) => Promise<R[]>;
      views: (rows: R[]) => Promise<V[]>;
    },
  ) {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    return paginate(
      query,
      () => rows.count(scope, query),
      async (limit, offset) => rows.views(await rows.list(scope, query, limit, offset)),
    );
  }

  /**
   * Runs a change in one transaction, the unique rules answered as the errors they are: a caller
   * group's name (CALLER_GROUP_NAME_TAKEN) and, writing the caller ID `number`, its number
   * (CALLER_ID_TAKEN).
   */
  private write<T>(fn: () => Promise<T>, number?: string): Promise<T> {
    return withTransaction(
      this.db,
      async () => {
        try {
          return await fn();
        } catch (error) {
          const constraint = uniqueViolationOf(error);
          if (constraint === 'voice_caller_groups_company_name_uq')
            throw new AppError('CALLER_GROUP_NAME_TAKEN', 409);
          if (constraint === 'voice_caller_ids_company_number_uq' && number !== undefined)
            throw new AppError('CALLER_ID_TAKEN', 409, { number });
          throw error;
        }
      },
      this.log,
    );
  }

  // --- caller IDs ---

  private async callerViews(rows: CallerIdRow[]): Promise<CallerIdView[]> {
    const names = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      countryCode: r.countryCode,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      enabled: r.enabled,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  async listCallers(auth: AuthContext, query: PageQuery & CallerIdFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countCallers(scope, q),
      list: (scope, q, limit, offset) => this.repo.listCallers(scope, q, limit, offset),
      views: (rows) => this.callerViews(rows),
    });
  }

  async getCaller(auth: AuthContext, id: string): Promise<CallerIdView> {
    return (await this.callerViews([await this.callerInScope(auth, id)]))[0]!;
  }

  async addCaller(auth: AuthContext, input: CallerIdInput): Promise<CallerIdView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const row = await this.write(
      () =>
        this.repo.insertCaller({
          companyId,
          number: input.number,
          countryCode: input.countryCode ?? null,
          enabled: input.enabled,
          remark: input.remark ?? null,
        }),
      input.number,
    );
    return (await this.callerViews([row]))[0]!;
  }

  async editCaller(auth: AuthContext, input: CallerIdEdit): Promise<CallerIdView> {
    const existing = await this.callerInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const row = await this.write(
      () =>
        this.repo.updateCaller(existing.id, {
          number: input.number,
          countryCode: input.countryCode ?? null,
          enabled: input.enabled,
          remark: input.remark ?? null,
        }),
      input.number,
    );
    if (!row) throw new AppError('CALLER_ID_NOT_FOUND', 404);
    return (await this.callerViews([row]))[0]!;
  }

  /** Deletes every one of `ids` or none (they leave the groups they were in). */
  async deleteCallers(auth: AuthContext, ids: string[]): Promise<number> {
    return this.write(async () => {
      for (const id of ids) await this.callerInScope(auth, id);
      return this.repo.deleteCallers(ids);
    });
  }

  // --- groups ---

  private async groupViews(rows: CallerGroupRow[]): Promise<CallerGroupView[]> {
    const [names, members] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.repo.membersOf(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      rotation: r.rotation,
      members: members
        .filter((m) => m.groupId === r.id)
        .map((m) => ({ id: m.callerId, number: m.number, enabled: m.enabled })),
      enabled: r.enabled,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** Every member must be a caller ID of the group's company. */
  private async checkMembers(companyId: string, callerIds: string[]): Promise<void> {
    const rows = await this.repo.callersByIds(callerIds);
    if (rows.length !== callerIds.length || rows.some((r) => r.companyId !== companyId))
      throw new AppError('CALLER_GROUP_MEMBER_UNKNOWN', 400);
  }

  async listGroups(auth: AuthContext, query: PageQuery & CallerGroupFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countGroups(scope, q),
      list: (scope, q, limit, offset) => this.repo.listGroups(scope, q, limit, offset),
      views: (rows) => this.groupViews(rows),
    });
  }

  async getGroup(auth: AuthContext, id: string): Promise<CallerGroupView> {
    return (await this.groupViews([await this.groupInScope(auth, id)]))[0]!;
  }

  /** A group by id for another module (no scope: the caller checked it). */
  async groupById(id: string): Promise<CallerGroupView | undefined> {
    const row = await this.repo.group(id);
    return row ? (await this.groupViews([row]))[0] : undefined;
  }

  async addGroup(auth: AuthContext, input: CallerGroupInput): Promise<CallerGroupView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const row = await this.write(async () => {
      await this.checkMembers(companyId, input.callerIds);
      const group = await this.repo.insertGroup({
        companyId,
        name: input.name,
        rotation: input.rotation,
        enabled: input.enabled,
        remark: input.remark ?? null,
      });
      await this.repo.setMembers(group.id, input.callerIds);
      return group;
    });
    return (await this.groupViews([row]))[0]!;
  }

  async editGroup(auth: AuthContext, input: CallerGroupEdit): Promise<CallerGroupView> {
    const existing = await this.groupInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const row = await this.write(async () => {
      await this.checkMembers(existing.companyId, input.callerIds);
      const group = await this.repo.updateGroup(existing.id, {
        name: input.name,
        rotation: input.rotation,
        enabled: input.enabled,
        remark: input.remark ?? null,
      });
      if (!group) throw new AppError('CALLER_GROUP_NOT_FOUND', 404);
      await this.repo.setMembers(group.id, input.callerIds);
      return group;
    });
    return (await this.groupViews([row]))[0]!;
  }

  async deleteGroups(auth: AuthContext, ids: string[]): Promise<number> {
    return this.write(async () => {
      for (const id of ids) await this.groupInScope(auth, id);
      return this.repo.deleteGroups(ids);
    });
  }

  // --- demo ---

  /** Demo caller IDs and a round-robin group for a company; idempotent. */
  async seedDemo(demo: {
    companyId: string;
    groupId: string;
    groupName: string;
    callers: { id: string; number: string; countryCode: string }[];
  }) {
    for (const caller of demo.callers) {
      await this.repo.insertCallerIfMissing({
        id: caller.id,
        companyId: demo.companyId,
        number: caller.number,
        countryCode: caller.countryCode,
      });
    }
    if (await this.repo.group(demo.groupId)) return;
    await withTransaction(this.db, async () => {
      const existing = await this.repo.callersByIds(demo.callers.map((c) => c.id));
      await this.repo.insertGroup({ id: demo.groupId, companyId: demo.companyId, name: demo.groupName });
      await this.repo.setMembers(
        demo.groupId,
        demo.callers.map((c) => c.id).filter((id) => existing.some((r) => r.id === id)),
      );
    });
  }
}

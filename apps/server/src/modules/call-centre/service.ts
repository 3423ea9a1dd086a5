import {
  CALL_LIST_COLUMNS_MAX,
  type CallListNumberState,
  type callListEditSchema,
  type callListInputSchema,
  type callListNumberSchema,
  type callListSchema,
  type callResultSettingEditSchema,
  type callResultSettingInputSchema,
  type callResultSettingSchema,
  nextOutboundTaskState,
  type OutboundTaskAction,
  outboundTaskActionsOf,
  outboundTaskEditable,
  type outboundTaskEditSchema,
  type outboundTaskInputSchema,
  type outboundTaskSchema,
  type PageQuery,
  RESELLER_ROLE_CODES,
  SEAT_STATE_MESSAGE,
  type seatEditSchema,
  type seatGroupEditSchema,
  type seatGroupInputSchema,
  type seatGroupSchema,
  type seatInputSchema,
  type seatLiveStateSchema,
  type seatSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { afterCommit, type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { Realtime } from '../../platform/realtime';
import { type DataScope, inScope } from '../../platform/scope';
import { parseNumber } from '../rate';
import type {
  CallCentreRepo,
  CallListRow,
  CallResultRow,
  NamedFilters,
  NumberFilters,
  OutboundTaskRow,
  SeatBinding,
  SeatFilters,
  SeatGroupRow,
  SeatRow,
  TaskFilters,
} from './repo';

type SeatInput = z.output<typeof seatInputSchema>;
type SeatEdit = z.output<typeof seatEditSchema>;
type SeatGroupInput = z.output<typeof seatGroupInputSchema>;
type SeatGroupEdit = z.output<typeof seatGroupEditSchema>;
type CallResultSettingInput = z.output<typeof callResultSettingInputSchema>;
type CallResultSettingEdit = z.output<typeof callResultSettingEditSchema>;
type CallListInput = z.output<typeof callListInputSchema>;
type CallListEdit = z.output<typeof callListEditSchema>;
export type SeatView = z.output<typeof seatSchema>;
export type SeatGroupView = z.output<typeof seatGroupSchema>;
export type CallResultView = z.output<typeof callResultSettingSchema>;
export type CallListView = z.output<typeof callListSchema>;
export type CallListNumberView = z.output<typeof callListNumberSchema>;
type SeatLiveStateView = z.output<typeof seatLiveStateSchema>;
type OutboundTaskInput = z.output<typeof outboundTaskInputSchema>;
type OutboundTaskEdit = z.output<typeof outboundTaskEditSchema>;
export type OutboundTaskView = z.output<typeof outboundTaskSchema>;

type Deps = Pick<Services, 'companies' | 'users' | 'apiAccess' | 'callers'>;
type NotFound =
  | 'SEAT_NOT_FOUND'
  | 'SEAT_GROUP_NOT_FOUND'
  | 'CALL_RESULT_NOT_FOUND'
  | 'CALL_LIST_NOT_FOUND'
  | 'OUTBOUND_TASK_NOT_FOUND';

/** The additional data sealing a seat's SIP password: the sealed text opens for that row only. */
const passwordAad = (id: string) => `seats.sip_password:${id}`;

/** The most seats `/seat/state` answers at once. */
const LIVE_STATES_MAX = 2000;

/** A seat the registrar may register: its id, company and password opened. */
export interface SeatCredentials {
  seatId: string;
  companyId: string;
  password: string;
  /** The binding it has now (a REGISTER of an older Call-ID/CSeq is not taken over it). */
  callId: string | null;
  cseq: number | null;
}

/**
 * Seats, seat groups, call result settings and call lists of companies (issue 26), within the
 * caller's data scope (staff all, resellers their own and their customers', customers their
 * own); and the seats' registrations, which the registrar (registrar.ts) records through here.
 */
export class CallCentreService {
  constructor(
    private readonly db: Db,
    private readonly repo: CallCentreRepo,
    private readonly services: Deps,
    private readonly realtime: Realtime,
    private readonly log?: Logger,
  ) {}

  // --- scope ---

  private async scoped<R extends { companyId: string }>(
    auth: AuthContext,
    row: R | undefined,
    notFound: NotFound,
  ): Promise<R> {
    if (!row || !inScope(await this.services.companies.dataScopeOf(auth), row.companyId))
      throw new AppError(notFound, 404);
    return row;
  }

  /** An object keeps its company: an edit naming another is refused, never taken as a move. */
  private keepsCompany(existing: { companyId: string }, companyId: string | undefined): void {
    if (companyId !== undefined && companyId !== existing.companyId)
      throw new AppError('FIELD_INVALID', 400, { field: 'companyId' });
  }

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

  /** Deletes every one of `ids` or none: each must be in the caller's scope. */
  private remove(
    auth: AuthContext,
    ids: string[],
    read: (ids: string[]) => Promise<{ companyId: string }[]>,
    notFound: NotFound,
    del: (ids: string[]) => Promise<number>,
  ): Promise<number> {
    return this.write(async () => {
      const rows = await read(ids);
      const scope = await this.services.companies.dataScopeOf(auth);
      if (rows.length !== new Set(ids).size || rows.some((r) => !inScope(scope, r.companyId)))
        throw new AppError(notFound, 404);
      return del(ids);
    });
  }

  /** Runs a change in one transaction, the unique rules answered as the errors they are. */
  private write<T>(fn: () => Promise<T>, params: Record<string, string> = {}): Promise<T> {
    return withTransaction(
      this.db,
      async () => {
        try {
          return await fn();
        } catch (error) {
          const constraint = uniqueViolationOf(error);
          if (constraint === 'seats_company_job_number_uq')
            throw new AppError('SEAT_JOB_NUMBER_TAKEN', 409, {
              field: 'jobNumber',
              jobNumber: params.jobNumber ?? '',
            });
          if (constraint === 'seats_sip_username_uq')
            throw new AppError('SEAT_SIP_USERNAME_TAKEN', 409, {
              field: 'sipUsername',
              sipUsername: params.sipUsername ?? '',
            });
          if (constraint === 'seat_groups_company_name_uq')
            throw new AppError('SEAT_GROUP_NAME_TAKEN', 409, { field: 'name' });
          if (constraint === 'call_results_company_name_uq')
            throw new AppError('CALL_RESULT_NAME_TAKEN', 409, { field: 'name' });
          if (constraint === 'call_lists_company_name_uq')
            throw new AppError('CALL_LIST_NAME_TAKEN', 409, { field: 'name' });
          if (constraint === 'outbound_tasks_company_name_uq')
            throw new AppError('OUTBOUND_TASK_NAME_TAKEN', 409, { field: 'name' });
          if (constraint === 'outbound_tasks_call_list_uq')
            throw new AppError('CALL_LIST_HAS_TASK', 409, {
              field: 'callListId',
              name: params.taskName ?? '',
            });
          throw error;
        }
      },
      this.log,
    );
  }

  // --- seats ---

  private async seatViews(rows: SeatRow[]): Promise<SeatView[]> {
    const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
    const [names, groups, users] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.repo.groupsOfSeats(rows.map((r) => r.id)),
      userIds.length > 0 ? this.services.users.pageAmong(userIds, undefined, userIds.length, 0) : [],
    ]);
    const userNames = new Map(users.map((u) => [u.id, u.realname || u.username]));
    return rows.map((r) => ({
      id: r.id,
      jobNumber: r.jobNumber,
      name: r.name,
      sipUsername: r.sipUsername,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      userId: r.userId,
      userName: r.userId ? (userNames.get(r.userId) ?? null) : null,
      groups: groups.filter((g) => g.seatId === r.id).map((g) => ({ id: g.id, name: g.name })),
      enabled: r.enabled,
      remark: r.remark,
      state: r.state,
      contact: r.contact,
      expiresAt: r.expiresAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private seatInScope(auth: AuthContext, id: string): Promise<SeatRow> {
    return this.repo.seat(id).then((row) => this.scoped(auth, row, 'SEAT_NOT_FOUND'));
  }

  /** The seat's user must be one of its company's; its groups must be its company's. */
  private async checkSeatLinks(companyId: string, userId: string | null | undefined, groupIds: string[]) {
    if (userId) {
      const companies = await this.services.users.companiesOf([userId]);
      if (companies.get(userId) !== companyId)
        throw new AppError('SEAT_USER_UNKNOWN', 400, { field: 'userId' });
    }
    const groups = await this.repo.groupsByIds(groupIds);
    if (groups.length !== groupIds.length || groups.some((g) => g.companyId !== companyId))
      throw new AppError('SEAT_GROUP_UNKNOWN', 400, { field: 'groupIds' });
  }

  listSeats(auth: AuthContext, query: PageQuery & SeatFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countSeats(scope, q),
      list: (scope, q, limit, offset) => this.repo.listSeats(scope, q, limit, offset),
      views: (rows) => this.seatViews(rows),
    });
  }

  async getSeat(auth: AuthContext, id: string): Promise<SeatView> {
    return (await this.seatViews([await this.seatInScope(auth, id)]))[0]!;
  }

  async addSeat(auth: AuthContext, input: SeatInput): Promise<SeatView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const box = await this.services.apiAccess.secretBox();
    const row = await this.write(
      async () => {
        await this.checkSeatLinks(companyId, input.userId, input.groupIds);
        const id = crypto.randomUUID();
        const seat = await this.repo.insertSeat({
          id,
          companyId,
          jobNumber: input.jobNumber,
          name: input.name,
          sipUsername: input.sipUsername,
          sipPassword: box.seal(input.sipPassword, passwordAad(id)),
          userId: input.userId ?? null,
          enabled: input.enabled,
          remark: input.remark ?? null,
        });
        await this.repo.setGroupsOfSeat(seat.id, input.groupIds);
        return seat;
      },
      { jobNumber: input.jobNumber, sipUsername: input.sipUsername },
    );
    return (await this.seatViews([row]))[0]!;
  }

  async editSeat(auth: AuthContext, input: SeatEdit): Promise<SeatView> {
    const existing = await this.seatInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const box = input.sipPassword ? await this.services.apiAccess.secretBox() : undefined;
    // A seat disabled, or given new credentials, loses its registration: it must register again.
    const unbind =
      !input.enabled ||
      !!input.sipPassword ||
      input.sipUsername.toLowerCase() !== existing.sipUsername.toLowerCase();
    const row = await this.write(
      async () => {
        await this.checkSeatLinks(existing.companyId, input.userId, input.groupIds);
        const seat = await this.repo.updateSeat(existing.id, {
          jobNumber: input.jobNumber,
          name: input.name,
          sipUsername: input.sipUsername,
          userId: input.userId ?? null,
          enabled: input.enabled,
          remark: input.remark ?? null,
          ...(box && input.sipPassword
            ? { sipPassword: box.seal(input.sipPassword, passwordAad(existing.id)) }
            : {}),
        });
        if (!seat) throw new AppError('SEAT_NOT_FOUND', 404);
        await this.repo.setGroupsOfSeat(seat.id, input.groupIds);
        if (unbind && seat.state !== 'offline') {
          const offline = (await this.repo.unbindSeat(seat.id, new Date())) ?? seat;
          await afterCommit(() => this.publishSeat(offline));
          return offline;
        }
        return seat;
      },
      { jobNumber: input.jobNumber, sipUsername: input.sipUsername },
    );
    return (await this.seatViews([row]))[0]!;
  }

  deleteSeats(auth: AuthContext, ids: string[]): Promise<number> {
    return this.remove(
      auth,
      ids,
      (i) => this.repo.seatsByIds(i),
      'SEAT_NOT_FOUND',
      (i) => this.repo.deleteSeats(i),
    );
  }

  /** Users of a company in the caller's scope (the caller's own unless named) for a seat's user picker. */
  async userOptions(auth: AuthContext, companyId: string | undefined, keyword: string | undefined) {
    const target = await this.services.companies.targetOf(auth, companyId);
    return this.services.users.optionsOfCompany(target, keyword, 50);
  }

  // --- live states ---

  private liveState(r: SeatRow): SeatLiveStateView {
    return {
      seatId: r.id,
      companyId: r.companyId,
      state: r.state,
      contact: r.contact,
      expiresAt: r.expiresAt,
      userAgent: r.userAgent,
      since: r.stateSince,
    };
  }

  /** The live state of every seat in the caller's scope (of one company, when named). */
  async seatStates(auth: AuthContext, companyId: string | undefined): Promise<SeatLiveStateView[]> {
    const scope = await this.services.companies.scopeFor(auth, companyId);
    return (await this.repo.seatsInScope(scope, companyId, LIVE_STATES_MAX)).map((r) => this.liveState(r));
  }

  /**
   * A seat's state to those who see it (realtime): the users of its company, the resellers'
   * users above it, and administrators.
   */
  async publishSeat(row: SeatRow): Promise<void> {
    const message = {
      cmd: 'topic' as const,
      msgId: SEAT_STATE_MESSAGE,
      msgTxt: JSON.stringify(this.liveState(row)),
    };
    const ancestors: string[] = [];
    let parent = (await this.services.companies.findCached(row.companyId))?.parentCompanyId ?? null;
    while (parent && ancestors.length < 8 && !ancestors.includes(parent)) {
      ancestors.push(parent);
      parent = (await this.services.companies.findCached(parent))?.parentCompanyId ?? null;
    }
    await this.realtime.publish({ kind: 'companies', companyIds: [row.companyId] }, message);
    if (ancestors.length > 0)
      await this.realtime.publish(
        { kind: 'companies', companyIds: ancestors, roleCodes: [...RESELLER_ROLE_CODES] },
        message,
      );
    await this.realtime.publish({ kind: 'roles', roleCodes: ['admin'] }, message);
  }

  // --- registration (the registrar's) ---

  /** An enabled seat's credentials by SIP username; undefined for none (or a password that does not open). */
  async credentialsOf(username: string): Promise<SeatCredentials | undefined> {
    const row = await this.repo.seatBySipUsername(username);
    if (!row?.enabled) return undefined;
    const password = (await this.services.apiAccess.secretBox()).open(row.sipPassword, passwordAad(row.id));
    if (password === null) return undefined;
    return {
      seatId: row.id,
      companyId: row.companyId,
      password,
      callId: row.registerCallId,
      cseq: row.registerCseq,
    };
  }

  /** Records a seat's registration (idle, if it was offline) and tells the console. */
  async register(seatId: string, binding: SeatBinding, now = new Date()): Promise<void> {
    const row = await this.repo.bindSeat(seatId, binding, now);
    if (row) await this.publishSeat(row);
  }

  /** Removes a seat's registration (offline) and tells the console. */
  async unregister(seatId: string, now = new Date()): Promise<void> {
    const row = await this.repo.unbindSeat(seatId, now);
    if (row) await this.publishSeat(row);
  }

  /** Takes seats whose registration ran out offline; answers how many. */
  async expireRegistrations(now = new Date()): Promise<number> {
    let expired = 0;
    for (const { id } of await this.repo.expiredSeats(now, 500)) {
      const row = await this.repo.expireSeat(id, now);
      if (!row) continue;
      expired++;
      await this.publishSeat(row);
    }
    return expired;
  }

  /** A seat's row by id (no scope: for the registrar and tests of the engine). */
  seatById(id: string): Promise<SeatRow | undefined> {
    return this.repo.seat(id);
  }

  // --- seat groups ---

  private async groupViews(rows: SeatGroupRow[]): Promise<SeatGroupView[]> {
    const [names, members] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.repo.seatsOfGroups(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      distribution: r.distribution,
      wrapUpS: r.wrapUpS,
      seats: members
        .filter((m) => m.groupId === r.id)
        .map((m) => ({ id: m.id, jobNumber: m.jobNumber, name: m.name })),
      enabled: r.enabled,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private groupInScope(auth: AuthContext, id: string): Promise<SeatGroupRow> {
    return this.repo.group(id).then((row) => this.scoped(auth, row, 'SEAT_GROUP_NOT_FOUND'));
  }

  private async checkGroupSeats(companyId: string, seatIds: string[]): Promise<void> {
    const rows = await this.repo.seatsByIds(seatIds);
    if (rows.length !== seatIds.length || rows.some((r) => r.companyId !== companyId))
      throw new AppError('SEAT_GROUP_MEMBER_UNKNOWN', 400, { field: 'seatIds' });
  }

  listGroups(auth: AuthContext, query: PageQuery & NamedFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countGroups(scope, q),
      list: (scope, q, limit, offset) => this.repo.listGroups(scope, q, limit, offset),
      views: (rows) => this.groupViews(rows),
    });
  }

  async getGroup(auth: AuthContext, id: string): Promise<SeatGroupView> {
    return (await this.groupViews([await this.groupInScope(auth, id)]))[0]!;
  }

  async addGroup(auth: AuthContext, input: SeatGroupInput): Promise<SeatGroupView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const row = await this.write(async () => {
      await this.checkGroupSeats(companyId, input.seatIds);
      const group = await this.repo.insertGroup({
        companyId,
        name: input.name,
        distribution: input.distribution,
        wrapUpS: input.wrapUpS,
        enabled: input.enabled,
        remark: input.remark ?? null,
      });
      await this.repo.setSeatsOfGroup(group.id, input.seatIds);
      return group;
    });
    return (await this.groupViews([row]))[0]!;
  }

  async editGroup(auth: AuthContext, input: SeatGroupEdit): Promise<SeatGroupView> {
    const existing = await this.groupInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const row = await this.write(async () => {
      await this.checkGroupSeats(existing.companyId, input.seatIds);
      const group = await this.repo.updateGroup(existing.id, {
        name: input.name,
        distribution: input.distribution,
        wrapUpS: input.wrapUpS,
        enabled: input.enabled,
        remark: input.remark ?? null,
      });
      if (!group) throw new AppError('SEAT_GROUP_NOT_FOUND', 404);
      await this.repo.setSeatsOfGroup(group.id, input.seatIds);
      return group;
    });
    return (await this.groupViews([row]))[0]!;
  }

  deleteGroups(auth: AuthContext, ids: string[]): Promise<number> {
    return this.remove(
      auth,
      ids,
      (i) => this.repo.groupsByIds(i),
      'SEAT_GROUP_NOT_FOUND',
      async (i) => {
        const [used] = await this.repo.tasksUsing({ groupIds: i });
        if (used) throw new AppError('SEAT_GROUP_IN_USE', 409, { name: used.name });
        return this.repo.deleteGroups(i);
      },
    );
  }

  // --- call result settings ---

  private async resultViews(rows: CallResultRow[]): Promise<CallResultView[]> {
    const names = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      redial: r.redial,
      sort: r.sort,
      enabled: r.enabled,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private resultInScope(auth: AuthContext, id: string): Promise<CallResultRow> {
    return this.repo.result(id).then((row) => this.scoped(auth, row, 'CALL_RESULT_NOT_FOUND'));
  }

  listResults(auth: AuthContext, query: PageQuery & NamedFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countResults(scope, q),
      list: (scope, q, limit, offset) => this.repo.listResults(scope, q, limit, offset),
      views: (rows) => this.resultViews(rows),
    });
  }

  async getResult(auth: AuthContext, id: string): Promise<CallResultView> {
    return (await this.resultViews([await this.resultInScope(auth, id)]))[0]!;
  }

  async addResult(auth: AuthContext, input: CallResultSettingInput): Promise<CallResultView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const row = await this.write(() =>
      this.repo.insertResult({
        companyId,
        name: input.name,
        redial: input.redial,
        sort: input.sort,
        enabled: input.enabled,
        remark: input.remark ?? null,
      }),
    );
    return (await this.resultViews([row]))[0]!;
  }

  async editResult(auth: AuthContext, input: CallResultSettingEdit): Promise<CallResultView> {
    const existing = await this.resultInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const row = await this.write(async () => {
      const updated = await this.repo.updateResult(existing.id, {
        name: input.name,
        redial: input.redial,
        sort: input.sort,
        enabled: input.enabled,
        remark: input.remark ?? null,
      });
      if (!updated) throw new AppError('CALL_RESULT_NOT_FOUND', 404);
      return updated;
    });
    return (await this.resultViews([row]))[0]!;
  }

  deleteResults(auth: AuthContext, ids: string[]): Promise<number> {
    return this.remove(
      auth,
      ids,
      (i) => this.repo.resultsByIds(i),
      'CALL_RESULT_NOT_FOUND',
      (i) => this.repo.deleteResults(i),
    );
  }

  // --- call lists ---

  private async listViews(rows: CallListRow[]): Promise<CallListView[]> {
    const [names, counts] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.repo.stateCounts(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => {
      const of = (state: CallListNumberState) =>
        counts.find((c) => c.listId === r.id && c.state === state)?.total ?? 0;
      return {
        id: r.id,
        name: r.name,
        companyId: r.companyId,
        companyName: names.get(r.companyId) ?? '',
        total: r.total,
        counts: {
          not_called: of('not_called'),
          calling: of('calling'),
          complete: of('complete'),
          waiting_redial: of('waiting_redial'),
        },
        columns: r.columns,
        remark: r.remark,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      };
    });
  }

  private listInScope(auth: AuthContext, id: string): Promise<CallListRow> {
    return this.repo.list(id).then((row) => this.scoped(auth, row, 'CALL_LIST_NOT_FOUND'));
  }

  listLists(auth: AuthContext, query: PageQuery & NamedFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countLists(scope, q),
      list: (scope, q, limit, offset) => this.repo.listLists(scope, q, limit, offset),
      views: (rows) => this.listViews(rows),
    });
  }

  async getList(auth: AuthContext, id: string): Promise<CallListView> {
    return (await this.listViews([await this.listInScope(auth, id)]))[0]!;
  }

  async addList(auth: AuthContext, input: CallListInput): Promise<CallListView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const entries = normaliseEntries(input.entries);
    const columns = [...new Set(entries.flatMap((e) => Object.keys(e.extra)))];
    if (columns.length > CALL_LIST_COLUMNS_MAX) throw new AppError('CALL_LIST_TOO_MANY_COLUMNS', 400);
    const row = await this.write(async () => {
      const list = await this.repo.insertList({
        companyId,
        name: input.name,
        columns,
        total: entries.length,
        remark: input.remark ?? null,
      });
      await this.repo.insertNumbers(
        entries.map((e, position) => ({
          listId: list.id,
          number: e.number,
          position,
          name: e.name,
          notes: e.notes,
          extra: e.extra,
        })),
      );
      return list;
    });
    return (await this.listViews([row]))[0]!;
  }

  async editList(auth: AuthContext, input: CallListEdit): Promise<CallListView> {
    const existing = await this.listInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    const row = await this.write(async () => {
      const updated = await this.repo.updateList(existing.id, {
        name: input.name,
        remark: input.remark ?? null,
      });
      if (!updated) throw new AppError('CALL_LIST_NOT_FOUND', 404);
      return updated;
    });
    return (await this.listViews([row]))[0]!;
  }

  deleteLists(auth: AuthContext, ids: string[]): Promise<number> {
    return this.remove(
      auth,
      ids,
      (i) => this.repo.listsByIds(i),
      'CALL_LIST_NOT_FOUND',
      async (i) => {
        const [used] = await this.repo.tasksUsing({ listIds: i });
        if (used) throw new AppError('CALL_LIST_HAS_TASK', 409, { name: used.name });
        return this.repo.deleteLists(i);
      },
    );
  }

  /** A page of a list's numbers (its state, name, notes and columns). */
  async listNumbers(auth: AuthContext, query: PageQuery & NumberFilters & { id: string }) {
    const list = await this.listInScope(auth, query.id);
    return paginate(
      query,
      () => this.repo.countNumbers(list.id, query),
      async (limit, offset): Promise<CallListNumberView[]> =>
        (await this.repo.pageNumbers(list.id, query, limit, offset)).map((r) => ({
          id: r.id,
          number: r.number,
          name: r.name,
          notes: r.notes,
          extra: r.extra,
          state: r.state,
          attempts: r.attempts,
          redialAt: r.redialAt,
          lastCalledAt: r.lastCalledAt,
          resultId: r.resultId,
          resultName: r.resultName,
        })),
    );
  }
  // --- outbound tasks ---

  private async taskViews(rows: OutboundTaskRow[]): Promise<OutboundTaskView[]> {
    const [names, lists, groups] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.repo.listsByIds([...new Set(rows.map((r) => r.callListId))]),
      this.repo.groupsByIds([...new Set(rows.map((r) => r.seatGroupId))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: names.get(r.companyId) ?? '',
      callListId: r.callListId,
      callListName: lists.find((l) => l.id === r.callListId)?.name ?? '',
      seatGroupId: r.seatGroupId,
      seatGroupName: groups.find((g) => g.id === r.seatGroupId)?.name ?? '',
      callerGroupId: r.callerGroupId,
      periods: r.periods,
      timeZone: r.timeZone,
      dialRatio: r.dialRatio,
      maxAttempts: r.maxAttempts,
      redialIntervalS: r.redialIntervalS,
      state: r.state,
      actions: outboundTaskActionsOf(r.state),
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private taskInScope(auth: AuthContext, id: string): Promise<OutboundTaskRow> {
    return this.repo.task(id).then((row) => this.scoped(auth, row, 'OUTBOUND_TASK_NOT_FOUND'));
  }

  /** The task's list, seat group and caller group must be its company's. */
  private async checkTaskLinks(
    companyId: string,
    input: { callListId: string; seatGroupId: string; callerGroupId: string | null },
  ): Promise<void> {
    const [list, group] = await Promise.all([
      this.repo.list(input.callListId),
      this.repo.group(input.seatGroupId),
    ]);
    const callers = input.callerGroupId
      ? await this.services.callers.ownsGroup(companyId, input.callerGroupId)
      : true;
    if (list?.companyId !== companyId || group?.companyId !== companyId || !callers)
      throw new AppError('OUTBOUND_TASK_LINK_UNKNOWN', 400, {
        field:
          list?.companyId !== companyId
            ? 'callListId'
            : group?.companyId !== companyId
              ? 'seatGroupId'
              : 'callerGroupId',
      });
  }

  private async taskNameOfList(callListId: string): Promise<string> {
    return (await this.repo.tasksUsing({ listIds: [callListId] }))[0]?.name ?? '';
  }

  listTasks(auth: AuthContext, query: PageQuery & TaskFilters) {
    return this.page(auth, query, {
      count: (scope, q) => this.repo.countTasks(scope, q),
      list: (scope, q, limit, offset) => this.repo.listTasks(scope, q, limit, offset),
      views: (rows) => this.taskViews(rows),
    });
  }

  async getTask(auth: AuthContext, id: string): Promise<OutboundTaskView> {
    return (await this.taskViews([await this.taskInScope(auth, id)]))[0]!;
  }

  private settingsOf(input: OutboundTaskInput | OutboundTaskEdit) {
    return {
      name: input.name,
      callListId: input.callListId,
      seatGroupId: input.seatGroupId,
      callerGroupId: input.callerGroupId,
      periods: input.periods,
      timeZone: input.timeZone,
      dialRatio: input.dialRatio,
      maxAttempts: input.maxAttempts,
      redialIntervalS: input.redialIntervalS,
      remark: input.remark ?? null,
    };
  }

  async addTask(auth: AuthContext, input: OutboundTaskInput): Promise<OutboundTaskView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    await this.checkTaskLinks(companyId, input);
    const row = await this.write(() => this.repo.insertTask({ companyId, ...this.settingsOf(input) }), {
      taskName: await this.taskNameOfList(input.callListId),
    });
    return (await this.taskViews([row]))[0]!;
  }

  async editTask(auth: AuthContext, input: OutboundTaskEdit): Promise<OutboundTaskView> {
    const existing = await this.taskInScope(auth, input.id);
    this.keepsCompany(existing, input.companyId);
    await this.checkTaskLinks(existing.companyId, input);
    const row = await this.write(
      async () => {
        const locked = await this.repo.taskForUpdate(existing.id);
        if (!locked) throw new AppError('OUTBOUND_TASK_NOT_FOUND', 404);
        if (!outboundTaskEditable(locked.state)) throw new AppError('OUTBOUND_TASK_RUNNING', 409);
        return (await this.repo.updateTask(existing.id, this.settingsOf(input)))!;
      },
      { taskName: await this.taskNameOfList(input.callListId) },
    );
    return (await this.taskViews([row]))[0]!;
  }

  deleteTasks(auth: AuthContext, ids: string[]): Promise<number> {
    return this.remove(
      auth,
      ids,
      (i) => this.repo.tasksByIds(i),
      'OUTBOUND_TASK_NOT_FOUND',
      async (i) => {
        for (const id of i) {
          const locked = await this.repo.taskForUpdate(id);
          if (locked && !outboundTaskEditable(locked.state)) throw new AppError('OUTBOUND_TASK_RUNNING', 409);
        }
        return this.repo.deleteTasks(i);
      },
    );
  }

  /** Starts, stops or finishes a task, as the state machine allows (OUTBOUND_TASK_ACTION_NOT_ALLOWED). */
  async actOnTask(auth: AuthContext, id: string, action: OutboundTaskAction): Promise<OutboundTaskView> {
    await this.taskInScope(auth, id);
    const row = await this.write(async () => {
      const locked = await this.repo.taskForUpdate(id);
      if (!locked) throw new AppError('OUTBOUND_TASK_NOT_FOUND', 404);
      const next = nextOutboundTaskState(locked.state, action);
      if (!next) throw new AppError('OUTBOUND_TASK_ACTION_NOT_ALLOWED', 409, { state: locked.state, action });
      const now = new Date();
      return (await this.repo.updateTask(id, {
        state: next,
        ...(next === 'running' && !locked.startedAt ? { startedAt: now } : {}),
        ...(next === 'finished' ? { finishedAt: now } : {}),
      }))!;
    });
    return (await this.taskViews([row]))[0]!;
  }
}

/**
 * Typed or imported entries, each number normalised (CALL_LIST_NUMBER_INVALID naming the first
 * that is not one); a number given twice is kept once, as first given.
 */
export function normaliseEntries(
  entries: CallListInput['entries'],
): { number: string; name: string | null; notes: string | null; extra: Record<string, string> }[] {
  const out: { number: string; name: string | null; notes: string | null; extra: Record<string, string> }[] =
    [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const parsed = parseNumber(entry.number);
    if (!parsed)
      throw new AppError('CALL_LIST_NUMBER_INVALID', 400, {
        field: 'entries',
        number: entry.number.slice(0, 32),
      });
    if (seen.has(parsed.digits)) continue;
    seen.add(parsed.digits);
    out.push({
      number: parsed.digits,
      name: entry.name || null,
      notes: entry.notes || null,
      extra: entry.extra ?? {},
    });
  }
  return out;
}

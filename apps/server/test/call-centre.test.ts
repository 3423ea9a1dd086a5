import type {
  CallList,
  CallListImport,
  CallListNumber,
  CallResultSetting,
  OutboundTask,
  Page,
  Seat,
  SeatGroup,
  SeatLiveState,
} from '@switchboard/contracts';
import { createSipStack, type SipStack } from '@switchboard/voice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';
import {
  AGENCY_CLIENT,
  DIRECT,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  text,
  userId,
  ZH,
} from './support/api';
import { freePort } from './support/spawned-server';
import { apiSuite } from './support/suite';

/**
 * The call centre's first slice (issue 26) over HTTP: seats, seat groups, call result settings and
 * call lists, each of a company (staff all, resellers their own and their customers', customers
 * their own; another company's do not exist for them), the bilingual rules (a job number is digits
 * only, SIP usernames unique, the password never answered), call lists typed or read from a file
 * with their own columns; and seats registering with the registrar of a worker process (our own
 * registration client; baresip in seat-baresip.test.ts): idle while registered, offline once
 * removed or expired, a wrong password or a disabled seat refused.
 */

let registrarPort = 0;
const { s, call, tokens } = apiSuite(
  ['admin', 'sales', 'agent', 'customer', 'customer2', 'agentcustomer'],
  async () => {
    registrarPort = await freePort();
    return startServer({ SEAT_SIP_PORT: String(registrarPort) });
  },
);
let seq = 0;
const uniq = () => `${Date.now() % 100000}${++seq}`;

const addSeat = async (user: string, body: Record<string, unknown> = {}) =>
  expectOk(
    await call<Seat>(user, 'POST', '/seat/add', {
      body: {
        jobNumber: uniq(),
        name: `Seat ${seq}`,
        sipUsername: `seat${uniq()}`,
        sipPassword: 'Secret-1',
        ...body,
      },
    }),
  );
const ids = <T extends { id: string }>(page: Page<T>) => page.records.map((r) => r.id);

describe('seats', () => {
  it('belong to the caller’s company, with a digits-only job number, unique per company', async () => {
    const seat = await addSeat('customer', { jobNumber: '1001', userId: userId('customer') });
    expect(seat).toMatchObject({
      jobNumber: '1001',
      companyId: DIRECT,
      userId: userId('customer'),
      state: 'offline',
    });
    expect(seat).not.toHaveProperty('sipPassword');
    expect(JSON.stringify(seat)).not.toContain('Secret-1');
    expectFieldError(
      await call('customer', 'POST', '/seat/add', {
        body: { jobNumber: '10a', name: 'x', sipUsername: `s${uniq()}`, sipPassword: 'Secret-1' },
        locale: ZH,
      }),
      'jobNumber',
      text('SEAT_JOB_NUMBER_INVALID', ZH),
    );
    expectFieldError(
      await call('customer', 'POST', '/seat/add', {
        body: { jobNumber: '1', name: 'x', sipUsername: `s${uniq()}`, sipPassword: '123' },
      }),
      'sipPassword',
      text('SEAT_SIP_PASSWORD_SHORT', EN),
    );
    expectError(
      await call('customer', 'POST', '/seat/add', {
        body: { jobNumber: '1001', name: 'x', sipUsername: `s${uniq()}`, sipPassword: 'Secret-1' },
        locale: ZH,
      }),
      409,
      'SEAT_JOB_NUMBER_TAKEN',
      { locale: ZH, params: { jobNumber: '1001' } },
    );
    // Another company may use the job number, never the SIP username (the registrar's key).
    await addSeat('customer2', { jobNumber: '1001' });
    expectError(
      await call('customer2', 'POST', '/seat/add', {
        body: {
          jobNumber: '1002',
          name: 'x',
          sipUsername: seat.sipUsername.toUpperCase(),
          sipPassword: 'Secret-1',
        },
      }),
      409,
      'SEAT_SIP_USERNAME_TAKEN',
      { params: { sipUsername: seat.sipUsername.toUpperCase() } },
    );
    // The user who works it is one of the seat's company.
    expectError(
      await call('customer2', 'POST', '/seat/add', {
        body: {
          jobNumber: '1003',
          name: 'x',
          sipUsername: `s${uniq()}`,
          sipPassword: 'Secret-1',
          userId: userId('customer'),
        },
      }),
      400,
      'SEAT_USER_UNKNOWN',
    );
    // Staff name the company.
    expectError(
      await call('admin', 'POST', '/seat/add', {
        body: { jobNumber: '1', name: 'x', sipUsername: `s${uniq()}`, sipPassword: 'Secret-1' },
      }),
      400,
      'FIELD_REQUIRED',
      { params: { field: 'companyId' } },
    );
    const staffs = await addSeat('admin', { companyId: AGENCY_CLIENT });
    expect(staffs.companyName).toBe('Agency Client Co');
  });

  it('are seen and changed within the caller’s scope only, the password kept unless a new one is given', async () => {
    const mine = await addSeat('agentcustomer');
    // The reseller above sees its customer's seat; another customer does not.
    expectOk(await call('agent', 'GET', '/seat/queryById', { query: { id: mine.id } }));
    expectError(
      await call('customer', 'GET', '/seat/queryById', { query: { id: mine.id } }),
      404,
      'SEAT_NOT_FOUND',
    );
    expectError(
      await call('customer', 'PUT', '/seat/edit', {
        body: { id: mine.id, jobNumber: '5', name: 'x', sipUsername: mine.sipUsername },
      }),
      404,
      'SEAT_NOT_FOUND',
    );
    expectError(
      await call('customer', 'DELETE', '/seat/delete', { query: { id: mine.id } }),
      404,
      'SEAT_NOT_FOUND',
    );
    for (const user of ['customer', 'customer2']) {
      const page = expectOk(
        await call<Page<Seat>>(user, 'GET', '/seat/list', { query: { pageSize: '500' } }),
      );
      expect(ids(page)).not.toContain(mine.id);
    }
    const agents = expectOk(
      await call<Page<Seat>>('agent', 'GET', '/seat/list', { query: { pageSize: '500' } }),
    );
    expect(ids(agents)).toContain(mine.id);
    expectError(
      await call('customer', 'GET', '/seat/list', { query: { companyId: AGENCY_CLIENT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );

    // An edit without a password keeps it; the company does not move.
    const edited = expectOk(
      await call<Seat>('agentcustomer', 'PUT', '/seat/edit', {
        body: {
          id: mine.id,
          jobNumber: '777',
          name: 'Renamed',
          sipUsername: mine.sipUsername,
          sipPassword: '',
        },
      }),
    );
    expect(edited).toMatchObject({ jobNumber: '777', name: 'Renamed' });
    expect((await s().app.services.callCentre.credentialsOf(mine.sipUsername))?.password).toBe('Secret-1');
    expectError(
      await call('agentcustomer', 'PUT', '/seat/edit', {
        body: { id: mine.id, jobNumber: '777', name: 'x', sipUsername: mine.sipUsername, companyId: DIRECT },
      }),
      400,
      'FIELD_INVALID',
      { params: { field: 'companyId' } },
    );
    expectOk(await call('agentcustomer', 'DELETE', '/seat/delete', { query: { id: mine.id } }));
    expectError(
      await call('agentcustomer', 'GET', '/seat/queryById', { query: { id: mine.id } }),
      404,
      'SEAT_NOT_FOUND',
    );
  });
});

describe('seat users', () => {
  it('are offered from the seat’s company, within the caller’s scope', async () => {
    const own = expectOk(await call<{ id: string }[]>('customer', 'GET', '/seat/userOptions'));
    expect(own.map((u) => u.id)).toContain(userId('customer'));
    const below = expectOk(
      await call<{ id: string }[]>('agent', 'GET', '/seat/userOptions', {
        query: { companyId: AGENCY_CLIENT },
      }),
    );
    expect(below.map((u) => u.id)).toContain(userId('agentcustomer'));
    expect(below.map((u) => u.id)).not.toContain(userId('agent'));
    expectError(
      await call('customer', 'GET', '/seat/userOptions', { query: { companyId: AGENCY_CLIENT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(await call('admin', 'GET', '/seat/userOptions'), 400, 'FIELD_REQUIRED', {
      params: { field: 'companyId' },
    });
  });
});

describe('seat groups', () => {
  it('hold seats of their own company, with a distribution rule and a wrap-up time', async () => {
    const a = await addSeat('customer');
    const b = await addSeat('customer');
    const other = await addSeat('customer2');
    const group = expectOk(
      await call<SeatGroup>('customer', 'POST', '/seatGroup/add', {
        body: { name: `Sales ${uniq()}`, distribution: 'round_robin', wrapUpS: 15, seatIds: [a.id, b.id] },
      }),
    );
    expect(group).toMatchObject({ distribution: 'round_robin', wrapUpS: 15, companyId: DIRECT });
    expect(group.seats.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    // The seat shows its group.
    const seat = expectOk(await call<Seat>('customer', 'GET', '/seat/queryById', { query: { id: a.id } }));
    expect(seat.groups).toEqual([{ id: group.id, name: group.name }]);
    expectError(
      await call('customer', 'POST', '/seatGroup/add', { body: { name: `x${uniq()}`, seatIds: [other.id] } }),
      400,
      'SEAT_GROUP_MEMBER_UNKNOWN',
    );
    expectError(
      await call('customer', 'POST', '/seatGroup/add', { body: { name: group.name.toLowerCase() } }),
      409,
      'SEAT_GROUP_NAME_TAKEN',
    );
    const tooLong = await call('customer', 'POST', '/seatGroup/add', { body: { name: 'x', wrapUpS: 601 } });
    expect(tooLong.status).toBe(400);
    const badRule = await call('customer', 'POST', '/seatGroup/add', {
      body: { name: 'x', distribution: 'random' },
    });
    expect(badRule.status).toBe(400);
    // A seat joins groups of its own company only.
    expectError(
      await call('customer2', 'PUT', '/seat/edit', {
        body: {
          id: other.id,
          jobNumber: other.jobNumber,
          name: 'x',
          sipUsername: other.sipUsername,
          groupIds: [group.id],
        },
      }),
      400,
      'SEAT_GROUP_UNKNOWN',
    );
    expectError(
      await call('customer2', 'GET', '/seatGroup/queryById', { query: { id: group.id } }),
      404,
      'SEAT_GROUP_NOT_FOUND',
    );
    const edited = expectOk(
      await call<SeatGroup>('customer', 'PUT', '/seatGroup/edit', {
        body: { id: group.id, name: group.name, distribution: 'longest_idle', wrapUpS: 0, seatIds: [b.id] },
      }),
    );
    expect(edited.seats.map((x) => x.id)).toEqual([b.id]);
    const filtered = expectOk(
      await call<Page<Seat>>('customer', 'GET', '/seat/list', { query: { groupId: group.id } }),
    );
    expect(ids(filtered)).toEqual([b.id]);
    expectOk(await call('customer', 'DELETE', '/seatGroup/deleteBatch', { query: { ids: group.id } }));
  });
});

describe('call result settings', () => {
  it('are a company’s dispositions, named once per company', async () => {
    const interested = expectOk(
      await call<CallResultSetting>('customer', 'POST', '/callResultSetting/add', {
        body: { name: 'Interested', sort: 1 },
      }),
    );
    const callBack = expectOk(
      await call<CallResultSetting>('customer', 'POST', '/callResultSetting/add', {
        body: { name: 'Call back', redial: true, sort: 2 },
      }),
    );
    expect(callBack).toMatchObject({ redial: true, enabled: true, companyId: DIRECT });
    expectError(
      await call('customer', 'POST', '/callResultSetting/add', { body: { name: 'interested' }, locale: ZH }),
      409,
      'CALL_RESULT_NAME_TAKEN',
      { locale: ZH },
    );
    expectOk(await call('customer2', 'POST', '/callResultSetting/add', { body: { name: 'Interested' } }));
    const sortTooBig = await call('customer', 'POST', '/callResultSetting/add', {
      body: { name: 'x', sort: 101 },
    });
    expect(sortTooBig.status).toBe(400);
    const page = expectOk(
      await call<Page<CallResultSetting>>('customer', 'GET', '/callResultSetting/list', {
        query: { pageSize: '100' },
      }),
    );
    expect(page.records.map((r) => r.name).slice(0, 2)).toEqual(['Interested', 'Call back']);
    expectError(
      await call('customer2', 'PUT', '/callResultSetting/edit', { body: { id: interested.id, name: 'y' } }),
      404,
      'CALL_RESULT_NOT_FOUND',
    );
    const renamed = expectOk(
      await call<CallResultSetting>('customer', 'PUT', '/callResultSetting/edit', {
        body: { id: interested.id, name: 'Very interested', sort: 1, enabled: false },
      }),
    );
    expect(renamed).toMatchObject({ name: 'Very interested', enabled: false });
    expectOk(await call('customer', 'DELETE', '/callResultSetting/delete', { query: { id: interested.id } }));
  });
});

describe('call lists', () => {
  it('keep typed numbers with their name, notes and columns, each not called yet', async () => {
    const list = expectOk(
      await call<CallList>('customer', 'POST', '/callList/add', {
        body: {
          name: `List ${uniq()}`,
          entries: [
            { number: '+86 138 0000 1000', name: 'Li Lei', notes: 'VIP', extra: { city: 'Beijing' } },
            { number: '+8613800001001', name: 'Han Meimei', extra: { city: 'Shanghai', plan: 'gold' } },
            { number: '8613800001000', name: 'again' },
          ],
        },
      }),
    );
    expect(list).toMatchObject({
      total: 2,
      counts: { not_called: 2, calling: 0, complete: 0, waiting_redial: 0 },
      columns: ['city', 'plan'],
    });
    const numbers = expectOk(
      await call<Page<CallListNumber>>('customer', 'GET', '/callList/numbers', { query: { id: list.id } }),
    );
    expect(numbers.records).toMatchObject([
      {
        number: '8613800001000',
        name: 'Li Lei',
        notes: 'VIP',
        extra: { city: 'Beijing' },
        state: 'not_called',
        attempts: 0,
        redialAt: null,
      },
      { number: '8613800001001', name: 'Han Meimei', notes: null, extra: { city: 'Shanghai', plan: 'gold' } },
    ]);
    const filtered = expectOk(
      await call<Page<CallListNumber>>('customer', 'GET', '/callList/numbers', {
        query: { id: list.id, number: '1001' },
      }),
    );
    expect(filtered.records.map((r) => r.number)).toEqual(['8613800001001']);
    expectError(
      await call('customer', 'POST', '/callList/add', {
        body: { name: `Bad ${uniq()}`, entries: [{ number: 'not a number' }] },
        locale: ZH,
      }),
      400,
      'CALL_LIST_NUMBER_INVALID',
      { locale: ZH, params: { number: 'not a number' } },
    );
    expectError(
      await call('customer', 'POST', '/callList/add', {
        body: { name: list.name, entries: [{ number: '+8613800001002' }] },
      }),
      409,
      'CALL_LIST_NAME_TAKEN',
    );
    expectError(
      await call('customer2', 'GET', '/callList/numbers', { query: { id: list.id } }),
      404,
      'CALL_LIST_NOT_FOUND',
    );
    expectError(
      await call('customer2', 'GET', '/callList/queryById', { query: { id: list.id } }),
      404,
      'CALL_LIST_NOT_FOUND',
    );
    const renamed = expectOk(
      await call<CallList>('customer', 'PUT', '/callList/edit', {
        body: { id: list.id, name: `${list.name}-2`, remark: 'spring' },
      }),
    );
    expect(renamed).toMatchObject({ remark: 'spring', total: 2 });
    const sorted = await call('customer', 'GET', '/callList/numbers', {
      query: { id: list.id, column: 'nope' },
    });
    expect(sorted.status).toBe(400);
    expectOk(await call('customer', 'DELETE', '/callList/delete', { query: { id: list.id } }));
  });

  it('read a file’s numbers with their columns, in either language, refusing bad rows by row', async () => {
    const upload = async (name: string, content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const res = await fetch(`${s().baseUrl}/api/callList/importNumbers`, {
        method: 'POST',
        headers: { 'X-Access-Token': tokens.customer! },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as { result: CallListImport; errorCode?: string },
      };
    };
    const csv = await upload(
      'list.csv',
      '姓名,号码,备注,城市\n李雷,+8613800002000,老客户,北京\n韩梅梅,bad,,上海\n王,+8613800002001,,\n重复,8613800002000,,\n',
    );
    expect(csv.status).toBe(200);
    expect(csv.body.result).toEqual({
      entries: [
        { number: '8613800002000', name: '李雷', notes: '老客户', extra: { 城市: '北京' } },
        { number: '8613800002001', name: '王', notes: null, extra: { 城市: '' } },
      ],
      columns: ['城市'],
      problems: [
        { row: 3, number: 'bad', reason: 'NUMBER_INVALID' },
        { row: 5, number: '8613800002000', reason: 'NUMBER_DUPLICATE' },
      ],
    });
    const txt = await upload('list.txt', '+8613800003000\n+8613800003001\n');
    expect(txt.body.result.entries.map((e) => e.number)).toEqual(['8613800003000', '8613800003001']);
    const xls = await upload('list.xls', 'x');
    expect(xls.body.errorCode).toBe('IMPORT_XLS_UNSUPPORTED');
    // What was read is added as typed.
    const list = expectOk(
      await call<CallList>('customer', 'POST', '/callList/add', {
        body: { name: `File ${uniq()}`, entries: csv.body.result.entries },
      }),
    );
    expect(list).toMatchObject({ total: 2, columns: ['城市'] });
  });
});

describe('outbound tasks', () => {
  it('work one call list each with a seat group of their company, through their states', async () => {
    const seat = await addSeat('customer');
    const group = expectOk(
      await call<SeatGroup>('customer', 'POST', '/seatGroup/add', {
        body: { name: `Outbound ${uniq()}`, seatIds: [seat.id] },
      }),
    );
    const list = expectOk(
      await call<CallList>('customer', 'POST', '/callList/add', {
        body: { name: `Outbound ${uniq()}`, entries: [{ number: '+8613800004000' }] },
      }),
    );
    const body = {
      name: `Task ${uniq()}`,
      callListId: list.id,
      seatGroupId: group.id,
      periods: [{ start: '09:00', end: '18:00' }],
      timeZone: 'Asia/Shanghai',
      dialRatio: 2,
      maxAttempts: 3,
      redialIntervalS: 600,
    };
    const task = expectOk(await call<OutboundTask>('customer', 'POST', '/outboundTask/add', { body }));
    expect(task).toMatchObject({
      state: 'not_started',
      actions: ['start'],
      callListName: list.name,
      seatGroupName: group.name,
      dialRatio: 2,
    });
    // A call list has only one task.
    expectError(
      await call('customer', 'POST', '/outboundTask/add', {
        body: { ...body, name: `Other ${uniq()}` },
        locale: ZH,
      }),
      409,
      'CALL_LIST_HAS_TASK',
      { locale: ZH, params: { name: task.name } },
    );
    // The rules of periods, as a group call task's, and links of the task's company only.
    expectFieldError(
      await call('customer', 'POST', '/outboundTask/add', {
        body: { ...body, periods: [{ start: '10:00', end: '09:00' }] },
      }),
      'periods',
      text('CALL_PERIOD_START_AFTER_END', EN),
    );
    const foreignList = expectOk(
      await call<CallList>('customer2', 'POST', '/callList/add', {
        body: { name: `Foreign ${uniq()}`, entries: [{ number: '+8613800004001' }] },
      }),
    );
    expectError(
      await call('customer', 'POST', '/outboundTask/add', {
        body: { ...body, name: `x${uniq()}`, callListId: foreignList.id },
      }),
      400,
      'OUTBOUND_TASK_LINK_UNKNOWN',
      { params: { field: 'callListId' } },
    );
    expectError(
      await call('customer2', 'POST', '/outboundTask/start', { body: { id: task.id } }),
      404,
      'OUTBOUND_TASK_NOT_FOUND',
    );

    // not started -> running -> stopped -> running -> finished; nothing else.
    expectError(
      await call('customer', 'POST', '/outboundTask/stop', { body: { id: task.id } }),
      409,
      'OUTBOUND_TASK_ACTION_NOT_ALLOWED',
      { params: { state: 'not_started' } },
    );
    const running = expectOk(
      await call<OutboundTask>('customer', 'POST', '/outboundTask/start', { body: { id: task.id } }),
    );
    expect(running).toMatchObject({ state: 'running', actions: ['stop', 'finish'] });
    expect(running.startedAt).not.toBeNull();
    // Not changed nor deleted while running; its list and group stay.
    expectError(
      await call('customer', 'PUT', '/outboundTask/edit', { body: { ...body, id: task.id } }),
      409,
      'OUTBOUND_TASK_RUNNING',
    );
    expectError(
      await call('customer', 'DELETE', '/outboundTask/delete', { query: { id: task.id } }),
      409,
      'OUTBOUND_TASK_RUNNING',
    );
    expectError(
      await call('customer', 'DELETE', '/callList/delete', { query: { id: list.id } }),
      409,
      'CALL_LIST_HAS_TASK',
      {
        params: { name: task.name },
      },
    );
    expectError(
      await call('customer', 'DELETE', '/seatGroup/delete', { query: { id: group.id } }),
      409,
      'SEAT_GROUP_IN_USE',
      {
        params: { name: task.name },
      },
    );
    const stopped = expectOk(
      await call<OutboundTask>('customer', 'POST', '/outboundTask/stop', { body: { id: task.id } }),
    );
    expect(stopped).toMatchObject({ state: 'stopped', actions: ['start', 'finish'] });
    const edited = expectOk(
      await call<OutboundTask>('customer', 'PUT', '/outboundTask/edit', {
        body: { ...body, id: task.id, dialRatio: 3 },
      }),
    );
    expect(edited).toMatchObject({ state: 'stopped', dialRatio: 3 });
    expectOk(await call('customer', 'POST', '/outboundTask/start', { body: { id: task.id } }));
    const finished = expectOk(
      await call<OutboundTask>('customer', 'POST', '/outboundTask/finish', { body: { id: task.id } }),
    );
    expect(finished).toMatchObject({ state: 'finished', actions: [] });
    expect(finished.finishedAt).not.toBeNull();
    expectError(
      await call('customer', 'POST', '/outboundTask/start', { body: { id: task.id } }),
      409,
      'OUTBOUND_TASK_ACTION_NOT_ALLOWED',
      { params: { state: 'finished' } },
    );
    const page = expectOk(
      await call<Page<OutboundTask>>('agent', 'GET', '/outboundTask/list', {
        query: { state: 'finished', pageSize: '500' },
      }),
    );
    expect(ids(page)).not.toContain(task.id);
    expectOk(await call('customer', 'DELETE', '/outboundTask/delete', { query: { id: task.id } }));
    expectOk(await call('customer', 'DELETE', '/callList/delete', { query: { id: list.id } }));
  });
});

describe('seat registration', () => {
  let phone: SipStack;
  beforeAll(async () => {
    await s().app.startWorkers({ jobs: false, only: ['callCentre'] });
    phone = await createSipStack({
      host: '127.0.0.1',
      port: 0,
      transports: ['udp'],
      userAgent: 'test-phone',
    });
  });
  afterAll(() => phone?.close());
  const target = () => ({ host: '127.0.0.1', port: registrarPort, transport: 'udp' as const });
  const stateOf = async (seatId: string) => {
    const states = expectOk(await call<SeatLiveState[]>('customer', 'GET', '/seat/state'));
    return states.find((x) => x.seatId === seatId);
  };

  it('registers a seat with its password (idle, its contact kept) and takes it offline when removed', async () => {
    const seat = await addSeat('customer', { sipPassword: 'Reg-Secret-1' });
    const registration = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Reg-Secret-1' },
      expiresS: 120,
    });
    expect(await registration.settled()).toBe('registered');
    expect(registration.expiresS).toBe(120);
    const live = await stateOf(seat.id);
    expect(live).toMatchObject({ state: 'idle', companyId: DIRECT, userAgent: 'test-phone' });
    expect(live?.contact).toContain(`${seat.sipUsername}@127.0.0.1:${phone.port()}`);
    const row = expectOk(await call<Seat>('customer', 'GET', '/seat/queryById', { query: { id: seat.id } }));
    expect(row.state).toBe('idle');
    // Another company's users do not see it.
    const others = expectOk(await call<SeatLiveState[]>('customer2', 'GET', '/seat/state'));
    expect(others.map((x) => x.seatId)).not.toContain(seat.id);

    await registration.unregister();
    expect((await stateOf(seat.id))?.state).toBe('offline');
    expect((await stateOf(seat.id))?.contact).toBeNull();
  });

  it('refuses a wrong password, an unknown or disabled seat, and too short an expiry', async () => {
    const seat = await addSeat('customer', { sipPassword: 'Right-Pass-1' });
    const wrong = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Wrong-Pass-1' },
      expiresS: 60,
    });
    expect(await wrong.settled()).toBe('failed');
    expect(wrong.lastStatus).toBe(403);
    wrong.stop();
    const unknown = phone.register({
      target: target(),
      auth: { username: `nobody${uniq()}`, password: 'x' },
      expiresS: 60,
    });
    expect(await unknown.settled()).toBe('failed');
    unknown.stop();
    const brief = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Right-Pass-1' },
      expiresS: 5,
    });
    expect(await brief.settled()).toBe('failed');
    expect(brief.lastStatus).toBe(423);
    brief.stop();
    expect((await stateOf(seat.id))?.state).toBe('offline');

    expectOk(
      await call('customer', 'PUT', '/seat/edit', {
        body: {
          id: seat.id,
          jobNumber: seat.jobNumber,
          name: seat.name,
          sipUsername: seat.sipUsername,
          enabled: false,
        },
      }),
    );
    const disabled = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Right-Pass-1' },
      expiresS: 60,
    });
    expect(await disabled.settled()).toBe('failed');
    expect(disabled.lastStatus).toBe(403);
    disabled.stop();
  });

  it('takes a seat offline when its registration runs out, and a new password ends a registration', async () => {
    const seat = await addSeat('customer', { sipPassword: 'Expiring-1' });
    const registration = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Expiring-1' },
      expiresS: 60,
    });
    expect(await registration.settled()).toBe('registered');
    registration.stop();
    expect((await stateOf(seat.id))?.state).toBe('idle');
    // The sweep of a moment past the expiry (the worker sweeps every 2 s against the clock).
    const swept = await s().app.services.callCentre.expireRegistrations(new Date(Date.now() + 61_000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await stateOf(seat.id)).toMatchObject({ state: 'offline', expiresAt: null });

    const again = phone.register({
      target: target(),
      auth: { username: seat.sipUsername, password: 'Expiring-1' },
      expiresS: 60,
    });
    expect(await again.settled()).toBe('registered');
    again.stop();
    expectOk(
      await call('customer', 'PUT', '/seat/edit', {
        body: {
          id: seat.id,
          jobNumber: seat.jobNumber,
          name: seat.name,
          sipUsername: seat.sipUsername,
          sipPassword: 'New-Pass-1',
        },
      }),
    );
    await eventually(async () => expect((await stateOf(seat.id))?.state).toBe('offline'));
  });
});

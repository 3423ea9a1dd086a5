import type { CallerGroup, CallerId, Page, Trunk } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_CALLERS } from '../src/modules/caller';
import { companyId, EN, expectError, expectFieldError, expectOk, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

/**
 * Caller IDs and caller groups (issue 23) over HTTP: who sees and changes which (staff all,
 * resellers their own and their customers', customers their own; another company's rows do not
 * exist for them), the bilingual rules, group members of the group's company only, the demo seed,
 * and `nextCallerId`'s rotations (round robin kept per task in the database, random, disabled
 * members skipped) and a trunk's `group` caller-ID rule.
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer
const TWO_WAY = companyId('Two-Way Logistics'); // customer2
const ACME = companyId('Acme Agency'); // agent
const AGENCY_CLIENT = companyId('Agency Client Co'); // agentcustomer, under Acme

const { s, call } = apiSuite(['admin', 'sales', 'agent', 'customer', 'customer2', 'agentcustomer']);
let seq = 0;
const number = () => `4420${String(Date.now() % 1e7).padStart(7, '0')}${++seq}`.slice(0, 16);

const addCaller = async (user: string, body: Record<string, unknown> = {}) =>
  expectOk(await call<CallerId>(user, 'POST', '/caller/add', { body: { number: number(), ...body } }));
const addGroup = async (user: string, callerIds: string[], body: Record<string, unknown> = {}) =>
  expectOk(
    await call<CallerGroup>(user, 'POST', '/callerGroup/add', {
      body: { name: `g${++seq}`, callerIds, ...body },
    }),
  );
const ids = <T extends { id: string }>(page: Page<T>) => page.records.map((r) => r.id);

describe('caller IDs', () => {
  it('belong to the caller’s company, are checked in both languages and unique per company', async () => {
    const mine = await addCaller('customer', { number: '+44 20 7946 0001', countryCode: 'gb' });
    expect(mine).toMatchObject({
      number: '442079460001',
      countryCode: 'GB',
      companyId: DIRECT,
      enabled: true,
    });
    expectFieldError(
      await call('customer', 'POST', '/caller/add', { body: { number: '12' }, locale: ZH }),
      'number',
      text('CALLER_NUMBER_INVALID', ZH),
    );
    expectError(
      await call('customer', 'POST', '/caller/add', { body: { number: '442079460001' }, locale: ZH }),
      409,
      'CALLER_ID_TAKEN',
      { locale: ZH, params: { number: '442079460001' } },
    );
    // Another company may have the same number.
    await addCaller('customer2', { number: '442079460001' });
    // Staff name the company; without one they have none of their own.
    expectError(
      await call('admin', 'POST', '/caller/add', { body: { number: number() } }),
      400,
      'FIELD_REQUIRED',
      {
        message: false,
      },
    );
    expect((await addCaller('admin', { companyId: TWO_WAY })).companyId).toBe(TWO_WAY);
  });

  it('are seen and changed within the data scope only', async () => {
    const direct = await addCaller('customer');
    const twoWay = await addCaller('customer2');
    const client = await addCaller('agentcustomer');
    const acme = await addCaller('agent');
    const list = async (user: string) =>
      ids(expectOk(await call<Page<CallerId>>(user, 'GET', '/caller/list', { query: { pageSize: '500' } })));

    const customer = await list('customer');
    expect(customer).toContain(direct.id);
    expect(customer).not.toContain(twoWay.id);
    expect(customer).not.toContain(client.id);
    const agent = await list('agent');
    expect(agent).toEqual(expect.arrayContaining([acme.id, client.id]));
    expect(agent).not.toContain(direct.id);
    expect(await list('admin')).toEqual(expect.arrayContaining([direct.id, twoWay.id, client.id, acme.id]));

    // Another company's caller ID does not exist for a customer.
    expectError(
      await call('customer', 'GET', '/caller/queryById', { query: { id: twoWay.id } }),
      404,
      'CALLER_ID_NOT_FOUND',
    );
    expectError(
      await call('customer', 'PUT', '/caller/edit', {
        body: { id: twoWay.id, number: twoWay.number, enabled: false },
      }),
      404,
      'CALLER_ID_NOT_FOUND',
    );
    expectError(
      await call('customer', 'DELETE', '/caller/delete', { query: { id: twoWay.id } }),
      404,
      'CALLER_ID_NOT_FOUND',
    );
    // A filter by a company outside the scope is refused.
    expect((await call('customer', 'GET', '/caller/list', { query: { companyId: TWO_WAY } })).status).toBe(
      403,
    );
    expect(
      (await call('customer', 'POST', '/caller/add', { body: { number: number(), companyId: TWO_WAY } }))
        .status,
    ).toBe(403);

    // The reseller edits its customer's; the customer its own.
    const edited = expectOk(
      await call<CallerId>('agent', 'PUT', '/caller/edit', {
        body: { id: client.id, number: client.number, enabled: false, remark: 'paused' },
      }),
    );
    expect(edited).toMatchObject({ enabled: false, remark: 'paused', companyId: AGENCY_CLIENT });
    expectOk(await call('customer', 'DELETE', '/caller/delete', { query: { id: direct.id } }));
    expect(await list('customer')).not.toContain(direct.id);
    expect(acme.companyId).toBe(ACME);
  });
  it('keep their company: an edit naming another is refused for everyone, staff included, and changes nothing', async () => {
    const twoWay = await addCaller('customer2', { remark: 'kept' });
    const client = await addCaller('agentcustomer');
    const edit = (user: string, row: CallerId, companyId: string) =>
      call<CallerId>(user, 'PUT', '/caller/edit', {
        body: { id: row.id, number: row.number, enabled: false, remark: 'moved', companyId },
      });
    // Staff may see every company, yet an edit never moves a caller ID to another one (it used to
    // answer 200 and keep the old company without a word).
    expectError(await edit('admin', twoWay, DIRECT), 400, 'FIELD_INVALID', {
      params: { field: 'companyId' },
      message: false,
    });
    // A reseller naming its own company for its customer's caller ID (in its scope: it passed).
    expectError(await edit('agent', client, ACME), 400, 'FIELD_INVALID', { message: false });
    // A customer naming another company: the same answer (it was 403, for a field that did nothing).
    expectError(await edit('customer2', twoWay, DIRECT), 400, 'FIELD_INVALID', { message: false });
    // Nothing of a refused edit was written.
    expect(
      expectOk(await call<CallerId>('admin', 'GET', '/caller/queryById', { query: { id: twoWay.id } })),
    ).toMatchObject({ companyId: TWO_WAY, enabled: true, remark: 'kept' });
    // Naming its own company is an edit like any other.
    expect(expectOk(await edit('admin', twoWay, TWO_WAY))).toMatchObject({
      companyId: TWO_WAY,
      enabled: false,
      remark: 'moved',
    });

    // Caller groups the same.
    const group = await addGroup('customer2', [twoWay.id]);
    const editGroup = (companyId: string) =>
      call<CallerGroup>('admin', 'PUT', '/callerGroup/edit', {
        body: { id: group.id, name: group.name, callerIds: [twoWay.id], companyId },
      });
    expectError(await editGroup(DIRECT), 400, 'FIELD_INVALID', { message: false });
    expect(expectOk(await editGroup(TWO_WAY)).companyId).toBe(TWO_WAY);
  });
});

describe('caller groups', () => {
  it('hold caller IDs of their own company only, in order, within the scope', async () => {
    const a = await addCaller('customer');
    const b = await addCaller('customer');
    const foreign = await addCaller('customer2');
    const group = await addGroup('customer', [b.id, a.id], { rotation: 'random' });
    expect(group).toMatchObject({ companyId: DIRECT, rotation: 'random', companyName: 'Direct Retail Ltd' });
    expect(group.members.map((m) => m.number)).toEqual([b.number, a.number]);

    expectError(
      await call('customer', 'POST', '/callerGroup/add', {
        body: { name: 'bad', callerIds: [a.id, foreign.id] },
        locale: ZH,
      }),
      400,
      'CALLER_GROUP_MEMBER_UNKNOWN',
      { locale: ZH },
    );
    expectFieldError(
      await call('customer', 'POST', '/callerGroup/add', { body: { name: 'empty', callerIds: [] } }),
      'callerIds',
      text('CALLER_GROUP_MEMBERS_REQUIRED', EN),
    );
    expectFieldError(
      await call('customer', 'POST', '/callerGroup/add', {
        body: { name: 'twice', callerIds: [a.id, a.id] },
      }),
      'callerIds',
      text('CALLER_GROUP_MEMBER_DUPLICATE', EN),
    );
    expectError(
      await call('customer', 'POST', '/callerGroup/add', {
        body: { name: group.name.toUpperCase(), callerIds: [a.id] },
      }),
      409,
      'CALLER_GROUP_NAME_TAKEN',
    );

    expectError(
      await call('customer2', 'GET', '/callerGroup/queryById', { query: { id: group.id } }),
      404,
      'CALLER_GROUP_NOT_FOUND',
    );
    expectError(
      await call('customer2', 'PUT', '/callerGroup/edit', {
        body: { id: group.id, name: 'x', callerIds: [foreign.id] },
      }),
      404,
      'CALLER_GROUP_NOT_FOUND',
    );
    const seenBy = async (user: string) =>
      ids(
        expectOk(
          await call<Page<CallerGroup>>(user, 'GET', '/callerGroup/list', { query: { pageSize: '500' } }),
        ),
      );
    expect(await seenBy('customer2')).not.toContain(group.id);
    expect(await seenBy('agent')).not.toContain(group.id);
    expect(await seenBy('admin')).toContain(group.id);
    expect(await seenBy('sales')).toContain(group.id); // sales looks after Direct Retail

    const edited = expectOk(
      await call<CallerGroup>('customer', 'PUT', '/callerGroup/edit', {
        body: { id: group.id, name: group.name, callerIds: [a.id], rotation: 'round_robin' },
      }),
    );
    expect(edited.members.map((m) => m.id)).toEqual([a.id]);
    // A caller ID deleted leaves its groups.
    expectOk(await call('customer', 'DELETE', '/caller/delete', { query: { id: a.id } }));
    expect(
      expectOk(
        await call<CallerGroup>('customer', 'GET', '/callerGroup/queryById', { query: { id: group.id } }),
      ).members,
    ).toEqual([]);
    expectOk(await call('customer', 'DELETE', '/callerGroup/delete', { query: { id: group.id } }));
  });

  it('seeds the demo customer’s caller IDs and group', async () => {
    const group = expectOk(
      await call<CallerGroup>('customer', 'GET', '/callerGroup/queryById', {
        query: { id: DEMO_CALLERS.groupId },
      }),
    );
    expect(group.members.map((m) => m.number)).toEqual(DEMO_CALLERS.callers.map((c) => c.number));
    expect(group.rotation).toBe('round_robin');
  });
});

describe('nextCallerId', () => {
  it('rotates round robin per task over enabled members, at random among them, refuses an empty group', async () => {
    const callers = s().app.services.callers;
    const a = await addCaller('customer2');
    const b = await addCaller('customer2');
    const c = await addCaller('customer2');
    const group = await addGroup('customer2', [a.id, b.id, c.id]);

    const draws: string[] = [];
    for (let i = 0; i < 4; i++) draws.push(await callers.nextCallerId({ groupId: group.id }, 'task-A'));
    expect(draws).toEqual([a.number, b.number, c.number, a.number]);
    // Another task starts its own rotation.
    expect(await callers.nextCallerId({ groupId: group.id }, 'task-B')).toBe(a.number);
    // Concurrent draws of one task never repeat a position.
    const together = await Promise.all(
      Array.from({ length: 6 }, () => callers.nextCallerId({ groupId: group.id }, 'task-C')),
    );
    expect(together.filter((n) => n === a.number)).toHaveLength(2);
    expect(together.filter((n) => n === b.number)).toHaveLength(2);

    // A disabled caller ID is skipped.
    expectOk(
      await call('customer2', 'PUT', '/caller/edit', {
        body: { id: b.id, number: b.number, enabled: false },
      }),
    );
    const after = [
      await callers.nextCallerId({ groupId: group.id }, 'task-D'),
      await callers.nextCallerId({ groupId: group.id }, 'task-D'),
      await callers.nextCallerId({ groupId: group.id }, 'task-D'),
    ];
    expect(after).toEqual([a.number, c.number, a.number]);

    // A task's own list, random.
    for (let i = 0; i < 10; i++)
      expect([a.number, c.number]).toContain(
        await callers.nextCallerId({ callerIds: [a.id, b.id, c.id], rotation: 'random' }, 'task-E'),
      );

    expectOk(
      await call('customer2', 'PUT', '/caller/edit', {
        body: { id: a.id, number: a.number, enabled: false },
      }),
    );
    expectOk(
      await call('customer2', 'PUT', '/caller/edit', {
        body: { id: c.id, number: c.number, enabled: false },
      }),
    );
    await expect(callers.nextCallerId({ groupId: group.id }, 'task-F')).rejects.toMatchObject({
      errorCode: 'CALLER_GROUP_EMPTY',
    });
  });

  it('gives a trunk with the group rule its caller IDs from the group, rotating per task', async () => {
    const group = DEMO_CALLERS;
    const trunk = expectOk(
      await call<Trunk>('admin', 'POST', '/voip/trunk/add', {
        body: {
          name: `grp-${++seq}`,
          host: 'sip.example.org',
          callerIdRule: 'group',
          callerGroupId: group.groupId,
        },
      }),
    );
    const target = (await s().app.services.trunks.targetOf(trunk.id))!;
    const shown = [];
    for (let i = 0; i < 3; i++)
      shown.push(await s().app.services.trunks.callerIdFor(target, '15550000000', 'task-T'));
    expect(shown).toEqual(group.callers.map((c) => c.number));
    expectError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: `grp-${++seq}`, host: 'h', callerIdRule: 'group', callerGroupId: crypto.randomUUID() },
      }),
      400,
      'CALLER_GROUP_NOT_FOUND',
    );
  });
});

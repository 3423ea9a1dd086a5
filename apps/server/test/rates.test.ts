import type { Page, Rate, RateAssignments, RateGroup, RateQuote } from '@switchboard/contracts';
import { parseMoney, units } from '@switchboard/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerEntries } from '../src/schema';
import { companyId, EN, expectError, expectFieldError, expectOk, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

const DIRECT = companyId('Direct Retail Ltd');
const NORTHWIND = companyId('Northwind Distribution');
const ACME = companyId('Acme Agency');
const AGENCY_CLIENT = companyId('Agency Client Co');
const CN_MOBILE = '+8613800138000';

const { s, call } = apiSuite([
  'admin',
  'sales',
  'distributor',
  'agent',
  'customer',
  'customer2',
  'agentcustomer',
]);
const groups = new Map<string, RateGroup>();
let seq = 0;
const unique = (label: string) => `${label} ${++seq}-${Math.random().toString(36).slice(2, 7)}`;

/** A customer company of its own under a reseller (no other test changes its prices). */
async function freshCustomer(parent: string): Promise<string> {
  const [row] = await s()
    .app.database.db.insert(companies)
    .values({
      name: unique('Rates customer'),
      type: 'direct',
      approvalStatus: 'approved',
      parentCompanyId: parent,
    })
    .returning({ id: companies.id });
  return row!.id;
}

const groupId = (name: string) => {
  const g = groups.get(name);
  if (!g) throw new Error(`no demo group ${name}`);
  return g.id;
};

const listGroups = async (user: string, query: Record<string, string> = {}) =>
  expectOk(
    await call<Page<RateGroup>>(user, 'GET', '/sys/feerateGroup/list', {
      query: { pageSize: '100', ...query },
    }),
  );

beforeAll(async () => {
  for (const g of (await listGroups('admin')).records) groups.set(g.name, g);
});

describe('demo rate groups and who sees them', () => {
  it('staff see every group; the demo has retail, wholesale and both resellers’ groups of each kind', async () => {
    expect([...groups.keys()].sort()).toEqual(
      [
        'Acme customers ND',
        'Acme customers SMS',
        'Acme customers voice',
        'Northwind agents ND',
        'Northwind agents SMS',
        'Northwind agents voice',
        'Standard ND',
        'Standard SMS',
        'Standard voice',
        'Wholesale ND',
        'Wholesale SMS',
        'Wholesale voice',
      ].sort(),
    );
    expect(groups.get('Standard SMS')).toMatchObject({
      kind: 'sms',
      ownerCompanyId: null,
      companyCount: 2,
      editable: true,
    });
    expect(groups.get('Acme customers SMS')).toMatchObject({
      ownerCompanyId: ACME,
      ownerCompanyName: 'Acme Agency',
    });
    // Sales see the platform's groups and those of the companies assigned to them (the demo's
    // direct customers have none of their own): no reseller's price list.
    expect((await listGroups('sales', { pageSize: '100' })).records.map((g) => g.name).sort()).toEqual(
      [...groups.keys()].filter((name) => /^(Standard|Wholesale) /.test(name)).sort(),
    );
    expect((await listGroups('admin', { kind: 'voice' })).records.every((g) => g.kind === 'voice')).toBe(
      true,
    );
    expect(
      (await listGroups('admin', { owner: 'platform' })).records.every((g) => g.ownerCompanyId === null),
    ).toBe(true);
  });

  it('an agent sees its own groups (editable) and the one it is priced by (read only), nothing else', async () => {
    const seen = (await listGroups('agent', { kind: 'sms' })).records;
    expect(seen.map((g) => [g.name, g.editable]).sort()).toEqual(
      expect.arrayContaining([
        ['Acme customers SMS', true],
        ['Northwind agents SMS', false],
      ]),
    );
    expect(seen.map((g) => g.name)).not.toContain('Wholesale SMS');
    expect(seen.map((g) => g.name)).not.toContain('Standard SMS');
    for (const name of ['Wholesale SMS', 'Standard SMS']) {
      expectError(
        await call('agent', 'GET', '/sys/feerateGroup/queryById', { query: { id: groupId(name) } }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await call('agent', 'GET', '/sys/feerate/list', { query: { groupId: groupId(name) } }),
        404,
        'NOT_FOUND',
      );
    }
    // Its parent's group: readable, never changeable.
    expectOk(
      await call('agent', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Northwind agents SMS') },
      }),
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/edit', {
        body: { id: groupId('Northwind agents SMS'), name: 'Mine now' },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerate/batchEdit', {
        body: { groupId: groupId('Northwind agents SMS'), mode: 'set', price: '0' },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('the distributor sees its own, its agent’s and the wholesale group it is priced by', async () => {
    const names = (await listGroups('distributor', { kind: 'sms' })).records.map((g) => g.name).sort();
    expect(names).toEqual(['Acme customers SMS', 'Northwind agents SMS', 'Wholesale SMS']);
  });

  it('customers see only the groups that price them, and may not change them', async () => {
    expect((await listGroups('customer')).records.map((g) => g.name).sort()).toEqual([
      'Standard ND',
      'Standard SMS',
      'Standard voice',
    ]);
    expect((await listGroups('agentcustomer')).records.map((g) => g.name).sort()).toEqual([
      'Acme customers ND',
      'Acme customers SMS',
      'Acme customers voice',
    ]);
    expectError(
      await call('customer', 'POST', '/sys/feerateGroup/add', { body: { name: 'x', kind: 'sms' } }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    expectError(
      await call('customer', 'POST', '/sys/feerate/add', {
        body: { groupId: groupId('Standard SMS'), countryCode: 'FR', smsKind: 'otp', price: '0.01' },
      }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    expectError(
      await call('sales', 'POST', '/sys/feerateGroup/add', { body: { name: 'x', kind: 'sms' } }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
  });

  it('rates list with filters, in a stable order', async () => {
    const all = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Standard SMS'), pageSize: '500' },
      }),
    );
    expect(all.total).toBe(6 * 4 + 2);
    const cn = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Standard SMS'), countryCode: 'cn', smsKind: 'marketing' },
      }),
    );
    expect(cn.records.map((r) => [r.prefix, r.price])).toEqual([
      [null, '0.045000'],
      ['86170', '0.060000'],
    ]);
    const byPrefix = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Standard SMS'), prefix: '+8617' },
      }),
    );
    expect(byPrefix.records.map((r) => r.prefix)).toEqual(['86170']);
    const op = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Standard SMS'), mcc: '510', mnc: '10' },
      }),
    );
    expect(op.records).toMatchObject([{ countryCode: 'ID', smsKind: 'otp', price: '0.290000' }]);
    const voice = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Standard voice'), countryCode: 'GB' },
      }),
    );
    expect(voice.records).toMatchObject([
      { smsKind: null, price: '0.015000', connectionFee: '0.001000', billingInitial: 1, billingIncrement: 1 },
    ]);
  });
});

describe('rate groups: add, edit, copy, delete, assign', () => {
  it('an agent adds, renames, copies and deletes its own groups; names are unique per owner regardless of case', async () => {
    const name = unique('Acme VIP');
    const g = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name, kind: 'sms', remark: 'for VIPs' },
      }),
    );
    expect(g).toMatchObject({
      name,
      kind: 'sms',
      ownerCompanyId: ACME,
      rateCount: 0,
      companyCount: 0,
      editable: true,
    });
    expectError(
      await call('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: name.toUpperCase(), kind: 'voice' },
      }),
      409,
      'RATE_GROUP_NAME_TAKEN',
    );
    expectError(
      await call('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: name.toUpperCase(), kind: 'voice' },
        locale: ZH,
      }),
      409,
      'RATE_GROUP_NAME_TAKEN',
      { locale: ZH },
    );
    // Another owner may use the same name.
    expectOk(await call('distributor', 'POST', '/sys/feerateGroup/add', { body: { name, kind: 'sms' } }));
    const renamed = expectOk(
      await call<RateGroup>('agent', 'PUT', '/sys/feerateGroup/edit', {
        body: { id: g.id, name: `${name} 2`, remark: null },
      }),
    );
    expect(renamed).toMatchObject({ name: `${name} 2`, remark: null });

    const copy = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/copy', {
        body: { id: groupId('Acme customers SMS'), name: unique('Acme copy') },
      }),
    );
    expect(copy).toMatchObject({ kind: 'sms', ownerCompanyId: ACME, rateCount: 26, companyCount: 0 });
    // An agent copying its parent's group gets a group of its own with its own prices to start from.
    const fromParent = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/copy', {
        body: { id: groupId('Northwind agents SMS'), name: unique('From parent') },
      }),
    );
    expect(fromParent).toMatchObject({ ownerCompanyId: ACME, rateCount: 26 });
    expectError(
      await call('agent', 'POST', '/sys/feerateGroup/copy', {
        body: { id: groupId('Wholesale SMS'), name: unique('Steal') },
      }),
      404,
      'NOT_FOUND',
    );
    expectOk(await call('agent', 'DELETE', '/sys/feerateGroup/delete', { query: { id: copy.id } }));
    expectError(
      await call('agent', 'GET', '/sys/feerateGroup/queryById', { query: { id: copy.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('a group assigned to a company cannot be deleted, and the message says so in both languages', async () => {
    expectError(
      await call('admin', 'DELETE', '/sys/feerateGroup/delete', { query: { id: groupId('Standard SMS') } }),
      409,
      'RATE_GROUP_IN_USE',
      {
        params: { count: 2 },
      },
    );
    expectError(
      await call('admin', 'DELETE', '/sys/feerateGroup/delete', {
        query: { id: groupId('Standard SMS') },
        locale: ZH,
      }),
      409,
      'RATE_GROUP_IN_USE',
      { locale: ZH, params: { count: 2 } },
    );
    expect(text('RATE_GROUP_IN_USE', ZH, { count: 2 })).toContain('已分配给2家公司');
  });

  it('assignment is scoped: a reseller assigns its own groups to its own customers; staff platform groups or the parent’s', async () => {
    const customer = await freshCustomer(ACME);
    const own = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('Acme assign'), kind: 'nd' },
      }),
    );
    const assigned = expectOk(
      await call<RateAssignments>('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'nd', groupId: own.id },
      }),
    );
    expect(assigned.groups.find((g) => g.kind === 'nd')).toEqual({
      kind: 'nd',
      groupId: own.id,
      groupName: own.name,
    });
    // Wrong kind.
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: own.id },
      }),
      400,
      'RATE_GROUP_KIND_MISMATCH',
      { params: { kind: 'sms' } },
    );
    // Not its group (one it cannot even see does not exist for it), not its customer, not itself.
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: groupId('Wholesale SMS') },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: groupId('Northwind agents SMS') },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: DIRECT, kind: 'nd', groupId: own.id },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: ACME, kind: 'nd', groupId: own.id },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    // The distributor cannot hand its agent's customer a group of its own.
    const northwindGroup = expectOk(
      await call<RateGroup>('distributor', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('NW nd'), kind: 'nd' },
      }),
    );
    expectError(
      await call('distributor', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'nd', groupId: northwindGroup.id },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    // Staff: a reseller's group only to that reseller's customers.
    expectError(
      await call('admin', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: DIRECT, kind: 'nd', groupId: own.id },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectOk(
      await call('admin', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'nd', groupId: null },
      }),
    );
    const after = expectOk(
      await call<RateAssignments>('agent', 'GET', '/sys/feerateGroup/assignments', {
        query: { companyId: customer },
      }),
    );
    expect(after.groups.find((g) => g.kind === 'nd')?.groupId).toBeNull();
    expectError(
      await call('agent', 'GET', '/sys/feerateGroup/assignments', { query: { companyId: DIRECT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('customer', 'GET', '/sys/feerateGroup/assignments', { query: { companyId: AGENCY_CLIENT } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('client rate not lower than agent rate', () => {
  /** A fresh customer of Acme priced by a fresh, empty SMS group of Acme's. */
  async function acmeCustomerGroup() {
    const customer = await freshCustomer(ACME);
    const group = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('Acme rule'), kind: 'sms' },
      }),
    );
    expectOk(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: group.id },
      }),
    );
    return { customer, group };
  }

  it('add: a price below the agent’s own is refused with the row named (both languages); at or above it is saved', async () => {
    const { group } = await acmeCustomerGroup();
    // Acme's own US OTP price (Northwind agents SMS, 85 % of 0.0080) is 0.006800.
    const low = { groupId: group.id, countryCode: 'US', smsKind: 'otp', price: '0.0067' };
    expectError(await call('agent', 'POST', '/sys/feerate/add', { body: low }), 400, 'RATE_BELOW_RESELLER', {
      params: { rows: 'US otp 0.006700 < 0.006800' },
    });
    const zh = await call('agent', 'POST', '/sys/feerate/add', { body: low, locale: ZH });
    expectError(zh, 400, 'RATE_BELOW_RESELLER', {
      locale: ZH,
      params: { rows: 'US otp 0.006700 < 0.006800' },
    });
    expect(zh.body.message).toContain('客户费率不能低于代理商自身费率');
    expect((zh.body.result as { rows: { destination: string }[] }).rows).toMatchObject([
      { destination: 'US otp' },
    ]);
    const saved = expectOk(
      await call<Rate>('agent', 'POST', '/sys/feerate/add', { body: { ...low, price: '0.0068' } }),
    );
    expect(saved).toMatchObject({ countryCode: 'US', smsKind: 'otp', price: '0.006800', prefix: null });
    // Nothing was written by the refusals.
    const list = expectOk(
      await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }),
    );
    expect(list.total).toBe(1);
    // Edit below: refused; the rate keeps its price.
    expectError(
      await call('agent', 'PUT', '/sys/feerate/edit', {
        body: { id: saved.id, countryCode: 'US', smsKind: 'otp', price: '0.0010' },
      }),
      400,
      'RATE_BELOW_RESELLER',
      { params: { rows: 'US otp 0.001000 < 0.006800' } },
    );
    expect(
      expectOk(await call<Rate>('agent', 'GET', '/sys/feerate/queryById', { query: { id: saved.id } })).price,
    ).toBe('0.006800');
    // A country rate below the agent's prefix rate offends for the numbers of that prefix.
    expectError(
      await call('agent', 'POST', '/sys/feerate/add', {
        body: { groupId: group.id, countryCode: 'CN', smsKind: 'marketing', price: '0.0400' },
      }),
      400,
      'RATE_BELOW_RESELLER',
      { params: { rows: 'CN marketing 0.040000 < 0.051000' } },
    );
  });

  it('batch edit: -% below the floor is refused and changes nothing; +% rounds to six decimals half away from zero', async () => {
    const { group } = await acmeCustomerGroup();
    const add = async (countryCode: string, smsKind: string, price: string) =>
      expectOk(
        await call<Rate>('agent', 'POST', '/sys/feerate/add', {
          body: { groupId: group.id, countryCode, smsKind, price },
        }),
      );
    await add('US', 'otp', '0.0100');
    await add('IN', 'otp', '0.004251');
    const refused = await call('agent', 'PUT', '/sys/feerate/batchEdit', {
      body: { groupId: group.id, mode: 'percent', percent: '-50' },
    });
    expectError(refused, 400, 'RATE_BELOW_RESELLER', { message: false });
    expect(refused.body.message).toContain('US otp 0.005000 < 0.006800');
    expect(refused.body.message).toContain('IN otp 0.002126 < 0.004250');
    const up = expectOk(
      await call<{ updated: number }>('agent', 'PUT', '/sys/feerate/batchEdit', {
        body: { groupId: group.id, mode: 'percent', percent: '10', countryCode: 'IN' },
      }),
    );
    expect(up.updated).toBe(1);
    const list = expectOk(
      await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }),
    );
    expect(list.records.map((r) => [r.countryCode, r.price])).toEqual([
      ['IN', '0.004676'], // 0.0046761 -> 0.004676
      ['US', '0.010000'],
    ]);
    expectOk(
      await call('agent', 'PUT', '/sys/feerate/batchEdit', {
        body: { groupId: group.id, mode: 'set', price: '0.02', smsKind: 'otp' },
      }),
    );
    const set = expectOk(
      await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }),
    );
    expect(set.records.map((r) => r.price)).toEqual(['0.020000', '0.020000']);
  });

  it('assign: a group below the agent’s prices cannot be given to its customer', async () => {
    const customer = await freshCustomer(ACME);
    const cheap = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('Cheap'), kind: 'sms' },
      }),
    );
    expectOk(
      await call('agent', 'POST', '/sys/feerate/add', {
        body: { groupId: cheap.id, countryCode: 'GB', smsKind: 'otp', price: '0.0001' },
      }),
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: cheap.id },
      }),
      400,
      'RATE_BELOW_RESELLER',
      { params: { rows: 'GB otp 0.000100 < 0.028050' } },
    );
    const after = expectOk(
      await call<RateAssignments>('agent', 'GET', '/sys/feerateGroup/assignments', {
        query: { companyId: customer },
      }),
    );
    expect(after.groups.find((g) => g.kind === 'sms')?.groupId).toBeNull();
  });

  it('staff raising a reseller’s price above what its customers pay is refused too, naming the customers’ rows', async () => {
    const { group } = await acmeCustomerGroup();
    expectOk(
      await call('agent', 'POST', '/sys/feerate/add', {
        body: { groupId: group.id, countryCode: 'BR', smsKind: 'otp', price: '0.0200' },
      }),
    );
    const northwindBr = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Northwind agents SMS'), countryCode: 'BR', smsKind: 'otp' },
      }),
    ).records[0]!;
    const res = await call('admin', 'PUT', '/sys/feerate/edit', {
      body: { id: northwindBr.id, countryCode: 'BR', smsKind: 'otp', price: '0.0250' },
    });
    expectError(res, 400, 'RATE_BELOW_RESELLER', { message: false });
    expect(res.body.message).toContain('BR otp 0.020000 < 0.025000');
  });
});

describe('import rows', () => {
  it('all or none: bad rows are reported per row and field in the caller’s language, nothing is written', async () => {
    const customer = await freshCustomer(ACME);
    const group = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('Import'), kind: 'sms' },
      }),
    );
    expectOk(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'sms', groupId: group.id },
      }),
    );
    const rows = [
      { countryCode: 'CN', smsKind: 'otp', price: '0.05' },
      { countryCode: 'XX', smsKind: 'otp', price: '0.05' },
      { countryCode: 'GB', smsKind: 'otp', price: 'abc' },
      { countryCode: 'GB', price: 0.04 },
      { countryCode: 'US', smsKind: 'otp', prefix: '4420', price: '0.05' },
      { countryCode: 'CN', smsKind: 'otp', price: '0.06' },
      { countryCode: 'IN', smsKind: 'otp', price: '0.1234567' },
    ];
    for (const locale of [EN, ZH]) {
      const res = await call<{ errors: { row: number; field: string; message: string }[] }>(
        'agent',
        'POST',
        '/sys/feerate/importRows',
        {
          body: { groupId: group.id, rows },
          locale,
        },
      );
      expectError(res, 400, 'RATE_IMPORT_INVALID', { locale, params: { count: 6 } });
      expect(res.body.result.errors).toEqual([
        { row: 2, field: 'countryCode', message: text('COUNTRY_UNKNOWN', locale, { country: 'XX' }) },
        { row: 3, field: 'price', message: text('MONEY_INVALID', locale, { field: 'price' }) },
        { row: 4, field: 'smsKind', message: text('RATE_SMS_KIND_REQUIRED', locale) },
        {
          row: 5,
          field: 'prefix',
          message: text('RATE_PREFIX_COUNTRY', locale, { prefix: '4420', country: 'US', dial: '1' }),
        },
        { row: 6, field: 'countryCode', message: text('RATE_DUPLICATE_ROW', locale, { row: 1 }) },
        {
          row: 7,
          field: 'price',
          message: text('MONEY_TOO_MANY_DECIMALS', locale, { field: 'price', max: 6 }),
        },
      ]);
    }
    expect(
      expectOk(await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }))
        .total,
    ).toBe(0);

    // Valid rows but one below the agent's own price: that row is named, nothing written.
    const below = await call<{ errors: { row: number; field: string; message: string }[] }>(
      'agent',
      'POST',
      '/sys/feerate/importRows',
      {
        body: {
          groupId: group.id,
          rows: [
            { countryCode: 'CN', smsKind: 'otp', price: '0.05' },
            { countryCode: 'US', smsKind: 'otp', price: '0.0001' },
          ],
        },
      },
    );
    expectError(below, 400, 'RATE_IMPORT_INVALID', { params: { count: 1 } });
    expect(below.body.result.errors).toEqual([
      {
        row: 2,
        field: 'price',
        message: text('RATE_BELOW_RESELLER', EN, { rows: 'US otp 0.000100 < 0.006800' }),
      },
    ]);
    expect(
      expectOk(await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }))
        .total,
    ).toBe(0);

    const imported = expectOk(
      await call<{ imported: number; replaced: number }>('agent', 'POST', '/sys/feerate/importRows', {
        body: {
          groupId: group.id,
          rows: [
            { countryCode: 'cn', smsKind: 'otp', price: 0.05, remark: '' },
            { countryCode: 'CN', smsKind: 'otp', prefix: '+86170', price: '0.07' },
            { countryCode: 'ID', smsKind: 'otp', mcc: 510, mnc: '10', price: '0.3' },
          ],
        },
      }),
    );
    expect(imported).toEqual({ imported: 3, replaced: 0 });
    const again = expectOk(
      await call<{ imported: number; replaced: number }>('agent', 'POST', '/sys/feerate/importRows', {
        body: { groupId: group.id, rows: [{ countryCode: 'CN', smsKind: 'otp', price: '0.055' }] },
      }),
    );
    expect(again).toEqual({ imported: 1, replaced: 1 });
    const list = expectOk(
      await call<Page<Rate>>('agent', 'GET', '/sys/feerate/list', { query: { groupId: group.id } }),
    );
    expect(list.records.map((r) => [r.countryCode, r.prefix, r.mcc, r.mnc, r.price])).toEqual([
      ['CN', null, null, null, '0.055000'],
      ['CN', '86170', null, null, '0.070000'],
      ['ID', null, '510', '10', '0.300000'],
    ]);
    // Another reseller's group: not even visible.
    expectError(
      await call('distributor', 'POST', '/sys/feerate/importRows', {
        body: { groupId: group.id, rows: [{ countryCode: 'CN' }] },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('rates: add, edit, delete, deleteBatch', () => {
  it('checks fields against the group’s kind; a destination is priced once per group', async () => {
    const g = expectOk(
      await call<RateGroup>('admin', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('Platform voice'), kind: 'voice' },
      }),
    );
    const voice = expectOk(
      await call<Rate>('admin', 'POST', '/sys/feerate/add', {
        body: {
          groupId: g.id,
          countryCode: 'GB',
          price: '0.012',
          connectionFee: '0.001',
          billingInitial: 6,
          billingIncrement: 6,
          smsKind: 'otp',
        },
      }),
    );
    expect(voice).toMatchObject({
      smsKind: null,
      price: '0.012000',
      connectionFee: '0.001000',
      billingInitial: 6,
      billingIncrement: 6,
    });
    expectError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: g.id, countryCode: 'GB', price: '0.02' },
      }),
      409,
      'RATE_DUPLICATE',
      {
        params: { rows: 'GB' },
      },
    );
    const second = expectOk(
      await call<Rate>('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: g.id, countryCode: 'US', price: '0.01' },
      }),
    );
    expect(second).toMatchObject({ billingInitial: 60, billingIncrement: 60, connectionFee: '0.000000' });
    expectError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: g.id, countryCode: 'US', prefix: '1800', mcc: '310', price: '0.01' },
      }),
      400,
      'RATE_PREFIX_AND_OPERATOR',
    );
    expectError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: g.id, countryCode: 'US', mnc: '410', price: '0.01' },
        locale: ZH,
      }),
      400,
      'RATE_MNC_WITHOUT_MCC',
      { locale: ZH },
    );
    const edited = expectOk(
      await call<Rate>('admin', 'PUT', '/sys/feerate/edit', {
        body: { id: second.id, countryCode: 'US', price: '0.011', billingInitial: 1, billingIncrement: 1 },
      }),
    );
    expect(edited).toMatchObject({ price: '0.011000', billingInitial: 1 });
    expectError(
      await call('admin', 'PUT', '/sys/feerate/edit', {
        body: { id: second.id, countryCode: 'GB', price: '0.011' },
      }),
      409,
      'RATE_DUPLICATE',
      {
        message: false,
      },
    );
    expect(
      expectOk(
        await call('admin', 'DELETE', '/sys/feerate/deleteBatch', {
          query: { ids: `${voice.id},${second.id}` },
        }),
      ),
    ).toEqual({ deleted: 2 });
    expect(
      expectOk(await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', { query: { groupId: g.id } }))
        .total,
    ).toBe(0);
    expectError(
      await call('admin', 'DELETE', '/sys/feerate/delete', { query: { id: voice.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: groupId('Standard SMS'), countryCode: 'FR', price: '0.05' },
      }),
      400,
      'RATE_SMS_KIND_REQUIRED',
    );
  });

  it('an agent never deletes or changes rates of another reseller’s or its parent’s group', async () => {
    const theirs = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Northwind agents SMS'), pageSize: '1' },
      }),
    ).records[0]!;
    expectError(
      await call('agent', 'DELETE', '/sys/feerate/delete', { query: { id: theirs.id } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    const platform = expectOk(
      await call<Page<Rate>>('admin', 'GET', '/sys/feerate/list', {
        query: { groupId: groupId('Wholesale SMS'), pageSize: '1' },
      }),
    ).records[0]!;
    expectError(
      await call('agent', 'DELETE', '/sys/feerate/deleteBatch', { query: { ids: platform.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('agent', 'GET', '/sys/feerate/queryById', { query: { id: platform.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('agent', 'PUT', '/sys/feerate/edit', {
        body: { id: platform.id, countryCode: 'CN', smsKind: 'otp', price: '9' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    expectFieldError(
      await call('admin', 'GET', '/sys/feerate/list', { query: { groupId: 'nope' } }),
      'groupId',
      'groupId is invalid',
    );
    expectFieldError(
      await call('admin', 'GET', '/sys/feerate/list', { query: { groupId: 'nope' }, locale: ZH }),
      'groupId',
      'groupId格式不正确',
    );
    const id = groupId('Standard SMS');
    expectFieldError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: id, countryCode: 'CN', smsKind: 'otp', price: '0.1234567' },
      }),
      'price',
      'price may have at most 6 decimal places',
    );
    expectFieldError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: id, countryCode: 'CN', smsKind: 'otp', price: '-1' },
      }),
      'price',
      text('MONEY_INVALID', EN, { field: 'price' }),
    );
    expectFieldError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: id, countryCode: 'CN', smsKind: 'sms', price: '1' },
      }),
      'smsKind',
      /smsKind/,
    );
    expectFieldError(
      await call('admin', 'POST', '/sys/feerate/add', {
        body: { groupId: id, countryCode: 'CN', smsKind: 'otp', price: '1001' },
      }),
      'price',
      text('MONEY_TOO_LARGE', EN, { field: 'price', max: 1000 }),
    );
    expectFieldError(
      await call('admin', 'PUT', '/sys/feerate/batchEdit', { body: { groupId: id, mode: 'percent' } }),
      'percent',
      'percent is required',
    );
    expectFieldError(
      await call('admin', 'PUT', '/sys/feerate/batchEdit', {
        body: { groupId: id, mode: 'percent', percent: '-100' },
      }),
      'percent',
      'percent is invalid',
    );
    expectFieldError(
      await call('admin', 'DELETE', '/sys/feerate/deleteBatch', { query: { ids: 'a,b' } }),
      'ids',
      /invalid/,
    );
    expectFieldError(
      await call('admin', 'POST', '/sys/feerateGroup/add', { body: { name: '', kind: 'sms' } }),
      'name',
      'name is required',
    );
    expectFieldError(
      await call('admin', 'POST', '/sys/feerateGroup/add', { body: { name: 'x', kind: 'fax' } }),
      'kind',
      /kind/,
    );
    expectFieldError(
      await call('admin', 'GET', '/sys/feerate/quote', {
        query: { companyId: DIRECT, kind: 'otp', number: '' },
      }),
      'number',
      'number is required',
    );
  });
});

describe('GET /sys/feerate/quote', () => {
  it('a customer sees its price only, never cost or margin', async () => {
    const q = expectOk(
      await call<RateQuote>('agentcustomer', 'GET', '/sys/feerate/quote', {
        query: { companyId: AGENCY_CLIENT, kind: 'marketing', number: CN_MOBILE },
      }),
    );
    expect(q).toMatchObject({
      countryCode: 'CN',
      operator: { mcc: '460', mnc: '00', name: 'China Mobile' },
      matchedBy: 'country',
      price: '0.049500',
      ownPrice: null,
      cost: null,
      margin: null,
    });
    expectError(
      await call('agentcustomer', 'GET', '/sys/feerate/quote', {
        query: { companyId: ACME, kind: 'marketing', number: CN_MOBILE },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('an agent sees its customer’s price, its own price and its margin, never the cost', async () => {
    const q = expectOk(
      await call<RateQuote>('agent', 'GET', '/sys/feerate/quote', {
        query: { companyId: AGENCY_CLIENT, kind: 'marketing', number: '8617012345678' },
      }),
    );
    expect(q).toMatchObject({
      matchedBy: 'prefix',
      price: '0.066000',
      ownPrice: '0.051000',
      margin: '0.015000',
      cost: null,
    });
    const own = expectOk(
      await call<RateQuote>('agent', 'GET', '/sys/feerate/quote', {
        query: { companyId: ACME, kind: 'marketing', number: CN_MOBILE },
      }),
    );
    expect(own).toMatchObject({ price: '0.038250', ownPrice: null, cost: null, margin: null });
    expectError(
      await call('agent', 'GET', '/sys/feerate/quote', {
        query: { companyId: NORTHWIND, kind: 'marketing', number: CN_MOBILE },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('staff see the lowest gateway cost for the destination and the margin', async () => {
    const q = expectOk(
      await call<RateQuote>('admin', 'GET', '/sys/feerate/quote', {
        query: { companyId: DIRECT, kind: 'otp', number: CN_MOBILE },
      }),
    );
    // China Mobile has its own, cheaper gateway cost (0.0220) than the country's (0.0250).
    expect(q).toMatchObject({ price: '0.038000', cost: '0.022000', margin: '0.016000', ownPrice: null });
    const unicom = expectOk(
      await call<RateQuote>('sales', 'GET', '/sys/feerate/quote', {
        query: { companyId: DIRECT, kind: 'otp', number: '+8613012345678' },
      }),
    );
    expect(unicom).toMatchObject({ cost: '0.025000', margin: '0.013000' });
    const voice = expectOk(
      await call<RateQuote>('admin', 'GET', '/sys/feerate/quote', {
        query: { companyId: DIRECT, kind: 'voice', number: '+442071234567' },
      }),
    );
    expect(voice).toMatchObject({
      price: '0.015000',
      connectionFee: '0.001000',
      billingInitial: 1,
      billingIncrement: 1,
      cost: '0.007000',
    });
    const telkomsel = expectOk(
      await call<RateQuote>('admin', 'GET', '/sys/feerate/quote', {
        query: { companyId: DIRECT, kind: 'otp', number: '+6281234567890' },
      }),
    );
    expect(telkomsel).toMatchObject({
      matchedBy: 'operator',
      price: '0.290000',
      operator: { name: 'Telkomsel' },
    });
  });

  it('no rate: RATE_NOT_FOUND in both languages; not a number: NUMBER_INVALID', async () => {
    const q = { companyId: DIRECT, kind: 'otp', number: '+33612345678' };
    expectError(await call('customer', 'GET', '/sys/feerate/quote', { query: q }), 404, 'RATE_NOT_FOUND');
    const zh = await call('customer', 'GET', '/sys/feerate/quote', { query: q, locale: ZH });
    expectError(zh, 404, 'RATE_NOT_FOUND', { locale: ZH });
    expect(zh.body.message).toBe('费率不存在');
    expectError(
      await call('customer', 'GET', '/sys/feerate/quote', { query: { ...q, number: '+999' } }),
      400,
      'NUMBER_INVALID',
    );
  });
});

describe('gateway cost per operator (staff only)', () => {
  it('admin adds, edits, lists and deletes; sales only reads; resellers and customers never', async () => {
    const added = expectOk(
      await call<{ id: string; cost: string }>('admin', 'POST', '/gatewayOperatorPrice/add', {
        body: { gateway: unique('gw'), countryCode: 'FR', mcc: '208', mnc: '01', cost: '0.031' },
      }),
    );
    expect(added).toMatchObject({ kind: 'sms', countryCode: 'FR', cost: '0.031000' });
    const edited = expectOk(
      await call<{ cost: string }>('admin', 'PUT', '/gatewayOperatorPrice/edit', {
        body: { id: added.id, gateway: 'gw-fr', countryCode: 'FR', cost: '0.03' },
      }),
    );
    expect(edited).toMatchObject({ cost: '0.030000', mcc: null });
    expect(
      expectOk(
        await call<Page<{ id: string }>>('sales', 'GET', '/gatewayOperatorPrice/list', {
          query: { countryCode: 'FR' },
        }),
      ).records.map((r) => r.id),
    ).toContain(added.id);
    expectError(
      await call('sales', 'POST', '/gatewayOperatorPrice/add', {
        body: { gateway: 'x', countryCode: 'FR', cost: '1' },
      }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    for (const user of ['distributor', 'agent', 'customer', 'agentcustomer']) {
      const res = await call(user, 'GET', '/gatewayOperatorPrice/list');
      expect(res.status).toBe(403);
    }
    expectOk(await call('admin', 'DELETE', '/gatewayOperatorPrice/delete', { query: { id: added.id } }));
    expectError(
      await call('admin', 'DELETE', '/gatewayOperatorPrice/delete', { query: { id: added.id } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('charging with commissions (services.rates.charging.charge)', () => {
  /** A customer of Acme priced by Acme's demo groups, with money. */
  async function payingCustomer(balance: bigint) {
    const customer = await freshCustomer(ACME);
    for (const kind of ['sms', 'voice', 'nd'] as const) {
      expectOk(
        await call('admin', 'PUT', '/sys/feerateGroup/assign', {
          body: {
            companyId: customer,
            kind,
            groupId: groupId(`Acme customers ${kind === 'sms' ? 'SMS' : kind === 'nd' ? 'ND' : 'voice'}`),
          },
        }),
      );
    }
    if (balance > 0n) await s().app.services.ledger.credit(customer, 'topup', balance, `topup-${customer}`);
    return customer;
  }
  const balances = async (id: string) => s().app.services.ledger.balanceOf(id);

  it('the customer pays its price; the agent and the distributor each earn exactly their margin; a replay changes nothing', async () => {
    const customer = await payingCustomer(units(1));
    const [acme0, nw0] = [await balances(ACME), await balances(NORTHWIND)];
    const rates = s().app.services.rates.charging;
    const charged = await rates.charge(customer, 'marketing', CN_MOBILE, 2, 'msg-1', 'batch-1');
    // 2 × 0.0495; Acme 2 × (0.0495 − 0.03825); Northwind 2 × (0.03825 − 0.0315).
    expect(charged).toEqual({
      status: 'charged',
      amount: parseMoney('0.099')!,
      commissions: [
        { companyId: ACME, amount: parseMoney('0.0225')! },
        { companyId: NORTHWIND, amount: parseMoney('0.0135')! },
      ],
    });
    expect((await balances(customer)).balance).toBe(units(1) - parseMoney('0.099')!);
    expect((await balances(ACME)).commission - acme0.commission).toBe(parseMoney('0.0225')!);
    expect((await balances(NORTHWIND)).commission - nw0.commission).toBe(parseMoney('0.0135')!);
    // Their spending balances are untouched.
    expect((await balances(ACME)).balance).toBe(acme0.balance);

    const replay = await rates.charge(customer, 'marketing', CN_MOBILE, 2, 'msg-1', 'batch-1');
    expect(replay).toMatchObject({ status: 'replayed', amount: parseMoney('0.099')! });
    expect((await balances(customer)).balance).toBe(units(1) - parseMoney('0.099')!);
    expect((await balances(ACME)).commission - acme0.commission).toBe(parseMoney('0.0225')!);
    const entries = await s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, ACME),
          eq(ledgerEntries.kind, 'commission'),
          eq(ledgerEntries.reference, 'batch-1'),
        ),
      );
    expect(
      entries.filter((e) => e.noteCode === 'commission' && e.noteParams?.companyId === customer),
    ).toHaveLength(1);
    expect((await s().app.services.ledger.reconcile()).differences).toEqual([]);
  });

  it('a refused charge (balance insufficient) writes nothing at all', async () => {
    const customer = await payingCustomer(parseMoney('0.05')!);
    const [acme0, nw0] = [await balances(ACME), await balances(NORTHWIND)];
    await expect(
      s().app.services.rates.charging.charge(customer, 'marketing', CN_MOBILE, 2, 'too-much'),
    ).rejects.toMatchObject({
      errorCode: 'BALANCE_INSUFFICIENT',
    });
    expect((await balances(customer)).balance).toBe(parseMoney('0.05')!);
    expect((await balances(ACME)).commission).toBe(acme0.commission);
    expect((await balances(NORTHWIND)).commission).toBe(nw0.commission);
    const written = await s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, customer));
    expect(written.map((e) => e.kind)).toEqual(['topup']);
  });

  it('a batch: each charge decided in order, refusals leave the others and write nothing of their own', async () => {
    const customer = await payingCustomer(parseMoney('0.10')!);
    const acme0 = await balances(ACME);
    const out = await s().app.services.rates.charging.chargeBatch(customer, 'otp', [
      { number: CN_MOBILE, parts: 1, idempotencyKey: 'b-1' }, // 0.0418
      { number: '+33612345678', parts: 1, idempotencyKey: 'b-2' }, // no rate
      { number: CN_MOBILE, parts: 2, idempotencyKey: 'b-3' }, // 0.0836: not covered
      { number: '+14155552671', parts: 1, idempotencyKey: 'b-4' }, // 0.0088
      { number: 'nonsense', parts: 1, idempotencyKey: 'b-5' },
      { number: CN_MOBILE, parts: 1, idempotencyKey: 'b-1' }, // same key twice in one batch
    ]);
    expect(out.map((o) => (o.status === 'refused' ? o.reason : o.status))).toEqual([
      'charged',
      'RATE_NOT_FOUND',
      'BALANCE_INSUFFICIENT',
      'charged',
      'NUMBER_INVALID',
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect((await balances(customer)).balance).toBe(
      parseMoney('0.10')! - parseMoney('0.0418')! - parseMoney('0.0088')!,
    );
    // Acme: CN otp 0.0418 − 0.0323, US otp 0.0088 − 0.0068.
    expect((await balances(ACME)).commission - acme0.commission).toBe(
      parseMoney('0.0095')! + parseMoney('0.002')!,
    );
    // Replaying the batch changes nothing.
    const again = await s().app.services.rates.charging.chargeBatch(customer, 'otp', [
      { number: CN_MOBILE, parts: 1, idempotencyKey: 'b-1' },
      { number: '+14155552671', parts: 1, idempotencyKey: 'b-4' },
    ]);
    expect(again.map((o) => o.status)).toEqual(['replayed', 'replayed']);
    expect((await balances(ACME)).commission - acme0.commission).toBe(parseMoney('0.0115')!);
  });

  it('voice: billed by increments with the connection fee, commission on the difference of amounts', async () => {
    const customer = await payingCustomer(units(1));
    const acme0 = await balances(ACME);
    // GB voice for Acme's customers: 0.0165/min, fee 0.0011, 1/1; Acme pays 0.01275/min, fee 0.00085.
    const r = await s().app.services.rates.charging.charge(customer, 'voice', '+442071234567', 90, 'call-1');
    expect(r.amount).toBe(parseMoney('0.0011')! + parseMoney('0.02475')!);
    expect((await balances(ACME)).commission - acme0.commission).toBe(
      parseMoney('0.0011')! + parseMoney('0.02475')! - (parseMoney('0.00085')! + parseMoney('0.019125')!),
    );
    // An unanswered call costs nothing and writes nothing.
    expect(
      await s().app.services.rates.charging.charge(customer, 'voice', '+442071234567', 0, 'call-2'),
    ).toMatchObject({
      amount: 0n,
    });
  });

  it('a customer whose reseller has no rate for the destination is not charged (RATE_NOT_FOUND)', async () => {
    const customer = await payingCustomer(units(1));
    const group = expectOk(
      await call<RateGroup>('agent', 'POST', '/sys/feerateGroup/add', {
        body: { name: unique('FR only'), kind: 'nd' },
      }),
    );
    expectOk(
      await call('agent', 'POST', '/sys/feerate/add', {
        body: { groupId: group.id, countryCode: 'FR', price: '0.01' },
      }),
    );
    expectOk(
      await call('agent', 'PUT', '/sys/feerateGroup/assign', {
        body: { companyId: customer, kind: 'nd', groupId: group.id },
      }),
    );
    await expect(
      s().app.services.rates.charging.charge(customer, 'nd', '+33612345678', 1, 'nd-1'),
    ).rejects.toMatchObject({
      errorCode: 'RATE_NOT_FOUND',
    });
    expect((await balances(customer)).balance).toBe(units(1));
  });
});

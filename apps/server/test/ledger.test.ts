import type { Balance, KeysetPage, LedgerEntry } from '@switchboard/contracts';
import { formatMoney, units } from '@switchboard/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/db/seed/index';
import { CURRENCY_SETTING, LedgerService } from '../src/modules/ledger/service';
import { companies, companyBalances, ledgerEntries } from '../src/schema';
import { startServer } from './harness';
import {
  ACME,
  AGENCY_CLIENT,
  DIRECT,
  EN,
  expectError,
  expectFieldError,
  expectOk,
  NORTHWIND,
  TWO_WAY,
  ZH,
} from './support/api';
import { apiSuite, DEMO_USERS } from './support/suite';

const { s, tokens } = apiSuite(DEMO_USERS, async () => {
  const server = await startServer();
  // Sales users manage the companies assigned to them: these demo companies (and their subtrees).
  await server.app.database.db
    .update(companies)
    .set({ salesUserId: stableId('user:sales') })
    .where(inArray(companies.id, [DIRECT, TWO_WAY, NORTHWIND]));
  return server;
});
let keyNo = 0;
const key = (label: string) => `${label}-${++keyNo}-${Math.random().toString(36).slice(2, 8)}`;

/** A company of its own for a test (no other test moves its money). */
async function freshCompany(): Promise<string> {
  const [row] = await s()
    .app.database.db.insert(companies)
    .values({ name: `Ledger test ${key('co')}`, type: 'direct', approvalStatus: 'approved' })
    .returning({ id: companies.id });
  return row!.id;
}

const balance = (user: string, query: Record<string, string> = {}) =>
  s().call<Balance>('GET', '/sys/balance', { token: tokens[user], query });
const ledgerList = (user: string, query: Record<string, string> = {}) =>
  s().call<KeysetPage<LedgerEntry>>('GET', '/sys/ledger/list', { token: tokens[user], query });
const adjust = (user: string, body: Record<string, unknown>, locale = EN) =>
  s().call<{ entry: LedgerEntry; replayed: boolean }>('POST', '/sys/balance/adjust', {
    token: tokens[user],
    body,
    locale,
  });

describe('GET /sys/balance', () => {
  it('answers the caller’s company, zero before any entry, in the platform currency', async () => {
    expect(expectOk(await balance('customer2'))).toEqual({
      companyId: TWO_WAY,
      balance: '0.000000',
      creditLimit: '0.000000',
      commission: '0.000000',
      currency: 'USD',
    });
  });

  it('lets staff name any company and resellers those below them, nobody else', async () => {
    expect(expectOk(await balance('admin', { companyId: DIRECT })).companyId).toBe(DIRECT);
    expect(expectOk(await balance('sales', { companyId: AGENCY_CLIENT })).companyId).toBe(AGENCY_CLIENT);
    expect(expectOk(await balance('distributor', { companyId: AGENCY_CLIENT })).companyId).toBe(
      AGENCY_CLIENT,
    );
    expect(expectOk(await balance('agent', { companyId: AGENCY_CLIENT })).companyId).toBe(AGENCY_CLIENT);
    expectError(await balance('agent', { companyId: NORTHWIND }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await balance('agent', { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await balance('customer', { companyId: TWO_WAY }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await balance('agentcustomer', { companyId: ACME }), 403, 'NO_OPERATION_PERMISSION');
  });

  it('refuses a malformed company id in both languages, and strangers', async () => {
    expectFieldError(await balance('admin', { companyId: 'nope' }), 'companyId', 'companyId is invalid');
    const zh = await s().call('GET', '/sys/balance', {
      token: tokens.admin,
      query: { companyId: 'nope' },
      locale: ZH,
    });
    expectFieldError(zh, 'companyId', 'companyId格式不正确');
    expectError(await s().call('GET', '/sys/balance'), 401, 'UNAUTHORIZED');
    // Staff belong to no company: they name one.
    expectError(await balance('admin'), 400, 'FIELD_REQUIRED', { params: { field: 'companyId' } });
    expectError(
      await balance('admin', { companyId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /sys/balance/adjust', () => {
  it('credits and debits with a reason, through the ledger, and a retried key counts once', async () => {
    const k = key('adj');
    const first = expectOk(
      await adjust('admin', {
        companyId: DIRECT,
        direction: 'credit',
        amount: '120.00',
        reason: 'wire',
        idempotencyKey: k,
      }),
    );
    expect(first.replayed).toBe(false);
    expect(first.entry).toMatchObject({
      companyId: DIRECT,
      account: 'balance',
      kind: 'adjustment',
      amount: '120.000000',
      balanceAfter: '120.000000',
      note: 'wire',
      actorUsername: 'admin',
      idempotencyKey: k,
    });
    const again = expectOk(
      await adjust('admin', {
        companyId: DIRECT,
        direction: 'credit',
        amount: '120.00',
        reason: 'wire',
        idempotencyKey: k,
      }),
    );
    expect(again).toEqual({ entry: first.entry, replayed: true });
    // The same key for a different change is refused, not silently answered.
    expectError(
      await adjust('admin', {
        companyId: DIRECT,
        direction: 'credit',
        amount: '99',
        reason: 'x',
        idempotencyKey: k,
      }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    const debit = expectOk(
      await adjust('sales', {
        companyId: DIRECT,
        direction: 'debit',
        amount: '0.0035',
        reason: 'correction',
        idempotencyKey: key('adj'),
      }),
    );
    expect(debit.entry).toMatchObject({
      amount: '-0.003500',
      balanceAfter: '119.996500',
      actorUsername: 'sales',
    });
    expect(expectOk(await balance('customer')).balance).toBe('119.996500');
  });

  it('refuses a deduction below the credit limit with BALANCE_INSUFFICIENT in both languages', async () => {
    const body = {
      companyId: TWO_WAY,
      direction: 'debit',
      amount: '0.01',
      reason: 'too much',
      idempotencyKey: key('adj'),
    };
    expectError(await adjust('admin', body), 400, 'BALANCE_INSUFFICIENT', {
      message: 'Balance insufficient',
    });
    expectError(await adjust('admin', body, ZH), 400, 'BALANCE_INSUFFICIENT', { message: '余额不足' });
    // With a credit limit the balance may go that far below zero, not further.
    await s().app.services.ledger.setCreditLimit(TWO_WAY, units(5));
    expectOk(await adjust('admin', { ...body, amount: '5', idempotencyKey: key('adj') }));
    expectError(await adjust('admin', { ...body, idempotencyKey: key('adj') }), 400, 'BALANCE_INSUFFICIENT');
    expect(expectOk(await balance('customer2'))).toMatchObject({
      balance: '-5.000000',
      creditLimit: '5.000000',
    });
  });

  it('with account commission corrects a reseller’s commission, never below zero; the balance stays', async () => {
    const before = await s().app.services.ledger.balanceOf(ACME);
    const credit = expectOk(
      await adjust('admin', {
        companyId: ACME,
        account: 'commission',
        direction: 'credit',
        amount: '25.50',
        reason: 'commission of an offline deal',
        idempotencyKey: key('com'),
      }),
    );
    expect(credit.entry).toMatchObject({ account: 'commission', kind: 'adjustment', amount: '25.500000' });
    const after = await s().app.services.ledger.balanceOf(ACME);
    expect(after.commission).toBe(before.commission + 25_500_000n);
    expect(after.balance).toBe(before.balance);
    // The reseller sees it on its own balance.
    expect(expectOk(await balance('agent')).commission).toBe(formatMoney(after.commission));
    const tooMuch = {
      companyId: ACME,
      account: 'commission',
      direction: 'debit',
      amount: formatMoney(after.commission + units(1)),
      reason: 'too much',
      idempotencyKey: key('com'),
    };
    expectError(await adjust('admin', tooMuch), 400, 'BALANCE_INSUFFICIENT');
    expectFieldError(await adjust('admin', { ...tooMuch, account: 'savings' }), 'account', /account/);
    // Staff only (the permission of adjustments): the reseller itself and customers may not.
    for (const user of ['agent', 'distributor', 'agentcustomer']) {
      const res = await adjust(user, { ...tooMuch, amount: '1', idempotencyKey: key('com') });
      expect(res.status, user).toBe(403);
    }
    expect((await s().app.services.ledger.balanceOf(ACME)).commission).toBe(after.commission);
    // Taken back to what it was (other tests count Acme's commission from zero).
    expectOk(
      await adjust('admin', { ...tooMuch, amount: '25.50', reason: 'undo', idempotencyKey: key('com') }),
    );
    expect((await s().app.services.ledger.balanceOf(ACME)).commission).toBe(before.commission);
  });

  it('validates the body field by field in both languages', async () => {
    const good = {
      companyId: DIRECT,
      direction: 'credit',
      amount: '1',
      reason: 'r',
      idempotencyKey: key('v'),
    };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ amount: '1.1234567' }, 'amount', 'amount may have at most 6 decimal places', 'amount最多6位小数'],
      [{ amount: '1e3' }, 'amount', 'amount must be an amount such as 12.50', 'amount必须是金额，例如 12.50'],
      [{ amount: 12.5 }, 'amount', 'amount has the wrong type', 'amount类型错误'],
      [{ amount: '0' }, 'amount', 'amount must be greater than 0', 'amount必须大于0'],
      [{ amount: '-5' }, 'amount', 'amount must be greater than 0', 'amount必须大于0'],
      [{ amount: '2000000000' }, 'amount', 'amount must be at most 1000000000', 'amount不能超过1000000000'],
      [{ reason: '' }, 'reason', 'reason is required', 'reason不能为空'],
      [
        { idempotencyKey: 'has space' },
        'idempotencyKey',
        'idempotencyKey is invalid',
        'idempotencyKey格式不正确',
      ],
      [
        { idempotencyKey: 'k'.repeat(129) },
        'idempotencyKey',
        'idempotencyKey must be at most 128 characters',
        'idempotencyKey最多128个字符',
      ],
      [{ direction: 'sideways' }, 'direction', 'direction is invalid', 'direction格式不正确'],
      [{ companyId: undefined }, 'companyId', 'companyId is required', 'companyId不能为空'],
    ];
    for (const [change, field, en, zh] of cases) {
      expectFieldError(await adjust('admin', { ...good, ...change }), field, en);
      expectFieldError(await adjust('admin', { ...good, ...change }, ZH), field, zh);
    }
  });

  it('is for staff only, and only within their scope', async () => {
    const body = { companyId: ACME, direction: 'credit', amount: '1', reason: 'r', idempotencyKey: key('p') };
    for (const user of ['distributor', 'agent', 'customer']) {
      expectError(await adjust(user, body), 403, 'NO_OPERATION_PERMISSION');
    }
    expectError(
      await adjust('admin', { ...body, companyId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /sys/ledger/list', () => {
  beforeAll(async () => {
    const ledger = s().app.services.ledger;
    await ledger.credit(AGENCY_CLIENT, 'topup', units(10), key('top'), { reference: 'order:1' });
    await ledger.chargeBatch(AGENCY_CLIENT, [
      { amount: 3_500n, idempotencyKey: key('sms'), reference: 'sms:1' },
      { amount: 3_500n, idempotencyKey: key('sms'), reference: 'sms:2' },
    ]);
    await ledger.credit(ACME, 'topup', units(50), key('top'));
    await ledger.transfer(ACME, AGENCY_CLIENT, units(5), key('tr'));
  });

  it('shows a customer its own entries only, newest first, paged by key', async () => {
    const first = expectOk(await ledgerList('agentcustomer', { pageSize: '2' }));
    expect(first.records.map((e) => e.kind)).toEqual(['transfer_in', 'charge']);
    expect(first.records.every((e) => e.companyId === AGENCY_CLIENT)).toBe(true);
    expect(first.nextCursor).not.toBeNull();
    const rest = expectOk(await ledgerList('agentcustomer', { pageSize: '10', cursor: first.nextCursor! }));
    expect(rest.records.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['charge', '-0.003500', '9.996500'],
      ['topup', '10.000000', '10.000000'],
    ]);
    expect(rest.nextCursor).toBeNull();
    expect(first.records[0]).toMatchObject({
      amount: '5.000000',
      balanceAfter: '14.993000',
      reference: `company:${ACME}`,
    });
  });

  it('filters by company, kind and period within the caller’s scope', async () => {
    const agentView = expectOk(await ledgerList('agent', { pageSize: '50' }));
    expect(new Set(agentView.records.map((e) => e.companyId))).toEqual(new Set([ACME, AGENCY_CLIENT]));
    const charges = expectOk(await ledgerList('distributor', { companyId: AGENCY_CLIENT, kind: 'charge' }));
    expect(charges.records.map((e) => e.reference)).toEqual(['sms:2', 'sms:1']);
    const future = expectOk(await ledgerList('admin', { from: '2100-12-31' }));
    expect(future.records).toEqual([]);
    const today = expectOk(
      await ledgerList('admin', { from: new Date(Date.now() - 86_400_000).toISOString() }),
    );
    expect(today.records.length).toBeGreaterThanOrEqual(6);
    // A day filter includes its day: from=D&to=D lists the entries written on D.
    const entry = today.records[0]!;
    const day = String(entry.createdAt).slice(0, 10);
    const ofDay = expectOk(await ledgerList('admin', { from: day, to: day, pageSize: '500' }));
    expect(ofDay.records.map((e) => e.id)).toContain(entry.id);
    expectError(await ledgerList('agent', { companyId: DIRECT }), 403, 'NO_OPERATION_PERMISSION');
    expectError(await ledgerList('customer', { companyId: AGENCY_CLIENT }), 403, 'NO_OPERATION_PERMISSION');
    expect(expectOk(await ledgerList('customer2')).records.every((e) => e.companyId === TWO_WAY)).toBe(true);
  });

  it('validates its query in both languages', async () => {
    expectFieldError(await ledgerList('admin', { kind: 'gift' }), 'kind', 'kind is invalid');
    const zh = await s().call('GET', '/sys/ledger/list', {
      token: tokens.admin,
      query: { from: 'yesterday' },
      locale: ZH,
    });
    expectFieldError(zh, 'from', 'from格式不正确');
    expectFieldError(await ledgerList('admin', { cursor: '-1' }), 'cursor', 'cursor is invalid');
  });
});

describe('the ledger service', () => {
  it('charges a batch in order: covered ones posted, the rest refused, retries replayed', async () => {
    const ledger = s().app.services.ledger;
    const company = await freshCompany();
    await ledger.credit(company, 'topup', units(1), key('top'));
    const keys = [key('b'), key('b'), key('b')];
    const outcomes = await ledger.chargeBatch(company, [
      { amount: 600_000n, idempotencyKey: keys[0]! },
      { amount: 600_000n, idempotencyKey: keys[1]! },
      { amount: 400_000n, idempotencyKey: keys[2]! },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['posted', 'refused', 'posted']);
    const again = await ledger.chargeBatch(company, [
      { amount: 600_000n, idempotencyKey: keys[0]! },
      { amount: 600_000n, idempotencyKey: keys[1]! },
    ]);
    expect(again.map((o) => o.status)).toEqual(['replayed', 'refused']);
    expect((await ledger.balanceOf(company)).balance).toBe(0n);
  });

  it('refuses in a batch, one by one, keys reused for another change and unknown companies', async () => {
    const ledger = s().app.services.ledger;
    const company = await freshCompany();
    await ledger.credit(company, 'topup', units(1), 'first-topup');
    const outcomes = await ledger.post(
      [
        { companyId: company, kind: 'charge', amount: -1n, idempotencyKey: 'first-topup' },
        {
          companyId: '00000000-0000-4000-8000-000000000000',
          kind: 'charge',
          amount: -1n,
          idempotencyKey: key('x'),
        },
        { companyId: company, kind: 'charge', amount: -1n, idempotencyKey: key('x') },
      ],
      'each',
    );
    expect(outcomes.map((o) => (o.status === 'refused' ? o.reason : o.status))).toEqual([
      'IDEMPOTENCY_KEY_REUSED',
      'NOT_FOUND',
      'posted',
    ]);
  });

  it('charges many single charges at once exactly: retries replayed, the uncovered refused', async () => {
    const ledger = s().app.services.ledger;
    const company = await freshCompany();
    await ledger.credit(company, 'topup', units(1), key('top'));
    // 20 different charges of 0.10, each sent twice at once, and one key reused for another amount.
    const keys = Array.from({ length: 20 }, () => key('one'));
    const attempts = [...keys, ...keys].map((k) => ({ k, amount: 100_000n }));
    attempts.push({ k: keys[0]!, amount: 1n });
    const results = await Promise.all(
      attempts.map(async ({ k, amount }) => {
        try {
          const { replayed } = await ledger.charge(company, amount, k);
          return { k, amount, status: replayed ? 'replayed' : 'posted' };
        } catch (error) {
          return { k, amount, status: (error as { errorCode: string }).errorCode };
        }
      }),
    );
    const posted = results.filter((r) => r.status === 'posted');
    // Each key written at most once; the balance is exactly what was posted taken from 1.00, and
    // no 0.10 charge was refused while 0.10 was left (it only went down).
    expect(new Set(posted.map((r) => r.k)).size).toBe(posted.length);
    const spent = posted.reduce((sum, r) => sum + r.amount, 0n);
    const left = (await ledger.balanceOf(company)).balance;
    expect(left).toBe(units(1) - spent);
    expect(left).toBeGreaterThanOrEqual(0n);
    expect(left).toBeLessThan(100_000n);
    expect(results.filter((r) => r.status === 'BALANCE_INSUFFICIENT').length).toBeGreaterThanOrEqual(10);
    expect(results.filter((r) => r.status === 'replayed').every((r) => posted.some((p) => p.k === r.k))).toBe(
      true,
    );
    // The reused key: refused if its first use was written first, else a charge of its own.
    expect(['IDEMPOTENCY_KEY_REUSED', 'BALANCE_INSUFFICIENT', 'posted']).toContain(results.at(-1)!.status);
  });

  it('writes summed postings as one entry each: decided one by one, in order with the others', async () => {
    const ledger = s().app.services.ledger;
    const customer = await freshCompany();
    const reseller = await freshCompany();
    await ledger.credit(customer, 'topup', units(1), key('top'));
    const batch = key('batch');
    const sum = { idempotencyKey: batch, reference: 'sms-batch:x', note: (n: number) => `${n} charges` };
    const commissionSum = { idempotencyKey: `cm-${batch}`, reference: 'sms-batch:x', note: 'earned' };
    const charge = (amount: bigint) => ({
      companyId: customer,
      kind: 'charge' as const,
      amount: -amount,
      idempotencyKey: key('m'),
      sum,
    });
    const outcomes = await ledger.post(
      [
        // A plain posting before the summed ones: its own entry, first.
        { companyId: customer, kind: 'refund', amount: 50_000n, idempotencyKey: key('r') },
        charge(400_000n),
        {
          companyId: reseller,
          kind: 'commission',
          amount: 10n,
          idempotencyKey: key('c'),
          requires: 1,
          sum: commissionSum,
        },
        charge(700_000n), // not covered: refused, and so is its commission
        {
          companyId: reseller,
          kind: 'commission',
          amount: 20n,
          idempotencyKey: key('c'),
          requires: 3,
          sum: commissionSum,
        },
        charge(600_000n),
        {
          companyId: reseller,
          kind: 'commission',
          amount: 30n,
          idempotencyKey: key('c'),
          requires: 5,
          sum: commissionSum,
        },
      ],
      'each',
    );
    expect(outcomes.map((o) => (o.status === 'refused' ? o.reason : o.status))).toEqual([
      'posted',
      'posted',
      'posted',
      'BALANCE_INSUFFICIENT',
      'BALANCE_INSUFFICIENT',
      'posted',
      'posted',
    ]);
    const entryOf = (i: number) => (outcomes[i] as { entry: { id: number } }).entry;
    expect(entryOf(1)).toEqual(entryOf(5));
    expect(entryOf(2)).toEqual(entryOf(6));
    const written = await s()
      .app.database.db.select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.companyId, [customer, reseller]))
      .orderBy(ledgerEntries.companyId, ledgerEntries.seq);
    const own = written.filter((e) => e.companyId === customer);
    expect(own.map((e) => [e.seq, e.kind, e.amount, e.balanceAfter, e.idempotencyKey, e.note])).toEqual([
      [1, 'topup', units(1), units(1), own[0]!.idempotencyKey, null],
      [2, 'refund', 50_000n, 1_050_000n, own[1]!.idempotencyKey, null],
      [3, 'charge', -1_000_000n, 50_000n, batch, '2 charges'],
    ]);
    expect(own[2]!.reference).toBe('sms-batch:x');
    expect(
      written
        .filter((e) => e.companyId === reseller)
        .map((e) => [e.kind, e.amount, e.idempotencyKey, e.note]),
    ).toEqual([['commission', 40n, `cm-${batch}`, 'earned']]);
    expect((await ledger.balanceOf(customer)).balance).toBe(50_000n);
    expect((await ledger.balanceOf(reseller)).commission).toBe(40n);
    // Nothing covered: no entry at all.
    const none = await ledger.post([{ ...charge(units(5)), sum: { idempotencyKey: key('batch') } }], 'each');
    expect(none.map((o) => o.status)).toEqual(['refused']);
    // The sum's key is new or nothing is written (the unique index): never added to twice.
    await expect(ledger.post([charge(1n)], 'each')).rejects.toThrow();
    expect((await ledger.balanceOf(customer)).balance).toBe(50_000n);
    expect((await ledger.reconcile()).differences).toEqual([]);
  });

  it('refuses sums that could not be one entry: adjustments, one key for two kinds, interleaved', async () => {
    const ledger = s().app.services.ledger;
    const company = await freshCompany();
    const sum = { idempotencyKey: key('sum') };
    await expect(
      ledger.post([{ companyId: company, kind: 'adjustment', amount: 5n, idempotencyKey: key('a'), sum }]),
    ).rejects.toThrow('adjustments are not summed');
    await expect(
      ledger.post([
        { companyId: company, kind: 'topup', amount: 5n, idempotencyKey: key('a'), sum },
        { companyId: company, kind: 'refund', amount: 5n, idempotencyKey: key('a'), sum },
      ]),
    ).rejects.toThrow('names two different entries');
    await expect(
      ledger.post([
        { companyId: company, kind: 'topup', amount: 5n, idempotencyKey: sum.idempotencyKey },
        { companyId: company, kind: 'topup', amount: 5n, idempotencyKey: key('a'), sum },
      ]),
    ).rejects.toThrow('names two different entries');
    // A plain posting on the sum's account between two of its postings: the one entry could not
    // show a balance the decisions went through.
    await expect(
      ledger.post([
        { companyId: company, kind: 'topup', amount: 5n, idempotencyKey: key('a'), sum },
        { companyId: company, kind: 'refund', amount: 5n, idempotencyKey: key('a') },
        { companyId: company, kind: 'topup', amount: 5n, idempotencyKey: key('a'), sum },
      ]),
    ).rejects.toThrow('do not follow one another');
    expect((await ledger.balanceOf(company)).balance).toBe(0n);
  });

  it('moves commission on its own account and refuses payouts beyond it', async () => {
    const ledger = s().app.services.ledger;
    await ledger.post([{ companyId: ACME, kind: 'commission', amount: 1_500n, idempotencyKey: key('c') }]);
    await expect(
      ledger.post([{ companyId: ACME, kind: 'payout', amount: -1_501n, idempotencyKey: key('p') }]),
    ).rejects.toMatchObject({ errorCode: 'BALANCE_INSUFFICIENT' });
    await ledger.post([{ companyId: ACME, kind: 'payout', amount: -1_500n, idempotencyKey: key('p') }]);
    expect(expectOk(await balance('agent')).commission).toBe('0.000000');
  });

  it('refuses postings whose sign or account does not match their kind', async () => {
    const ledger = s().app.services.ledger;
    await expect(
      ledger.post([{ companyId: ACME, kind: 'charge', amount: 5n, idempotencyKey: key('x') }]),
    ).rejects.toThrow(/invalid posting/);
    await expect(
      ledger.post([
        { companyId: ACME, kind: 'topup', account: 'commission', amount: 5n, idempotencyKey: key('x') },
      ]),
    ).rejects.toThrow(/invalid posting/);
    await expect(
      ledger.post([{ companyId: ACME, kind: 'topup', amount: 5n, idempotencyKey: 'with space' }]),
    ).rejects.toThrow(/invalid idempotency key/);
    await expect(
      ledger.post([{ companyId: ACME, kind: 'topup', amount: 5n, idempotencyKey: 'k'.repeat(129) }]),
    ).rejects.toThrow(/invalid idempotency key/);
    await expect(ledger.transfer(ACME, ACME, 1n, key('x'))).rejects.toMatchObject({
      errorCode: 'TRANSFER_TO_SELF',
    });
  });

  it('records the currency with the first change and refuses to move money in another one', async () => {
    expect(await s().app.services.settings.get(CURRENCY_SETTING)).toBe('USD');
    const inEuros = new LedgerService(s().app.database.db, s().app.services, 'EUR');
    await expect(inEuros.credit(ACME, 'topup', units(1), key('eur'))).rejects.toThrow(
      /PLATFORM_CURRENCY is EUR but the ledger is kept in USD/,
    );
  });

  it('keeps the ledger append-only: the database refuses updates and deletes', async () => {
    const db = s().app.database.db;
    await expect(db.update(ledgerEntries).set({ note: 'edited' })).rejects.toThrow();
    await expect(db.delete(ledgerEntries)).rejects.toThrow();
  });

  it('closes each day once per company account', async () => {
    const ledger = s().app.services.ledger;
    const today = new Date().toISOString().slice(0, 10);
    const written = await ledger.closeDay(today);
    expect(written).toBeGreaterThan(0);
    expect(await ledger.closeDay(today)).toBe(0);
    const days = await ledger.dailyBalances(AGENCY_CLIENT);
    const closing = days.find((d) => d.day === today && d.account === 'balance');
    expect(closing?.closingBalance).toBe((await ledger.balanceOf(AGENCY_CLIENT)).balance);
  });
});

describe('reconciliation', () => {
  it('finds nothing wrong after all of the above, then reports a balance broken on purpose', async () => {
    const ledger = s().app.services.ledger;
    const clean = await ledger.reconcile();
    expect(clean.differences).toEqual([]);
    expect(clean.entries).toBeGreaterThan(5);
    const ok = await s().app.jobs.runNow('ledger.reconcile');
    expect(ok).toMatchObject({ status: 'ok', result: { differences: 0 } });

    // Someone edits a balance behind the ledger's back.
    const before = (await ledger.balanceOf(AGENCY_CLIENT)).balance;
    await s()
      .app.database.db.update(companyBalances)
      .set({ balance: sql`${companyBalances.balance} + 1` })
      .where(eq(companyBalances.companyId, AGENCY_CLIENT));
    const broken = await ledger.reconcile();
    expect(broken.differences).toEqual([
      expect.objectContaining({
        companyId: AGENCY_CLIENT,
        account: 'balance',
        balance: formatMoney(before + units(1)),
        ledgerSum: formatMoney(before),
        lastBalanceAfter: formatMoney(before),
        brokenLinks: 0,
      }),
    ]);
    const failed = await s().app.jobs.runNow('ledger.reconcile');
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain(AGENCY_CLIENT);
    const [run] = await s().app.jobs.history('ledger.reconcile', 1);
    expect(run).toMatchObject({ status: 'failed' });

    // Put right (by the ledger's own rules a correction would be an entry; here the test undoes its edit).
    await s()
      .app.database.db.update(companyBalances)
      .set({ balance: sql`${companyBalances.balance} - 1` })
      .where(eq(companyBalances.companyId, AGENCY_CLIENT));
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});

import type {
  KeysetPage,
  LoginInfo,
  OperationLogItem,
  SupportContactRecord,
  VisitDay,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDay, visitPeriod, withDefaultPeriod } from '../src/modules/logs/service';
import { fieldChanges } from '../src/platform/audit';
import { loginLog, operationLog } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { EN, eventually, expectError, expectOk, tokenOf, userId, ZH } from './support/api';

let s: TestServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
  customer = await tokenOf(s, 'customer');
});
afterAll(() => s.close());

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const dayText = (ms: number) => iso(ms).slice(0, 10);

const operations = async (query: Record<string, string> = {}) =>
  expectOk(
    await s.call<KeysetPage<OperationLogItem>>('GET', '/sys/log/operationLog', {
      token: admin,
      query: { pageSize: '500', ...query },
    }),
  );

describe('rules', () => {
  it('keeps only the fields that changed, each side, without secrets', () => {
    expect(
      fieldChanges(
        { id: 'a', name: 'Old', sort: 1, tags: ['x'], passwordHash: 'h1', at: new Date(0), big: 1n },
        { id: 'a', name: 'New', sort: 1, tags: ['x', 'y'], passwordHash: 'h2', at: new Date(0), big: 2n },
      ),
    ).toEqual({
      before: { name: 'Old', tags: ['x'], big: '1' },
      after: { name: 'New', tags: ['x', 'y'], big: '2' },
    });
    expect(fieldChanges({ a: 1 }, { a: 1, b: null })).toEqual({ before: {}, after: {} });
    expect(fieldChanges({ a: 1 }, { b: 2 })).toEqual({ before: { a: 1, b: null }, after: { a: null, b: 2 } });
    expect(fieldChanges(null, { a: 1 })).toBeNull();
  });

  it('defaults a list to the current UTC day, and a visit query to the past 7 days', () => {
    const now = new Date('2026-05-10T15:30:00Z');
    expect(startOfDay(now).toISOString()).toBe('2026-05-10T00:00:00.000Z');
    expect(withDefaultPeriod({ username: 'x' }, now)).toEqual({ username: 'x', from: startOfDay(now) });
    const from = new Date('2026-01-01T00:00:00Z');
    expect(withDefaultPeriod({ from }, now)).toEqual({ from });
    const week = visitPeriod({}, now);
    expect([week.from.toISOString(), week.to.toISOString()]).toEqual([
      '2026-05-04T00:00:00.000Z',
      '2026-05-10T00:00:00.000Z',
    ]);
    expect(() => visitPeriod({ from: '2026-05-11', to: '2026-05-10' }, now)).toThrow();
    expect(() => visitPeriod({ from: '2024-01-01', to: '2026-05-10' }, now)).toThrow();
  });
});

describe('before and after in the operation log', () => {
  it('records the changed fields of a resource edit (the shared edit route)', async () => {
    const added = expectOk(
      await s.call<SupportContactRecord>('POST', '/sys/supportContact/add', {
        token: admin,
        body: { name: 'Before Name', telegram: '@before_name', sort: 3, enabled: true },
      }),
    );
    expectOk(
      await s.call('PUT', '/sys/supportContact/edit', {
        token: admin,
        body: { id: added.id, name: 'After Name', telegram: '@before_name', sort: 3, enabled: false },
      }),
    );
    const row = await eventually(async () => {
      const found = (await operations({ username: 'admin' })).records.find(
        (r) => r.route === '/api/sys/supportContact/edit',
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(row.before).toEqual({ name: 'Before Name', enabled: true });
    expect(row.after).toEqual({ name: 'After Name', enabled: false });
    // An add has nothing before: nothing recorded.
    const add = (await operations({ username: 'admin' })).records.find(
      (r) => r.route === '/api/sys/supportContact/add',
    );
    expect(add?.before).toBeNull();
  });

  it('records nothing as changed when an edit is refused', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await s.call('PUT', '/sys/supportContact/edit', {
      token: admin,
      body: { id: missing, name: 'X', telegram: '@nobody_here', sort: 0, enabled: true },
    });
    expect(res.status).toBe(404);
    const row = await eventually(async () => {
      const found = (await operations({ username: 'admin' })).records.find((r) => r.statusCode === 404);
      expect(found).toBeDefined();
      return found!;
    });
    expect([row.before, row.after]).toEqual([null, null]);
  });

  it('records a profile edit (a hand-written route) with the old and new name', async () => {
    const token = await tokenOf(s, 'distributor');
    const was = expectOk(await s.call<{ realname: string }>('GET', '/sys/user/profile', { token }));
    expectOk(await s.call('PUT', '/sys/user/profile', { token, body: { realname: 'Renamed Distributor' } }));
    const row = await eventually(async () => {
      const found = (await operations({ username: 'distributor' })).records.find(
        (r) => r.route === '/api/sys/user/profile',
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(row.before).toMatchObject({ realname: was.realname });
    expect(row.after).toMatchObject({ realname: 'Renamed Distributor' });
    expect(row.userId).toBe(userId('distributor'));
  });

  it('records a job’s schedule change (a hand-written edit) before and after', async () => {
    const name = 'logs.operationLog.purge';
    expectOk(
      await s.call('PUT', '/sys/quartzJob/edit', { token: admin, body: { name, schedule: '35 3 * * *' } }),
    );
    const row = await eventually(async () => {
      const found = (await operations({ username: 'admin' })).records.find(
        (r) => r.route === '/api/sys/quartzJob/edit',
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(row.before).toMatchObject({ schedule: '30 3 * * *' });
    expect(row.after).toMatchObject({ schedule: '35 3 * * *' });
  });
});

describe('current day by default', () => {
  it('lists only today’s rows unless a period is given', async () => {
    const db = s.app.database.db;
    const old = new Date(Date.now() - 3 * DAY);
    await db.insert(operationLog).values({
      username: 'old-op',
      method: 'PUT',
      route: '/api/old',
      statusCode: 200,
      ip: '192.0.2.9',
      durationMs: 1,
      createdAt: old,
    });
    await db.insert(loginLog).values({ username: 'old-op', success: true, ip: '192.0.2.9', createdAt: old });
    expect((await operations({ username: 'old-op' })).records).toEqual([]);
    const within = { from: iso(Date.now() - 4 * DAY), to: iso(Date.now()) };
    expect((await operations({ username: 'old-op', ...within })).records).toHaveLength(1);
    const logins = (query: Record<string, string>) =>
      s.call<KeysetPage<unknown>>('GET', '/sys/log/loginLog', {
        token: admin,
        query: { username: 'old-op', ...query },
      });
    expect(expectOk(await logins({})).records).toEqual([]);
    expect(expectOk(await logins(within)).records).toHaveLength(1);
    // A day filter includes its day: from=D&to=D lists the rows of D.
    const day = old.toISOString().slice(0, 10);
    expect((await operations({ username: 'old-op', from: day, to: day })).records).toHaveLength(1);
    expect(expectOk(await logins({ from: day, to: day })).records).toHaveLength(1);
  });
});

describe('GET /sys/loginfo and /sys/visitInfo', () => {
  it('counts successful sign-ins per UTC day, distinct users and addresses, zero days included', async () => {
    const db = s.app.database.db;
    // Two days well in the past, so the test's own sign-ins do not count.
    const d1 = startOfDay(new Date(Date.now() - 40 * DAY)).getTime();
    const d2 = d1 + 2 * DAY;
    const at = (day: number, hour: number) => new Date(day + hour * 3_600_000);
    await db.insert(loginLog).values([
      { username: 'v1', userId: userId('admin'), success: true, ip: '198.51.100.1', createdAt: at(d1, 1) },
      { username: 'v1', userId: userId('admin'), success: true, ip: '198.51.100.2', createdAt: at(d1, 23) },
      { username: 'v2', userId: userId('agent'), success: true, ip: '198.51.100.1', createdAt: at(d1, 12) },
      // A failure is no visit.
      { username: 'v2', userId: userId('agent'), success: false, ip: '198.51.100.3', createdAt: at(d1, 13) },
      { username: 'v3', userId: userId('customer'), success: true, ip: '198.51.100.4', createdAt: at(d2, 0) },
    ]);
    const days = expectOk(
      await s.call<VisitDay[]>('GET', '/sys/visitInfo', {
        token: admin,
        query: { from: dayText(d1 - DAY), to: dayText(d2) },
      }),
    );
    expect(days).toEqual([
      { day: dayText(d1 - DAY), visits: 0, users: 0, ips: 0 },
      { day: dayText(d1), visits: 3, users: 2, ips: 2 },
      { day: dayText(d1 + DAY), visits: 0, users: 0, ips: 0 },
      { day: dayText(d2), visits: 1, users: 1, ips: 1 },
    ]);
    // By default the past 7 days up to today: today has the sign-ins of this test.
    const week = expectOk(await s.call<VisitDay[]>('GET', '/sys/visitInfo', { token: admin }));
    expect(week.map((d) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => dayText(startOfDay(new Date()).getTime() - (6 - i) * DAY)),
    );
    expect(week.at(-1)!.visits).toBeGreaterThanOrEqual(2);
  });

  it('refuses a period backwards or too long, in the caller’s language', async () => {
    for (const locale of [EN, ZH]) {
      const res = await s.call('GET', '/sys/visitInfo', {
        token: admin,
        locale,
        query: { from: '2026-05-10', to: '2026-05-01' },
      });
      expectError(res, 400, 'VISIT_PERIOD_INVALID', { locale, params: { days: 366 } });
    }
    for (const from of ['yesterday', '0000-01-01', '2026-02-30x']) {
      const bad = await s.call('GET', '/sys/visitInfo', { token: admin, query: { from } });
      expect([bad.status, bad.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('gives today’s and all successful sign-ins, and today’s distinct addresses', async () => {
    const before = expectOk(await s.call<LoginInfo>('GET', '/sys/loginfo', { token: admin }));
    await tokenOf(s, 'agent', { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    await tokenOf(s, 'agent', { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    const after = expectOk(await s.call<LoginInfo>('GET', '/sys/loginfo', { token: admin }));
    expect(after.todayVisitCount - before.todayVisitCount).toBe(2);
    expect(after.totalVisitCount - before.totalVisitCount).toBe(2);
    expect(after.todayIp).toBeGreaterThanOrEqual(1);
    expect(after.totalVisitCount).toBeGreaterThanOrEqual(after.todayVisitCount);
  });

  it('is refused to a customer', async () => {
    for (const path of ['/sys/loginfo', '/sys/visitInfo', '/sys/log/loginLog/exportXls']) {
      expectError(await s.call('GET', path, { token: customer }), 403, 'NO_OPERATION_PERMISSION');
    }
  });
});

describe('GET /sys/log/*/exportXls', () => {
  async function download(path: string, query: Record<string, string>, locale = EN) {
    const response = await fetch(`${s.baseUrl}/api${path}?${new URLSearchParams(query)}`, {
      headers: { 'X-Access-Token': admin, 'X-Locale': locale },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }
  /**
   * Exactly the longest window allowed: one clock reading, or a millisecond between two makes it
   * longer. The end instant is included to its millisecond, so the window ends 1 ms after it.
   */
  const week = () => {
    const now = Date.now();
    return { from: iso(now - 7 * DAY + 60_000), to: iso(now + 60_000 - 1) };
  };

  it('refuses a period longer than a week, or none', async () => {
    for (const path of ['/sys/log/loginLog/exportXls', '/sys/log/operationLog/exportXls']) {
      const queries: Record<string, string>[] = [
        {},
        { from: iso(Date.now() - 8 * DAY), to: iso(Date.now()) },
      ];
      for (const query of queries) {
        const res = await s.call('GET', path, { token: admin, query, locale: ZH });
        expectError(res, 400, 'EXPORT_WINDOW_REQUIRED', { locale: ZH, params: { days: 7 } });
      }
    }
  });

  it('refuses a period before the past week, in the caller’s language', async () => {
    for (const path of ['/sys/log/loginLog/exportXls', '/sys/log/operationLog/exportXls']) {
      const res = await s.call('GET', path, {
        token: admin,
        query: { from: iso(Date.now() - 10 * DAY), to: iso(Date.now() - 8 * DAY) },
        locale: ZH,
      });
      expectError(res, 400, 'SMS_EXPORT_PAST_WEEK', { locale: ZH, params: { days: 7 } });
    }
  });

  it('streams the week’s rows as .xlsx with headers in the caller’s language', async () => {
    await tokenOf(s, 'agent');
    const { status, type, bytes } = await download(
      '/sys/log/loginLog/exportXls',
      { ...week(), username: 'agent' },
      ZH,
    );
    expect(status).toBe(200);
    expect(type).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('用户名');
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(2).value).toBe('agent');

    const ops = await download('/sys/log/operationLog/exportXls', week());
    expect(ops.status).toBe(200);
    const opsBook = new ExcelJS.Workbook();
    await opsBook.xlsx.load(ops.bytes as unknown as ExcelJS.Buffer);
    const header = (opsBook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Before', 'After', 'Route']));
  });
});

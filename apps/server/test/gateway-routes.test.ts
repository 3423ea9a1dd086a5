import {
  type Envelope,
  GATEWAY_STATE_MESSAGE,
  type Gateway,
  type GatewayOption,
  type GatewayState,
  type ImportResult,
  type Locale,
  type Page,
  XLSX_MIME,
} from '@switchboard/contracts';
import { type Smsc, startSmsc } from '@switchboard/smsc-sim';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoGatewayId } from '../src/modules/gateway/demo';
import { GatewayManager } from '../src/modules/gateway/manager';
import { startServer, type TestServer } from './harness';
import { EN, expectError, expectFieldError, expectOk, text, tokenOf, ZH } from './support/api';

/** The gateway routes over real HTTP: staff only, bilingual validation, the password write-only. */

let s: TestServer;
let admin: string;
let run = 0;
const name = () => `gw${++run}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
});
afterAll(() => s.close());

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: name(),
  host: 'smsc.example.com',
  port: 2775,
  systemId: 'acct1',
  password: 'pw123',
  ...overrides,
});

const add = async (body: Record<string, unknown>) =>
  expectOk(await s.call<Gateway>('POST', '/sms/gateway/add', { token: admin, body }));

/** The password as stored, opened (the service's own view; never answered over HTTP). */
async function storedPassword(id: string) {
  const row = await s.app.services.gateways.get(id);
  return (await s.app.services.gateways.clientConfig(row!))?.password;
}

describe('access', () => {
  it('is for staff only', async () => {
    for (const user of ['customer', 'agent', 'distributor', 'sales']) {
      const token = await tokenOf(s, user);
      for (const [method, path] of [
        ['GET', '/sms/gateway/list'],
        ['GET', '/sms/gateway/state'],
        ['GET', '/sys/smsGateway/list'],
        ['POST', '/sms/gateway/add'],
        ['POST', '/sms/gateway/copy'],
        ['GET', '/sms/gateway/exportXls'],
      ] as const) {
        const res = await s.call(method, path, { token, body: method === 'POST' ? settings() : undefined });
        expect(res.status, `${user} ${path}`).toBe(403);
      }
    }
    expect((await s.call('GET', '/sms/gateway/list')).status).toBe(401);
  });
});

describe('add, edit, copy, delete', () => {
  it('adds with defaults and never answers the password', async () => {
    const body = settings({ errorMap: { '0x0B': 'rejected' } });
    const res = await s.call<Gateway>('POST', '/sms/gateway/add', { token: admin, body });
    const gateway = expectOk(res);
    expect(JSON.stringify(res.body)).not.toContain('pw123');
    expect(gateway).not.toHaveProperty('password');
    expect(gateway).toMatchObject({
      name: body.name,
      enabled: true,
      bindMode: 'transceiver',
      binds: 1,
      windowSize: 10,
      tps: 0,
      submitIdFormat: 'hex',
      receiptIdFormat: 'hex',
      errorMap: { '0x0b': 'rejected' },
    });
    const byId = await s.call<Gateway>('GET', '/sms/gateway/queryById', {
      token: admin,
      query: { id: gateway.id },
    });
    expect(JSON.stringify(byId.body)).not.toContain('pw123');
    const page = expectOk(
      await s.call<Page<Gateway>>('GET', '/sms/gateway/list', { token: admin, query: { name: body.name } }),
    );
    expect(page.records.map((r) => r.id)).toEqual([gateway.id]);
    expect(JSON.stringify(page)).not.toMatch(/pw123|"password"/);
    // Sealed at rest, opened by the service only.
    const row = await s.app.services.gateways.get(gateway.id);
    expect(row?.password.startsWith('v1.')).toBe(true);
    expect(await storedPassword(gateway.id)).toBe('pw123');
  });

  it('answers validation problems in both languages', async () => {
    const cases: [Record<string, unknown>, string, (l: Locale) => string][] = [
      [{ port: 70000 }, 'port', (l) => text('NUMBER_TOO_LARGE', l, { field: 'port', max: 65535 })],
      [{ windowSize: 0 }, 'windowSize', (l) => text('NUMBER_TOO_SMALL', l, { field: 'windowSize', min: 1 })],
      [{ host: 'no such host!' }, 'host', (l) => text('GATEWAY_HOST_INVALID', l, { field: 'host' })],
      [{ password: '' }, 'password', (l) => text('FIELD_REQUIRED', l, { field: 'password' })],
      [
        { systemId: 'x'.repeat(16) },
        'systemId',
        (l) => text('FIELD_TOO_LONG', l, { field: 'systemId', max: 15 }),
      ],
      [
        { reconnectSeconds: 30, reconnectMaxSeconds: 5 },
        'reconnectMaxSeconds',
        (l) => text('GATEWAY_RECONNECT_RANGE', l),
      ],
      [{ errorMap: { abc: 'rejected' } }, 'errorMap.abc', (l) => text('GATEWAY_ERROR_CODE_INVALID', l)],
      [{ errorMap: { '001': 'gone' } }, 'errorMap.001', (l) => text('GATEWAY_ERROR_STATUS_INVALID', l)],
      [{ bindMode: 'receiver' }, 'bindMode', (l) => text('FIELD_INVALID', l, { field: 'bindMode' })],
    ];
    for (const [input, field, message] of cases) {
      for (const locale of [EN, ZH]) {
        const res = await s.call('POST', '/sms/gateway/add', { token: admin, body: settings(input), locale });
        expectFieldError(res, field, message(locale));
      }
    }
    expect(text('GATEWAY_RECONNECT_RANGE', ZH)).toBe('最长重连间隔不能小于首次重连间隔');
  });

  it('refuses a name taken in any case, in both languages', async () => {
    const first = await add(settings());
    for (const locale of [EN, ZH]) {
      const res = await s.call('POST', '/sms/gateway/add', {
        token: admin,
        body: settings({ name: first.name.toUpperCase() }),
        locale,
      });
      expectError(res, 409, 'GATEWAY_NAME_TAKEN', { locale });
    }
  });

  it('edits: an empty password keeps the stored one, a new one replaces it', async () => {
    const gateway = await add(settings());
    const edited = expectOk(
      await s.call<Gateway>('PUT', '/sms/gateway/edit', {
        token: admin,
        body: { ...settings({ name: gateway.name, port: 2800, tps: 50 }), id: gateway.id, password: '' },
      }),
    );
    expect(edited).toMatchObject({ port: 2800, tps: 50 });
    expect(await storedPassword(gateway.id)).toBe('pw123');
    expectOk(
      await s.call('PUT', '/sms/gateway/edit', {
        token: admin,
        body: { ...settings({ name: gateway.name }), id: gateway.id, password: 'newpw' },
      }),
    );
    expect(await storedPassword(gateway.id)).toBe('newpw');
    const missing = await s.call('PUT', '/sms/gateway/edit', {
      token: admin,
      body: { ...settings(), id: '00000000-0000-4000-8000-00000000abcd' },
      locale: ZH,
    });
    expectError(missing, 404, 'GATEWAY_NOT_FOUND', { locale: ZH });
  });

  it('copies every setting and the password under a new name, disabled', async () => {
    const gateway = await add(settings({ tps: 77, bindMode: 'pair', binds: 3 }));
    const copyName = name();
    const copy = expectOk(
      await s.call<Gateway>('POST', '/sms/gateway/copy', {
        token: admin,
        body: { id: gateway.id, name: copyName },
      }),
    );
    expect(copy).toMatchObject({ name: copyName, enabled: false, tps: 77, bindMode: 'pair', binds: 3 });
    expect(copy.id).not.toBe(gateway.id);
    expect(await storedPassword(copy.id)).toBe('pw123');
    expectError(
      await s.call('POST', '/sms/gateway/copy', { token: admin, body: { id: gateway.id, name: copyName } }),
      409,
      'GATEWAY_NAME_TAKEN',
    );
  });

  it('deletes one or several, all or none, and refuses while another module uses one', async () => {
    const a = await add(settings());
    const b = await add(settings());
    const c = await add(settings());
    expectOk(await s.call('DELETE', '/sms/gateway/delete', { token: admin, query: { id: a.id } }));
    expectError(
      await s.call('DELETE', '/sms/gateway/deleteBatch', { token: admin, query: { ids: `${a.id},${b.id}` } }),
      404,
      'GATEWAY_NOT_FOUND',
    );
    s.app.services.gateways.registerUsageCheck(async (row) => (row.id === c.id ? '2 routes' : null));
    const refused = await s.call('DELETE', '/sms/gateway/deleteBatch', {
      token: admin,
      query: { ids: `${b.id},${c.id}` },
      locale: ZH,
    });
    expectError(refused, 409, 'GATEWAY_IN_USE', { locale: ZH, params: { name: c.name, usage: '2 routes' } });
    expect(await s.app.services.gateways.get(b.id)).toBeDefined();
    const deleted = expectOk(
      await s.call<{ deleted: number }>('DELETE', '/sms/gateway/deleteBatch', {
        token: admin,
        query: { ids: b.id },
      }),
    );
    expect(deleted.deleted).toBe(1);
  });

  it('lists options for selects, the demo gateways included', async () => {
    const options = expectOk(await s.call<GatewayOption[]>('GET', '/sys/smsGateway/list', { token: admin }));
    expect(options).toContainEqual({ id: demoGatewayId('demo-smsc'), name: 'demo-smsc', enabled: true });
    expect(options.every((o) => Object.keys(o).sort().join() === 'enabled,id,name')).toBe(true);
  });
});

describe('export and import', () => {
  async function upload(filename: string, content: string, locale: Locale = EN) {
    const form = new FormData();
    form.append('file', new Blob([content]), filename);
    const response = await fetch(`${s.baseUrl}/api/sms/gateway/importExcel`, {
      method: 'POST',
      headers: { 'X-Access-Token': admin, 'X-Locale': locale },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Envelope<ImportResult> };
  }

  it('exports without passwords, headers in the caller’s language', async () => {
    const gateway = await add(settings({ errorMap: { '001': 'rejected' } }));
    const response = await fetch(`${s.baseUrl}/api/sms/gateway/exportXls?name=${gateway.name}`, {
      headers: { 'X-Access-Token': admin, 'X-Locale': ZH },
    });
    expect(response.headers.get('content-type')).toBe(XLSX_MIME);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('名称');
    expect(rows[0]).not.toContain('密码');
    expect(rows[1]).toContain(gateway.name);
    expect(rows[1]).toContain('{"001":"rejected"}');
    expect(JSON.stringify(rows)).not.toContain('pw123');
  });

  it('imports rows with their passwords, all or none, naming bad rows in the caller’s language', async () => {
    const [n1, n2] = [name(), name()];
    const good = `name,host,port,systemId,password,bindMode,errorMap\n${n1},10.0.0.1,2775,a1,p1,pair,"{""0x0b"":""rejected""}"\n${n2},10.0.0.2,2776,a2,p2,transceiver,\n`;
    const ok = await upload('gateways.csv', good);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.imported).toBe(2);
    const page = expectOk(
      await s.call<Page<Gateway>>('GET', '/sms/gateway/list', { token: admin, query: { name: n1 } }),
    );
    expect(page.records[0]).toMatchObject({ bindMode: 'pair', errorMap: { '0x0b': 'rejected' } });
    expect(await storedPassword(page.records[0]!.id)).toBe('p1');

    const bad = `名称,主机,端口,系统ID,密码\n${n1},10.0.0.3,2775,a3,p3\n${name()},10.0.0.4,99999,a4,p4\n`;
    const refused = await upload('gateways.csv', bad, ZH);
    expect(refused.status).toBe(400);
    expect(refused.body.result.imported).toBe(0);
    expect(refused.body.result.errors.map((e) => [e.row, e.field])).toEqual(
      expect.arrayContaining([[3, 'port']]),
    );
  });
});

/** Only the test's own gateway binds: the demo ones (and earlier tests') point nowhere useful. */
async function disableOthers(keep: string) {
  for (const row of await s.app.services.gateways.allRows()) {
    if (row.id !== keep && row.enabled) await s.app.services.gateways.setEnabled(row.id, false);
  }
}

describe('live state', () => {
  it('binds enabled gateways in a worker, shows bound/down/bound as the simulator stops and restarts', async () => {
    const smsc: Smsc = await startSmsc({ accounts: [{ systemId: 'live1', password: 'pw123' }] });
    let restarted: Smsc | undefined;
    const published: GatewayState[] = [];
    const publish = vi.spyOn(s.app.platform.realtime, 'publish');
    publish.mockImplementation(async (_target, message) => {
      if (message.msgId === GATEWAY_STATE_MESSAGE) published.push(JSON.parse(message.msgTxt) as GatewayState);
    });
    // Only this test's gateway binds: the others (demo ones too) are disabled meanwhile.
    const gateway = await add(
      settings({
        host: '127.0.0.1',
        port: smsc.port,
        systemId: 'live1',
        binds: 2,
        reconnectSeconds: 1,
        reconnectMaxSeconds: 1,
      }),
    );
    await disableOthers(gateway.id);
    const manager = new GatewayManager(s.app.services.gateways, s.app.platform);
    const stateOf = async () => {
      const states = expectOk(await s.call<GatewayState[]>('GET', '/sms/gateway/state', { token: admin }));
      return states.find((st) => st.gatewayId === gateway.id)!;
    };
    try {
      await manager.start();
      await vi.waitFor(
        async () => expect(await stateOf()).toMatchObject({ state: 'bound', bound: 2, binds: 2 }),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
      expect(s.app.services.gateways.ready()).toContain(gateway.id);
      expect(smsc.bindList().filter((b) => b.systemId === 'live1')).toHaveLength(2);
      expect(published.some((p) => p.gatewayId === gateway.id && p.state === 'bound')).toBe(true);
      const outcome = await s.app.services.gateways.submit(gateway.id, {
        messageId: crypto.randomUUID(),
        from: null,
        to: '8613800138000',
        text: 'through the manager',
        registeredDelivery: false,
      });
      expect(outcome.ok).toBe(true);

      const port = smsc.port;
      await smsc.stop();
      await vi.waitFor(async () => expect((await stateOf()).state).toBe('down'), {
        timeout: 10_000,
        interval: 100,
      });
      expect((await stateOf()).lastError).toBeTruthy();
      expect(published.some((p) => p.gatewayId === gateway.id && p.state === 'down')).toBe(true);
      restarted = await startSmsc({ port, accounts: [{ systemId: 'live1', password: 'pw123' }] });
      await vi.waitFor(async () => expect(await stateOf()).toMatchObject({ state: 'bound', bound: 2 }), {
        timeout: 10_000,
        interval: 100,
      });

      // Disabling re-binds (here: unbinds) at once through the cache bus.
      expectOk(
        await s.call('PUT', '/sms/gateway/edit', {
          token: admin,
          body: {
            ...settings({ name: gateway.name, host: '127.0.0.1', port, systemId: 'live1' }),
            id: gateway.id,
            enabled: false,
          },
        }),
      );
      await vi.waitFor(
        () => expect(restarted!.bindList().filter((b) => b.systemId === 'live1')).toHaveLength(0),
        {
          timeout: 10_000,
        },
      );
      expect((await stateOf()).state).toBe('disabled');
      expect(s.app.services.gateways.ready()).not.toContain(gateway.id);
    } finally {
      await manager.stop();
      publish.mockRestore();
      await smsc.stop();
      await restarted?.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'two worker processes on one PostgreSQL never bind the same slot (advisory locks)',
    async () => {
      const smsc = await startSmsc({ accounts: [{ systemId: 'lock1', password: 'pw123' }] });
      const gateway = await add(
        settings({ host: '127.0.0.1', port: smsc.port, systemId: 'lock1', binds: 3, reconnectSeconds: 1 }),
      );
      await disableOthers(gateway.id);
      // A second process: its own core (services, pub/sub, lock connection) on the same database.
      const { buildCore } = await import('../src/app');
      const { loadConfig } = await import('../src/platform/config');
      const { openDatabase } = await import('../src/platform/db');
      const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
      const other = await buildCore({
        config: { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: s.databaseUrl },
        database,
        logger: false,
        eventsChannel: s.eventsChannel,
      });
      const first = new GatewayManager(s.app.services.gateways, s.app.platform);
      const second = new GatewayManager(other.services.gateways, other.platform);
      try {
        await Promise.all([first.start(), second.start()]);
        await vi.waitFor(() => expect(smsc.bindList().filter((b) => b.mode)).toHaveLength(3), {
          timeout: 10_000,
        });
        const slots = [
          ...(first.clientOf(gateway.id)?.slotIndexes() ?? []),
          ...(second.clientOf(gateway.id)?.slotIndexes() ?? []),
        ].sort();
        expect(slots).toEqual([0, 1, 2]);
        // One process goes: the other takes its slots at its next sync.
        await first.stop();
        await second.requestSync();
        await vi.waitFor(() => expect(second.clientOf(gateway.id)?.slotIndexes().sort()).toEqual([0, 1, 2]), {
          timeout: 10_000,
        });
        await vi.waitFor(() => expect(smsc.bindList().filter((b) => b.mode)).toHaveLength(3), {
          timeout: 10_000,
        });
      } finally {
        await first.stop();
        await second.stop();
        await other.close();
        await database.close();
        await smsc.stop();
      }
    },
  );
});

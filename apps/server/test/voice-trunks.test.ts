import type {
  AnnouncementsByUser,
  Locale,
  Page,
  SipAccount,
  Trunk,
  TrunkState,
  VoiceRoute,
  VoiceRouteTest,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEMO_TRUNK,
  type TrunkCheck,
  TrunkMonitor,
  type TrunkProbe,
  type TrunkTarget,
} from '../src/modules/trunk';
import type { Platform } from '../src/platform/module';
import {
  DIRECT,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  TWO_WAY,
  text,
  uniqueName,
  ZH,
} from './support/api';
import { apiSuite } from './support/suite';
import { addTrunk } from './support/voice';

/**
 * Voice trunks, SIP accounts and voice routes (issue 23) over HTTP: staff only, the SIP password
 * sealed and never answered, the rules between a trunk's fields in both languages, routing with
 * failover order (`routeCall` and the route tester), deletions refused while in use, and the live
 * state kept by the TrunkMonitor (with a probe written here in place of the SIP engine), pushed
 * calls-up counts and the operators' notices when a trunk goes down and comes back.
 */

const { s, tokens, call } = apiSuite(['admin', 'sales', 'agent', 'customer']);
const unique = (label: string) => uniqueName(label, '-');

/** A trunk (staff's) at a carrier that is never called here. */
const newTrunk = (body: Record<string, unknown> = {}) =>
  addTrunk(s(), tokens.admin!, { host: 'sip.example.net', port: 5060, ...body });
const addSipAccount = async (body: Record<string, unknown> = {}) =>
  expectOk(
    await call<SipAccount>('admin', 'POST', '/sys/fsAccount/add', {
      body: { username: unique('acct'), password: 'Secret-1', realm: 'carrier.example', ...body },
    }),
  );

describe('SIP accounts', () => {
  it('seals the password, never answers it, keeps it on an edit without one', async () => {
    const account = await addSipAccount({ password: 'Hunter22' });
    expect(account).not.toHaveProperty('password');
    expect(JSON.stringify(account)).not.toContain('Hunter22');
    const trunk = await newTrunk({ authMode: 'register', sipAccountId: account.id });
    const before = await s().app.services.trunks.targetOf(trunk.id);
    expect(before?.auth).toEqual({
      username: account.username,
      password: 'Hunter22',
      realm: 'carrier.example',
      expiresS: 3600,
    });
    const edited = expectOk(
      await call<SipAccount>('admin', 'PUT', '/sys/fsAccount/edit', {
        body: { id: account.id, username: account.username, realm: null, expiresS: 600 },
      }),
    );
    expect(edited).toMatchObject({ realm: null, expiresS: 600, trunks: 1 });
    expect((await s().app.services.trunks.targetOf(trunk.id))?.auth?.password).toBe('Hunter22');
    const list = expectOk(
      await call<Page<SipAccount>>('admin', 'GET', '/sys/fsAccount/list', {
        query: { username: account.username },
      }),
    );
    expect(list.records.map((r) => r.id)).toEqual([account.id]);
    expect(JSON.stringify(list)).not.toContain('Hunter22');
    // In use by the trunk: refused, naming it.
    expectError(
      await call('admin', 'DELETE', '/sys/fsAccount/delete', { query: { id: account.id } }),
      409,
      'SIP_ACCOUNT_IN_USE',
      {
        params: { name: account.username, usage: trunk.name },
      },
    );
  });

  it('refuses a bad username in both languages and a repeated username and realm', async () => {
    const res = await call('admin', 'POST', '/sys/fsAccount/add', {
      body: { username: 'bad user', password: 'x' },
      locale: ZH,
    });
    expectFieldError(res, 'username', text('SIP_USERNAME_INVALID', ZH));
    const account = await addSipAccount();
    expectError(
      await call('admin', 'POST', '/sys/fsAccount/add', {
        body: { username: account.username, password: 'y', realm: 'carrier.example' },
      }),
      409,
      'SIP_ACCOUNT_TAKEN',
    );
  });
});

describe('trunks', () => {
  it('validates ports, codecs and the rules between fields, in both languages', async () => {
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', { body: { name: unique('t'), host: 'h', port: 0 } }),
      'port',
      /1/,
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: unique('t'), host: 'h', port: 65_536 },
      }),
      'port',
      /65535/,
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: unique('t'), host: 'h', authMode: 'register' },
        locale: ZH,
      }),
      'sipAccountId',
      text('TRUNK_SIP_ACCOUNT_REQUIRED', ZH),
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: unique('t'), host: 'h', codecs: ['PCMA', 'PCMA'] },
      }),
      'codecs',
      text('TRUNK_CODEC_DUPLICATE', EN),
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', { body: { name: unique('t'), host: 'h', codecs: [] } }),
      'codecs',
      text('TRUNK_CODECS_REQUIRED', EN),
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: unique('t'), host: 'h', callerIdRule: 'fixed' },
        locale: ZH,
      }),
      'fixedCallerId',
      text('TRUNK_FIXED_CALLER_REQUIRED', ZH),
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/trunk/add', { body: { name: unique('t'), host: 'bad host!' } }),
      'host',
      text('TRUNK_HOST_INVALID', EN),
    );
    expectError(
      await call('admin', 'POST', '/voip/trunk/add', {
        body: { name: unique('t'), host: 'h', authMode: 'register', sipAccountId: crypto.randomUUID() },
      }),
      400,
      'SIP_ACCOUNT_NOT_FOUND',
    );
  });

  it('adds, edits (keeping only the chosen rule’s setting) and refuses a repeated name', async () => {
    const trunk = await newTrunk({
      transport: 'tcp',
      codecs: ['PCMA', 'PCMU'],
      maxCalls: 120,
      cps: 25,
      callerIdRule: 'strip_prefix',
      stripPrefix: '+00',
      fixedCallerId: '123456',
    });
    expect(trunk).toMatchObject({
      transport: 'tcp',
      codecs: ['PCMA', 'PCMU'],
      maxCalls: 120,
      cps: 25,
      callerIdRule: 'strip_prefix',
      stripPrefix: '00',
      fixedCallerId: null,
      enabled: true,
    });
    const edited = expectOk(
      await call<Trunk>('admin', 'PUT', '/voip/trunk/edit', {
        body: { ...trunk, callerIdRule: 'fixed', fixedCallerId: '4420700000009', remark: 'edited' },
      }),
    );
    expect(edited).toMatchObject({
      callerIdRule: 'fixed',
      fixedCallerId: '4420700000009',
      stripPrefix: null,
    });
    const target = (await s().app.services.trunks.targetOf(trunk.id))!;
    expect(await s().app.services.trunks.callerIdFor(target, '8613800138000', 'task-1')).toBe(
      '4420700000009',
    );
    expectError(
      await call('admin', 'POST', '/voip/trunk/add', { body: { name: trunk.name.toUpperCase(), host: 'h' } }),
      409,
      'TRUNK_NAME_TAKEN',
    );
  });

  it('is staff only: resellers, customers and sales are refused', async () => {
    for (const user of ['agent', 'customer', 'sales']) {
      for (const path of [
        '/voip/trunk/list',
        '/sys/fsAccount/list',
        '/voip/route/list',
        '/voip/trunk/state',
      ]) {
        const res = await call(user, 'GET', path);
        expect(res.status, `${user} ${path}`).toBe(403);
      }
      expect(
        (await call(user, 'POST', '/voip/trunk/add', { body: { name: unique('x'), host: 'h' } })).status,
      ).toBe(403);
    }
  });

  it('seeds the demo trunk to the simulator and a route of every number to it', async () => {
    const demo = expectOk(
      await call<Trunk>('admin', 'GET', '/voip/trunk/queryById', { query: { id: DEMO_TRUNK.trunkId } }),
    );
    expect(demo).toMatchObject({
      name: 'demo-sip',
      host: '127.0.0.1',
      port: 5070,
      transport: 'udp',
      enabled: true,
    });
    const tested = expectOk(
      await call<VoiceRouteTest>('admin', 'GET', '/voip/route/test', {
        query: { to: '+1 202 555 0143', companyId: TWO_WAY },
      }),
    );
    expect(tested).toMatchObject({ routeId: DEMO_TRUNK.routeId, number: '12025550143', countryCode: 'US' });
    expect(tested.trunks.map((t) => t.name)).toEqual(['demo-sip']);
  });
});

describe('voice routes', () => {
  it('routes by prefix, country and company in sort order, with failover order and disabled trunks left out', async () => {
    const a = await newTrunk();
    const b = await newTrunk();
    const c = await newTrunk({ enabled: false });
    const uk = expectOk(
      await call<VoiceRoute>('admin', 'POST', '/voip/route/add', {
        body: { name: unique('uk'), countryCode: 'gb', sortOrder: 10, trunkIds: [c.id, b.id, a.id] },
      }),
    );
    expect(uk.trunks.map((t) => t.id)).toEqual([c.id, b.id, a.id]);
    expect(uk.countryCode).toBe('GB');
    const direct = expectOk(
      await call<VoiceRoute>('admin', 'POST', '/voip/route/add', {
        body: { name: unique('direct'), companyId: DIRECT, prefix: '+4474', sortOrder: 5, trunkIds: [a.id] },
      }),
    );
    expect(direct).toMatchObject({ prefix: '4474', companyName: 'Direct Retail Ltd' });

    const targets = await s().app.services.trunks.routeCall('+447400123456', TWO_WAY);
    expect(targets.map((t) => t.trunkId)).toEqual([b.id, a.id]);
    expect((await s().app.services.trunks.routeCall('447400123456', DIRECT)).map((t) => t.trunkId)).toEqual([
      a.id,
    ]);
    // Another UK number of the company: its own route does not match the prefix, the UK route does.
    expect((await s().app.services.trunks.routeCall('+442079460000', DIRECT)).map((t) => t.trunkId)).toEqual([
      b.id,
      a.id,
    ]);

    const tested = expectOk(
      await call<VoiceRouteTest>('admin', 'GET', '/voip/route/test', {
        query: { to: '+447400123456', companyId: DIRECT },
      }),
    );
    expect(tested.routeName).toBe(direct.name);

    expectError(
      await call('admin', 'GET', '/voip/route/test', { query: { to: '12', companyId: DIRECT }, locale: ZH }),
      400,
      'VOICE_NUMBER_INVALID',
      { locale: ZH },
    );
    // In use by routes: refused, naming the route.
    expectError(
      await call('admin', 'DELETE', '/voip/trunk/delete', { query: { id: a.id } }),
      409,
      'TRUNK_IN_USE',
      {
        message: false,
      },
    );
    expectOk(await call('admin', 'DELETE', '/voip/route/delete', { query: { id: direct.id } }));
    expectOk(await call('admin', 'DELETE', '/voip/route/delete', { query: { id: uk.id } }));
    expectOk(
      await call('admin', 'DELETE', '/voip/trunk/deleteBatch', {
        query: { ids: [a.id, b.id, c.id].join(',') },
      }),
    );
  });

  it('refuses unknown and repeated trunks', async () => {
    const a = await newTrunk();
    expectFieldError(
      await call('admin', 'POST', '/voip/route/add', {
        body: { name: unique('r'), trunkIds: [a.id, a.id] },
        locale: ZH,
      }),
      'trunkIds',
      text('VOICE_ROUTE_TRUNK_DUPLICATE', ZH),
    );
    expectFieldError(
      await call('admin', 'POST', '/voip/route/add', { body: { name: unique('r'), trunkIds: [] } }),
      'trunkIds',
      text('VOICE_ROUTE_TRUNKS_REQUIRED', EN),
    );
    expectError(
      await call('admin', 'POST', '/voip/route/add', {
        body: { name: unique('r'), trunkIds: [crypto.randomUUID()] },
      }),
      400,
      'VOICE_ROUTE_TRUNK_UNKNOWN',
    );
  });
});

describe('live state and gateway notify', () => {
  it('keeps the state of each trunk from the probe, counts calls up, tells operators of down and back', async () => {
    const trunk = await newTrunk({ name: unique('watched'), optionsIntervalS: 3600 });
    const probeAnswers = new Map<string, TrunkCheck>([[trunk.id, { state: 'reachable', error: null }]]);
    const checked: TrunkTarget[] = [];
    const probe: TrunkProbe = {
      async check(target) {
        checked.push(target);
        return probeAnswers.get(target.trunkId) ?? { state: 'reachable', error: null };
      },
    };
    const monitor = new TrunkMonitor(s().app.services.trunks, s().app.platform, probe, 60_000);
    await monitor.start();
    await monitor.tick(); // the first checks written
    try {
      const stateOf = async () =>
        expectOk(await call<TrunkState[]>('admin', 'GET', '/voip/trunk/state')).find(
          (x) => x.trunkId === trunk.id,
        )!;
      expect(await stateOf()).toMatchObject({ state: 'reachable', callsUp: 0, lastError: null });
      expect(checked.some((t) => t.trunkId === trunk.id && t.host === 'sip.example.net')).toBe(true);

      // Two calls up on it (in any process: their places are in the database).
      const limits = { trunkId: trunk.id, maxCalls: 0, cps: 0 };
      expect(await s().app.services.trunks.takeCall(limits, 'state-call-1', 60_000)).toEqual({ waitMs: 0 });
      expect(await s().app.services.trunks.takeCall(limits, 'state-call-2', 60_000)).toEqual({ waitMs: 0 });
      probeAnswers.set(trunk.id, { state: 'unreachable', error: 'OPTIONS timed out after 32 s' });
      await monitor.checkNow();
      const down = await stateOf();
      expect(down).toMatchObject({
        state: 'unreachable',
        callsUp: 2,
        lastError: 'OPTIONS timed out after 32 s',
      });

      // In each reader's language; going down is urgent (pops up), coming back routine.
      const notices = async (locale = EN) =>
        expectOk(await call<AnnouncementsByUser>('admin', 'GET', '/sys/annountCement/listByUser', { locale }))
          .sysMsgList;
      const titled = async (code: 'TRUNK_DOWN_TITLE' | 'TRUNK_UP_TITLE', locale = EN) =>
        (await notices(locale)).find((m) => m.title === text(code, locale, { name: trunk.name }));
      await eventually(async () =>
        expect(await titled('TRUNK_DOWN_TITLE')).toMatchObject({ priority: 'H', openType: '1' }),
      );
      expect((await titled('TRUNK_DOWN_TITLE', ZH))?.msgContent).toContain('不可达');
      // A customer is not told.
      expect(
        expectOk(
          await call<AnnouncementsByUser>('customer', 'GET', '/sys/annountCement/listByUser'),
        ).sysMsgList.some((m) => m.title.includes(trunk.name)),
      ).toBe(false);

      // A route tries the trunk that is down last.
      const other = await newTrunk();
      const route = expectOk(
        await call<VoiceRoute>('admin', 'POST', '/voip/route/add', {
          body: { name: unique('fo'), prefix: '3361234', sortOrder: 1, trunkIds: [trunk.id, other.id] },
        }),
      );
      expect((await s().app.services.trunks.routeCall('+33612345678', DIRECT)).map((t) => t.trunkId)).toEqual(
        [other.id, trunk.id],
      );

      await s().app.services.trunks.endCall('state-call-1');
      probeAnswers.set(trunk.id, { state: 'reachable', error: null });
      await monitor.checkNow();
      expect(await stateOf()).toMatchObject({ state: 'reachable', callsUp: 1, lastError: null });
      await eventually(async () =>
        expect(await titled('TRUNK_UP_TITLE')).toMatchObject({ priority: 'L', openType: '0' }),
      );
      expect((await titled('TRUNK_UP_TITLE', ZH))?.msgContent).toContain('恢复可达');
      expect((await s().app.services.trunks.routeCall('+33612345678', DIRECT)).map((t) => t.trunkId)).toEqual(
        [trunk.id, other.id],
      );

      // Disabled: the state says so and the monitor lets it go.
      expectOk(await call('admin', 'PUT', '/voip/trunk/edit', { body: { ...trunk, enabled: false } }));
      await monitor.checkNow();
      expect((await stateOf()).state).toBe('disabled');
      expectOk(await call('admin', 'DELETE', '/voip/route/delete', { query: { id: route.id } }));
    } finally {
      await monitor.stop();
    }
  });

  it('checks trunks side by side, at most its bound at once: a silent trunk holds up no other', async () => {
    // Silent trunks answer nothing until let go (an OPTIONS to a dead host fails after 32 s).
    const first = await newTrunk({ name: unique('mon-a-silent') });
    const live = await newTrunk({ name: unique('mon-b-live') });
    const second = await newTrunk({ name: unique('mon-c-silent') });
    const silentIds = new Set([first.id, second.id]);
    const ours = new Set([...silentIds, live.id]);
    const checks = new Map<string, number>();
    const waiting: (() => void)[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const probe: TrunkProbe = {
      async check(target) {
        if (!ours.has(target.trunkId)) return { state: 'reachable', error: null };
        checks.set(target.trunkId, (checks.get(target.trunkId) ?? 0) + 1);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          if (silentIds.has(target.trunkId)) {
            await new Promise<void>((resolve) => waiting.push(resolve));
            return { state: 'unreachable', error: 'OPTIONS: 408 Request Timeout' };
          }
          return { state: 'reachable', error: null };
        } finally {
          inFlight--;
        }
      },
    };
    const monitor = new TrunkMonitor(s().app.services.trunks, s().app.platform, probe, 60_000, 2);
    const stateOf = async (id: string) =>
      expectOk(await call<TrunkState[]>('admin', 'GET', '/voip/trunk/state')).find((x) => x.trunkId === id)!;
    try {
      // The worker's start waits for no check.
      await monitor.start();
      // The live trunk is found reachable while the silent one made before it is still being checked;
      // the one made after it takes the place the live one's check gave back: two at once, never more.
      await eventually(async () => expect((await stateOf(live.id)).state).toBe('reachable'));
      await eventually(async () => expect(waiting).toHaveLength(2));
      expect(maxInFlight).toBe(2);
      expect((await stateOf(first.id)).state).toBe('unknown');
      // A round while they are silent starts no second check of them; let go, they are written.
      const round = monitor.tick();
      for (const resolve of waiting.splice(0)) resolve();
      await round;
      expect([checks.get(first.id), checks.get(second.id)]).toEqual([1, 1]);
      for (const t of [first, second]) expect((await stateOf(t.id)).state).toBe('unreachable');
      expect(maxInFlight).toBe(2);
    } finally {
      for (const resolve of waiting.splice(0)) resolve();
      await monitor.stop();
      for (const t of [first, live, second])
        expectOk(await call('admin', 'PUT', '/voip/trunk/edit', { body: { ...t, enabled: false } }));
    }
  });

  it('tells whom the gateway notify settings name, after their number of failed checks; staff only', async () => {
    expect(expectOk(await call('admin', 'GET', '/voip/gatewayNotify'))).toEqual({
      down: true,
      up: true,
      downAfterChecks: 1,
      roleCodes: ['admin'],
    });
    for (const user of ['sales', 'agent', 'customer']) {
      expectError(await call(user, 'GET', '/voip/gatewayNotify'), 403, 'NO_OPERATION_PERMISSION', {
        message: false,
      });
    }
    const save = (body: Record<string, unknown>, locale: Locale = EN) =>
      call('admin', 'PUT', '/voip/gatewayNotify', {
        body: { down: true, up: true, downAfterChecks: 3, roleCodes: ['sales'], ...body },
        locale,
      });
    expectFieldError(await save({ roleCodes: [] }), 'roleCodes', text('GATEWAY_NOTIFY_NOBODY'));
    expectFieldError(await save({ roleCodes: [] }, ZH), 'roleCodes', text('GATEWAY_NOTIFY_NOBODY', ZH));
    expectFieldError(await save({ downAfterChecks: 0 }), 'downAfterChecks', /.+/);
    expectFieldError(await save({ roleCodes: ['customer'] }), 'roleCodes.0', /.+/);
    expectOk(await save({ down: false, up: false, roleCodes: [] }));
    // Told to sales (not the administrators) at the third failed check in a row, once; back once.
    expect(expectOk(await save({ up: false }))).toMatchObject({ downAfterChecks: 3, roleCodes: ['sales'] });
    const trunk = await newTrunk({ name: unique('flaky'), optionsIntervalS: 3600 });
    let answer: TrunkCheck = { state: 'reachable', error: null };
    // Checked only when the test says: not also when a trunk change reaches the cache bus (on
    // PostgreSQL that notification came late, and its extra check counted as a third failure).
    const monitor = new TrunkMonitor(
      s().app.services.trunks,
      { ...s().app.platform, caches: { register: () => {} } as unknown as Platform['caches'] },
      { check: async () => answer },
      60_000,
    );
    const told = async (user: string, code: 'TRUNK_DOWN_TITLE' | 'TRUNK_UP_TITLE') =>
      expectOk(
        await call<AnnouncementsByUser>(user, 'GET', '/sys/annountCement/listByUser'),
      ).sysMsgList.filter((m) => m.title === text(code, EN, { name: trunk.name })).length;
    await monitor.start();
    try {
      // The first round's check (started, not awaited, by start) answered before the failures begin.
      await monitor.checkNow();
      answer = { state: 'unreachable', error: 'timeout' };
      await monitor.checkNow();
      await monitor.checkNow();
      expect(await told('sales', 'TRUNK_DOWN_TITLE')).toBe(0);
      // Two failures, then an answer: a blip, told neither down nor back.
      answer = { state: 'reachable', error: null };
      await monitor.checkNow();
      answer = { state: 'unreachable', error: 'timeout' };
      for (let i = 0; i < 4; i++) await monitor.checkNow();
      await eventually(async () => expect(await told('sales', 'TRUNK_DOWN_TITLE')).toBe(1));
      expect(await told('admin', 'TRUNK_DOWN_TITLE')).toBe(0);
      // Back: up notices are off.
      answer = { state: 'reachable', error: null };
      await monitor.checkNow();
      expectOk(await save({ up: true }));
      answer = { state: 'unreachable', error: 'timeout' };
      for (let i = 0; i < 3; i++) await monitor.checkNow();
      answer = { state: 'reachable', error: null };
      await monitor.checkNow();
      await eventually(async () => expect(await told('sales', 'TRUNK_UP_TITLE')).toBe(1));
      expect(await told('sales', 'TRUNK_DOWN_TITLE')).toBe(2);
    } finally {
      await monitor.stop();
      expectOk(await save({ downAfterChecks: 1, roleCodes: ['admin'] }));
    }
  });

  it('answers unknown for a trunk no monitor checks', async () => {
    const trunk = await newTrunk();
    const state = expectOk(await call<TrunkState[]>('admin', 'GET', '/voip/trunk/state')).find(
      (x) => x.trunkId === trunk.id,
    );
    expect(state).toMatchObject({ state: 'unknown', callsUp: 0, since: null });
  });
});

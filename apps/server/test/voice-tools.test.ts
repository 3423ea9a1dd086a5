import type { CliTest, Page, StatusCheck, StatusCheckNumber, Trunk } from '@switchboard/contracts';
import { startVoiceSim, type VoiceSim } from '@switchboard/voice-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, expectOk, tokenOf } from './support/api';

/**
 * The voice tools against the carrier simulator, run by the real workers (voice engine, trunk
 * monitor, voice tools engine): a CLI test call's SIP ladder, our media and what the simulator
 * reports it received (caller ID as presented after the trunk's rule, codec, keys, audio); a
 * number-status check of each outcome, charged once per number from the ND rate group, its
 * export; a check that runs out of balance stops saying so; scope and validation.
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer
const TWO_WAY = companyId('Two-Way Logistics'); // customer2

let s: TestServer;
let sim: VoiceSim;
let trunk: Trunk;
const tokens: Record<string, string> = {};
let seq = 0;
const unique = (label: string) => `${label}_${++seq}_${Math.random().toString(36).slice(2, 6)}`;

const call = <T>(
  user: string,
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; locale?: string } = {},
) => s.call<T>(method, path, { token: tokens[user], ...options });

async function adjust(company: string, direction: 'credit' | 'debit', amount: string) {
  expectOk(
    await call('admin', 'POST', '/sys/balance/adjust', {
      body: { companyId: company, direction, amount, reason: 'test', idempotencyKey: unique('adj') },
    }),
  );
}
async function balanceOf(company: string): Promise<string> {
  return expectOk(
    await call<{ balance: string }>('admin', 'GET', '/sys/balance', { query: { companyId: company } }),
  ).balance;
}

async function runCheck(user: string, numbers: string[]): Promise<StatusCheck> {
  const added = expectOk(
    await call<StatusCheck>(user, 'POST', '/voip/statusCheck/add', {
      body: { name: unique('check'), numbers },
    }),
  );
  expect(added.state).toBe('running');
  return eventually(async () => {
    const c = expectOk(await call<StatusCheck>(user, 'GET', `/voip/statusCheck/details/${added.id}`));
    expect(c.state).not.toBe('running');
    // A stopped check's numbers being checked when it stopped still finish.
    expect(c.counts.checking).toBe(0);
    return c;
  });
}

const ndEntries = async (company: string) =>
  rowsOf<{ key: string; amount: string }>(
    await s.app.platform.db.execute(
      sql`select idempotency_key as key, amount::text as amount from ledger_entries
          where company_id = ${company} and idempotency_key like 'nd:%'`,
    ),
  );

beforeAll(async () => {
  // Numbers that ring and then answer do so after 5 s, not 300 ms: a status check cancels on the
  // first ringing, and on a loaded machine its CANCEL came a second late, after the answer.
  sim = await startVoiceSim({ host: '127.0.0.1', port: 0, keyDelayMs: 100, answerDelayMs: 5_000 });
  s = await startServer();
  for (const user of ['admin', 'customer', 'customer2', 'agent']) tokens[user] = await tokenOf(s, user);
  // The demo trunk points at the default simulator port, not ours: off, so no route or check waits on it.
  await s.app.platform.db.execute(sql`update voice_trunks set enabled = false where name = 'demo-sip'`);
  trunk = expectOk(
    await call<Trunk>('admin', 'POST', '/voip/trunk/add', {
      body: {
        name: unique('trunk'),
        host: '127.0.0.1',
        port: sim.port,
        optionsIntervalS: 30,
        // The trunk's caller-ID rule: the CLI test shows what it made of the caller ID.
        callerIdRule: 'strip_prefix',
        stripPrefix: '00',
      },
    }),
  );
  expectOk(
    await call('admin', 'POST', '/voip/route/add', {
      body: { name: unique('route'), sortOrder: 0, trunkIds: [trunk.id] },
    }),
  );
  await adjust(DIRECT, 'credit', '10');
  await s.app.startWorkers({ jobs: false, only: ['voiceEngine', 'trunk', 'voiceTools'] });
});

afterAll(async () => {
  await s?.close();
  await sim?.close();
});

describe('CLI test', () => {
  it('shows the SIP ladder, our media and what the callee received', async () => {
    const queued = expectOk(
      await call<CliTest>('admin', 'POST', '/voip/cliTest/add', {
        body: { trunkId: trunk.id, callerId: '004420700000009', to: '+8613800009000', keys: '12#', holdS: 2 },
      }),
    );
    expect(queued.state).toBe('queued');
    const t = await eventually(async () => {
      const d = expectOk(await call<CliTest>('admin', 'GET', `/voip/cliTest/details/${queued.id}`));
      expect(d.state).toBe('done');
      return d;
    });
    expect(t).toMatchObject({ result: 'answered', sipCode: 200, sentCallerId: '4420700000009', error: null });
    const ladder = t.ladder.map((e) => `${e.dir} ${e.summary.split(' ')[0]}`);
    expect(ladder).toEqual(expect.arrayContaining(['out INVITE', 'in 180', 'in 200', 'out ACK', 'out BYE']));
    expect(ladder.indexOf('out INVITE')).toBe(0);
    expect(ladder.at(-1)).toBe('in 200');
    // Times rise along the ladder; each message is kept whole.
    for (let i = 1; i < t.ladder.length; i++)
      expect(t.ladder[i]!.atMs).toBeGreaterThanOrEqual(t.ladder[i - 1]!.atMs);
    expect(t.ladder[0]!.text).toContain('From: <sip:4420700000009@');
    // The call was held about 2 s with the tone going out and the simulator echoing it.
    expect(t.talkMs).toBeGreaterThanOrEqual(1900);
    expect(t.media).toMatchObject({ codec: 'PCMU', keysSent: '12#' });
    expect(t.media!.packetsSent).toBeGreaterThan(80);
    expect(t.media!.packetsReceived).toBeGreaterThan(50);
    // The callee: our caller ID as the trunk's rule made it, the codec, the keys, the tone's level.
    expect(t.callee).toMatchObject({
      from: '4420700000009',
      to: '+8613800009000',
      codec: 'PCMU',
      keys: '12#',
    });
    expect(t.callee!.audioPackets).toBeGreaterThan(50);
    expect(t.callee!.audioMs).toBe(t.callee!.audioPackets * 20);
    // A 440 Hz tone at -10 dBFS peak: about -13 dBFS RMS.
    expect(t.callee!.levelDbfs).toBeGreaterThan(-16);
    expect(t.callee!.levelDbfs).toBeLessThan(-11);
    const list = expectOk(
      await call<Page<CliTest>>('admin', 'GET', '/voip/cliTest/list', { query: { trunkId: trunk.id } }),
    );
    expect(list.records.map((r) => r.id)).toContain(t.id);
  });

  it('reports a refused call with its code and the ladder, and no callee report', async () => {
    const queued = expectOk(
      await call<CliTest>('admin', 'POST', '/voip/cliTest/add', {
        body: { trunkId: trunk.id, callerId: '+4420700000009', to: '+8613800009001' },
      }),
    );
    const t = await eventually(async () => {
      const d = expectOk(await call<CliTest>('admin', 'GET', `/voip/cliTest/details/${queued.id}`));
      expect(d.state).toBe('done');
      return d;
    });
    expect(t).toMatchObject({ result: 'busy', sipCode: 486, media: null, callee: null, talkMs: 0 });
    expect(t.ladder.map((e) => e.summary.split(' ')[0])).toEqual(['INVITE', '100', '486', 'ACK']);
  });

  it('is staff only, and refuses bad input with codes', async () => {
    const body = { trunkId: trunk.id, callerId: '1', to: '+8613800009000' };
    expect((await call('customer', 'POST', '/voip/cliTest/add', { body })).status).toBe(403);
    expect((await call('customer', 'GET', '/voip/cliTest/list')).status).toBe(403);
    const bad = await call('admin', 'POST', '/voip/cliTest/add', {
      body: { ...body, callerId: 'abc', keys: 'xyz', holdS: 99 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('A caller ID is digits');
    expect(JSON.stringify(bad.body)).toContain('Keys are up to 16');
    const zh = await call('admin', 'POST', '/voip/cliTest/add', {
      body: { ...body, holdS: 1 },
      locale: 'zh-CN',
    });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('通话保持时间为2到30秒');
    const missing = await call('admin', 'POST', '/voip/cliTest/add', {
      body: { ...body, trunkId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('number-status checks', () => {
  it('checks each outcome, charges each number once from the ND rate group, exports', async () => {
    const before = await balanceOf(DIRECT);
    const numbers = [
      '+8613800008000',
      '+8613800008001',
      '+8613800008002',
      '+8613800008003',
      '+8613800008004',
    ];
    const c = await runCheck('customer', [...numbers, '+86 138 0000 8000']);
    expect(c).toMatchObject({ state: 'done', stopReason: null });
    expect(c.counts).toMatchObject({ total: 5, done: 5, reachable: 2, busy: 1, unavailable: 1, vacant: 1 });
    const page = expectOk(
      await call<Page<StatusCheckNumber>>('customer', 'GET', '/voip/statusCheck/numbers', {
        query: { id: c.id, pageSize: '50' },
      }),
    );
    const by = Object.fromEntries(page.records.map((n) => [n.number, n]));
    expect(by['8613800008000']).toMatchObject({ status: 'reachable', sipCode: 180 });
    expect(by['8613800008001']).toMatchObject({ status: 'busy', sipCode: 486 });
    // Ringing until cancelled: reachable, decided on the first 180 (nobody answered).
    expect(by['8613800008002']).toMatchObject({ status: 'reachable', sipCode: 180 });
    expect(by['8613800008003']).toMatchObject({ status: 'unavailable', sipCode: 603 });
    expect(by['8613800008004']).toMatchObject({ status: 'vacant', sipCode: 404 });
    // No call was answered by the check.
    expect(sim.calls.filter((x) => x.to.startsWith('8613800008') && x.answered)).toEqual([]);
    // Standard ND for CN: 0.0030 a number, once each.
    for (const n of page.records) expect(n.amount).toBe('0.003000');
    expect(c.amount).toBe('0.015000');
    const entries = (await ndEntries(DIRECT)).filter((e) => page.records.some((n) => e.key === `nd:${n.id}`));
    expect(entries).toHaveLength(5);
    const after = await balanceOf(DIRECT);
    expect(Number(before) - Number(after)).toBeCloseTo(0.015, 6);

    const xlsx = await fetch(`${s.baseUrl}/api/voip/statusCheck/numbers/exportXls?id=${c.id}`, {
      headers: { 'X-Access-Token': tokens.customer! },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    // Another company's check is not there for the customer; staff see it.
    expect((await call('customer2', 'GET', `/voip/statusCheck/details/${c.id}`)).status).toBe(404);
    expect((await call('admin', 'GET', `/voip/statusCheck/details/${c.id}`)).status).toBe(200);
    const theirs = expectOk(await call<Page<StatusCheck>>('customer2', 'GET', '/voip/statusCheck/list'));
    expect(theirs.records.map((r) => r.id)).not.toContain(c.id);
  });

  it('stops cleanly when the balance runs out, charging only what was checked', async () => {
    // Two numbers' worth (0.003 each) and a little: the third is refused.
    const balance = Number(await balanceOf(TWO_WAY));
    if (balance > 0) await adjust(TWO_WAY, 'debit', balance.toFixed(6));
    await adjust(TWO_WAY, 'credit', '0.007');
    const numbers = Array.from({ length: 8 }, (_, i) => `+86138000070${i}0`);
    const c = await runCheck('customer2', numbers);
    expect(c).toMatchObject({ state: 'stopped', stopReason: 'BALANCE_INSUFFICIENT' });
    expect(c.counts.done).toBe(2);
    expect(c.counts.skipped).toBe(6);
    expect(c.amount).toBe('0.006000');
    expect(await ndEntries(TWO_WAY)).toHaveLength(2);
    expect(Number(await balanceOf(TWO_WAY))).toBeCloseTo(0.001, 6);
  });

  it('is stopped by its user; refuses bad numbers; reads a number file', async () => {
    const added = expectOk(
      await call<StatusCheck>('customer', 'POST', '/voip/statusCheck/add', {
        body: {
          name: unique('check'),
          numbers: Array.from({ length: 40 }, (_, i) => `+861380000${6000 + i}`),
        },
      }),
    );
    const stopped = expectOk(
      await call<StatusCheck>('customer', 'POST', '/voip/statusCheck/stop', { body: { id: added.id } }),
    );
    expect(stopped).toMatchObject({ state: 'stopped', stopReason: 'user' });
    expect(stopped.counts.skipped).toBeGreaterThan(0);
    const again = await call('customer', 'POST', '/voip/statusCheck/stop', { body: { id: added.id } });
    expect(again.status).toBe(409);
    const bad = await call('customer', 'POST', '/voip/statusCheck/add', {
      body: { name: 'x', numbers: ['+8613800000000', 'hello'] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('hello');
    const none = await call('customer', 'POST', '/voip/statusCheck/add', {
      body: { name: 'x', numbers: [] },
    });
    expect(none.status).toBe(400);
    // Staff name the company; a company outside a reseller's scope is refused.
    const outside = await call('agent', 'POST', '/voip/statusCheck/add', {
      body: { name: 'x', companyId: DIRECT, numbers: ['+8613800000000'] },
    });
    expect(outside.status).toBe(403);

    const form = new FormData();
    form.append('file', new Blob(['+8613800005000\n+8613800005001\nnot a number\n']), 'numbers.txt');
    const res = await fetch(`${s.baseUrl}/api/voip/statusCheck/importNumbers`, {
      method: 'POST',
      headers: { 'X-Access-Token': tokens.customer! },
      body: form,
    });
    const body = (await res.json()) as { result: { numbers: string[]; problems: unknown[] } };
    expect(res.status).toBe(200);
    expect(body.result.numbers).toHaveLength(2);
    expect(body.result.problems).toHaveLength(1);
  });
});

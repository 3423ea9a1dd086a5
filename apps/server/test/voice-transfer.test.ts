import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallRecord, CallTask, IvrFlow, Page, Trunk, TrunkState } from '@switchboard/contracts';
import { startVoiceSim, type VoiceSim } from '@switchboard/voice-sim';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';
import { rowsOf } from '../src/platform/db';
import { startServer } from './harness';
import { DIRECT, eventually, expectOk, topUp, uniqueName } from './support/api';
import { apiSuite } from './support/suite';
import { addTrunk, promptFlow } from './support/voice';

/**
 * An IVR flow's transfer to a number, placed for real (issue 23): group call tasks run by the
 * workers of a worker process against the carrier simulator, whose flow sends the call on to a
 * second number. Answered, the two legs are bridged until the far side hangs up; the record
 * keeps the second leg (number, result, talk time) and the ledger charges it once, per minute at
 * that number's rate. Busy, the first leg ends at once with the transfer's result. And trunks over
 * SIP over TLS: calls and the OPTIONS check against the simulator's TLS listener (a self-signed
 * certificate: refused while verified, carried with the trunk's verification off), the worker's
 * own TLS listener (`VOICE_SIP_TLS_*`, the same certificate) named in its Contact and reachable.
 */

const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../../../packages/voice/test/fixtures/${name}`, import.meta.url));
const fixture = (name: string) => readFileSync(fixturePath(name));
const { s, tokens, call } = apiSuite(['admin', 'customer'], () =>
  startServer({
    VOICE_SIP_TLS_CERT: fixturePath('tls-test-cert.pem'),
    VOICE_SIP_TLS_KEY: fixturePath('tls-test-key.pem'),
  }),
);
let sim: VoiceSim;
let trunk: Trunk;

beforeAll(async () => {
  sim = await startVoiceSim({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp', 'tcp', 'tls'],
    tls: { key: fixture('tls-test-key.pem'), cert: fixture('tls-test-cert.pem'), port: 0 },
    answerDelayMs: 50,
    // …5 (the transfer that answers): hangs up 1.5 s after answering.
    hangupAfterMs: 1_500,
  });
  // The demo trunk points at the default simulator port, not ours: off, so no check waits on it.
  await s().app.platform.db.execute(sql`update voice_trunks set enabled = false where name = 'demo-sip'`);
  // The periods are read on a clock inside 09:00-10:00 UTC (calls and talk time are real).
  const inside = new Date('2026-03-02T09:30:00Z');
  s().app.services.callPorts.now = () => inside;
  await topUp(s(), tokens.admin!, DIRECT, '100');
  trunk = await addTrunk(s(), tokens.admin!, { host: '127.0.0.1', port: sim.port });
  await s().app.startWorkers({ jobs: false, only: ['voiceEngine', 'trunk', 'callTask'] });
  return () => sim?.close();
});

/** A task of the customer's company through `trunkId`, run to its end. */
async function runTask(body: { ivrFlowId: string; trunkId: string; numbers: string[] }): Promise<CallTask> {
  const added = expectOk(
    await call<CallTask>('admin', 'POST', '/groupCallTask/add', {
      body: {
        companyId: DIRECT,
        name: uniqueName('task'),
        callRatio: 2,
        periods: [{ start: '09:00', end: '10:00' }],
        ttlS: 60,
        callerIds: ['4420700000001'],
        ...body,
      },
    }),
  );
  expectOk(await call('customer', 'POST', '/groupCallTask/submit', { body: { id: added.id } }));
  return eventually(async () => {
    const d = expectOk(await call<CallTask>('customer', 'GET', `/groupCallTask/details/${added.id}`));
    expect(d.state).toBe('success');
    return d;
  });
}

async function recordsOf(taskId: string): Promise<Record<string, CallRecord>> {
  const page = expectOk(
    await call<Page<CallRecord>>('customer', 'GET', '/groupCallTask/records', { query: { taskId } }),
  );
  return Object.fromEntries(page.records.map((r) => [r.to, r]));
}

/** The ledger entries under `key`: how many, and their amount (the customer's debit, positive). */
async function ledgerUnder(key: string): Promise<{ n: number; amount: number }> {
  const rows = rowsOf<{ n: number; amount: string | null }>(
    await s().app.platform.db.execute(
      sql`select count(*)::int as n, sum(-amount)::text as amount from ledger_entries
          where idempotency_key = ${key} and company_id = ${DIRECT}::uuid`,
    ),
  );
  return { n: Number(rows[0]!.n), amount: Number(rows[0]!.amount ?? 0) };
}

const stateOf = async (trunkId: string) => {
  const states = expectOk(await call<TrunkState[]>('admin', 'GET', '/voip/trunk/state'));
  return states.find((x) => x.trunkId === trunkId);
};

const transferFlow = (number: string): Promise<IvrFlow> =>
  promptFlow(s(), tokens.customer!, { noKey: { type: 'transfer', number } });

describe('an IVR transfer to a number', () => {
  it('places the second leg, bridges it until the far side hangs up, records and charges it once', async () => {
    const flow = await transferFlow('+8613800017005');
    const task = await runTask({ ivrFlowId: flow.id, trunkId: trunk.id, numbers: ['+8613800017008'] });
    expect(task.counts).toMatchObject({ total: 1, answered: 1 });
    const record = (await recordsOf(task.id))['8613800017008']!;
    expect(record).toMatchObject({
      result: 'answered',
      transferTo: '8613800017005',
      transferResult: 'answered',
      transferSipCode: 200,
    });
    // Bridged until …5 hung up, 1.5 s after it answered; the first leg lasted the prompt, the
    // wait for a key, the transfer's ringing and the bridge.
    expect(record.transferTalkS).toBeGreaterThanOrEqual(1.3);
    expect(record.transferTalkS).toBeLessThan(10);
    expect(record.talkS).toBeGreaterThan(record.transferTalkS + 1);

    // What the carrier saw: the second leg with the task's caller ID, hung up by the callee; the
    // first ended by us when the second did.
    const [first, second] = ['8613800017008', '8613800017005'].map(
      (to) => sim.calls.find((c) => c.to === to)!,
    );
    expect(second!).toMatchObject({ from: '4420700000001', answered: true });
    expect(second!.end?.by).toBe('us');
    expect(first!.end?.by).toBe('remote');

    // Charged once each leg: `voice:` the first, `voice-transfer:` the second; the record's amount both.
    const charged = await eventually(async () => {
      const now = (await recordsOf(task.id))['8613800017008']!;
      expect(Number(now.transferAmount)).toBeGreaterThan(0);
      return now;
    });
    const firstLeg = await ledgerUnder(`voice:${charged.id}`);
    const secondLeg = await ledgerUnder(`voice-transfer:${charged.id}`);
    expect(firstLeg.n).toBe(1);
    expect(secondLeg.n).toBe(1);
    expect(secondLeg.amount).toBeCloseTo(Number(charged.transferAmount), 6);
    expect(Number(charged.amount)).toBeCloseTo(firstLeg.amount + secondLeg.amount, 6);
    expect(charged.transferBilledS).toBeGreaterThanOrEqual(Math.ceil(charged.transferTalkS));
    expect(charged.billedS).toBeGreaterThan(charged.transferBilledS);
    // Both places on the trunk given back.
    await eventually(async () => expect((await stateOf(trunk.id))?.callsUp).toBe(0));
  });

  it('a busy transfer plays nothing more: the call ends at once with the transfer’s result, nothing charged for it', async () => {
    const flow = await transferFlow('8613800018001');
    const task = await runTask({ ivrFlowId: flow.id, trunkId: trunk.id, numbers: ['+8613800018008'] });
    const record = (await recordsOf(task.id))['8613800018008']!;
    expect(record).toMatchObject({
      result: 'answered',
      transferTo: '8613800018001',
      transferResult: 'busy',
      transferSipCode: 486,
      transferTalkS: 0,
    });
    // The prompt (0.4 s) and the wait for a key (1 s), then the refused transfer: well under 3 s.
    expect(record.talkS).toBeLessThan(3);
    expect(sim.calls.find((c) => c.to === '8613800018008')!.end?.by).toBe('remote');
    const charged = await eventually(async () => {
      const now = (await recordsOf(task.id))['8613800018008']!;
      expect(Number(now.amount)).toBeGreaterThan(0);
      return now;
    });
    expect(charged.transferAmount).toBe('0.000000');
    expect((await ledgerUnder(`voice-transfer:${charged.id}`)).n).toBe(0);
  });
});

describe('a trunk over SIP over TLS', () => {
  it('refuses the simulator’s self-signed certificate while verifying it, and calls through it with verification off', async () => {
    const flow = await promptFlow(s(), tokens.customer!);
    const verified = await addTrunk(s(), tokens.admin!, {
      host: '127.0.0.1',
      port: sim.tlsPort,
      transport: 'tls',
    });
    expect(verified).toMatchObject({ transport: 'tls', tlsVerify: true });
    const lax = await addTrunk(s(), tokens.admin!, {
      host: '127.0.0.1',
      port: sim.tlsPort,
      transport: 'tls',
      tlsVerify: false,
    });
    // The check (OPTIONS over TLS): reachable only without verification.
    await eventually(async () => expect((await stateOf(lax.id))?.state).toBe('reachable'));
    await eventually(async () => expect((await stateOf(verified.id))?.state).toBe('unreachable'));

    const refused = await runTask({ ivrFlowId: flow.id, trunkId: verified.id, numbers: ['+8613800019008'] });
    expect((await recordsOf(refused.id))['8613800019008']).toMatchObject({ result: 'failed' });
    expect(sim.calls.find((c) => c.to === '8613800019008')).toBeUndefined();

    const carried = await runTask({ ivrFlowId: flow.id, trunkId: lax.id, numbers: ['+8613800019018'] });
    expect((await recordsOf(carried.id))['8613800019018']).toMatchObject({
      result: 'answered',
      ivrResult: 'heard',
    });
    const reached = sim.calls.find((c) => c.to === '8613800019018')!;
    expect(reached.trace[0]!.text).toMatch(
      /^INVITE sip:8613800019018@127\.0\.0\.1:\d+;transport=tls SIP\/2\.0/,
    );
    // Our Via and Contact name the worker's own TLS listener, which the carrier can reach.
    const ours = (await s().app.services.voice.stack()).port('tls');
    expect(ours).toBeGreaterThan(0);
    expect(reached.trace[0]!.text).toContain(`Via: SIP/2.0/TLS 127.0.0.1:${ours};`);
    expect(reached.trace[0]!.text).toContain(`@127.0.0.1:${ours};transport=tls>`);
    const back = await sim.stack.options({ host: '127.0.0.1', port: ours, transport: 'tls', verify: false });
    expect(back.status).toBe(200);
  });

  it('takes a TLS listener’s certificate and key both or neither', () => {
    const cert = fixturePath('tls-test-cert.pem');
    expect(() => loadConfig({ VOICE_SIP_TLS_CERT: cert })).toThrow(ConfigError);
    expect(loadConfig({}).voice.tls).toBeUndefined();
    expect(
      loadConfig({ VOICE_SIP_TLS_CERT: cert, VOICE_SIP_TLS_KEY: fixturePath('tls-test-key.pem') }).voice.tls,
    ).toMatchObject({ certFile: cert, port: 0 });
  });
});

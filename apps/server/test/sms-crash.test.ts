import { randomUUID } from 'node:crypto';
import { SMS_FINAL_STATUSES } from '@switchboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/platform/stable-id';
import { apiKeyOf, login, type SpawnedServer, spawnServer } from './support/spawned-server';
import { expectLedgerReconciled, type SpawnedSmsWorld, startSpawnedSmsWorld } from './support/spawned-sms';

/**
 * Crash safety of the SMS engine, end to end with the real server in a child process: 10,000
 * messages sent over the customer HTTP API (batches of 500, each with an Idempotency-Key), the
 * server SIGKILLed while it dispatches (and, usually, while some batches are still being
 * accepted), restarted on the same PostgreSQL database, the batches that got no answer sent again
 * with the same key (what a customer does). Then every message must reach exactly one final
 * status, no number may reach the simulators twice, no message may be charged (or refunded) twice,
 * and every balance must equal its ledger.
 *
 * The two simulated SMSCs run in this process (not in the server) so they outlive the kill and
 * keep the record of every submit. Messages the kill left written and unanswered end `timeout`
 * (SUBMIT_UNCONFIRMED, charged: the module's at-most-once rule) after SMS_SUBMIT_TIMEOUT_S, at most
 * the windows; those it had claimed and not written are sent after the restart.
 *
 * PostgreSQL only (the crash of an embedded PGlite is another matter): runs in the PostgreSQL step
 * of CI (`npm run test:api:pg`, DATABASE_URL set) and is skipped by the default `npm test`. About
 * a minute on an idle 2-core machine.
 */

const adminUrl = process.env.DATABASE_URL;
const TOTAL = 10_000;
const BATCH = 500;
const DIRECT = stableId('company:Direct Retail Ltd');

describe.skipIf(!adminUrl)('SIGKILL in the middle of a 10,000-message run', () => {
  let world: SpawnedSmsWorld;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    world = await startSpawnedSmsWorld(
      adminUrl!,
      'sb_sms_crash',
      (i) => ({
        receiptDelayMs: 200,
        // Every message gets a receipt (no `none`), so every one sent ends final.
        outcomes: { delivered: 90, undeliverable: 5, expired: 3, rejected: 2 },
        idFormat: 'hex',
        receiptIdFormat: i === 0 ? 'hex' : 'decimal',
        idStart: 1 + i * 4e15,
        systemId: `CRASH-${i}`,
      }),
      {
        SMS_SUBMIT_TIMEOUT_S: '3',
        SMS_CLAIM_LEASE_S: '2',
        // A message marked for a gateway and never written when the kill came waits for a receipt
        // (that never comes) until validity, then ends timeout.
        SMS_VALIDITY_S: '180',
        SMS_SWEEP_MS: '500',
      },
    );
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await world?.stop();
  });

  // A 10,000-message run, a kill, a restart and every message final: minutes on a busy machine.
  it('ends every message in one final state, submits none twice, charges none twice, balances = ledger', {
    timeout: 600_000,
  }, async () => {
    const { database, reached, submits, env } = world;
    server = await spawnServer(env);
    const admin = await login(server.baseUrl, 'admin');
    const authorization = await apiKeyOf(server.baseUrl, admin, DIRECT);

    const numbers = Array.from({ length: TOTAL }, (_, i) => `86139${String(i).padStart(8, '0')}`);
    const batches = Array.from({ length: TOTAL / BATCH }, (_, b) => ({
      key: randomUUID(),
      to: numbers.slice(b * BATCH, (b + 1) * BATCH),
      answered: false,
    }));
    const send = async (baseUrl: string, batch: (typeof batches)[number]) => {
      const res = await fetch(`${baseUrl}/api/openapi/v1/sms`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'Idempotency-Key': batch.key },
        body: JSON.stringify({ kind: 'notification', to: batch.to, text: 'crash test' }),
      });
      const body = (await res.json()) as { success: boolean; result: { messages: { status: string }[] } };
      if (res.status !== 200 || !body.success) throw new Error(`send: ${res.status} ${JSON.stringify(body)}`);
      expect(body.result.messages.filter((m) => m.status === 'accepted')).toHaveLength(batch.to.length);
      batch.answered = true;
    };

    // Send two batches at a time; SIGKILL once the simulators have taken 3,000 submits.
    const first = server;
    const sending = (async () => {
      let next = 0;
      await Promise.all(
        [0, 1].map(async () => {
          while (next < batches.length) {
            const batch = batches[next++]!;
            try {
              await send(first.baseUrl, batch);
            } catch {
              return; // the server is gone: resent after the restart
            }
          }
        }),
      );
    })();
    const until = Date.now() + 300_000;
    while (submits() < 3_000 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    const atKill = submits();
    await first.kill('SIGKILL');
    await sending;
    // The kill came in the middle of dispatch.
    expect(atKill).toBeGreaterThanOrEqual(3_000);
    expect(atKill).toBeLessThan(TOTAL);

    server = await spawnServer(env);
    // What got no answer is sent again with the same Idempotency-Key.
    const unanswered = batches.filter((b) => !b.answered);
    for (const batch of unanswered) await send(server.baseUrl, batch);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const open = async () =>
        Number(
          (
            await client.query(
              `select count(*) from sms_messages where company_id = $1 and status <> all($2::text[])`,
              [DIRECT, [...SMS_FINAL_STATUSES]],
            )
          ).rows[0].count,
        );
      const deadline = Date.now() + 300_000;
      while ((await open()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const left = await client.query(
        `select status, gateway_id, error_code, attempts, count(*) from sms_messages
            where company_id = $1 and status <> all($2::text[]) group by 1, 2, 3, 4`,
        [DIRECT, [...SMS_FINAL_STATUSES]],
      );
      expect(left.rows).toEqual([]);

      // One message per number (the resent batches were not stored twice), each final once.
      const messages = (
        await client.query<{
          id: string;
          batch_id: string;
          to_number: string;
          status: string;
          price: string;
          n: string;
        }>(
          `select id, batch_id, to_number, status, price::text, count(*) over (partition by to_number) as n
               from sms_messages where company_id = $1`,
          [DIRECT],
        )
      ).rows;
      expect(messages).toHaveLength(TOTAL);
      expect(messages.filter((m) => Number(m.n) !== 1)).toEqual([]);
      expect(new Set(messages.map((m) => m.to_number))).toEqual(new Set(numbers));
      const byStatus: Record<string, number> = {};
      for (const m of messages) byStatus[m.status] = (byStatus[m.status] ?? 0) + 1;
      console.log(
        'sms-crash: submits at the kill',
        atKill,
        'batches resent',
        unanswered.length,
        'final statuses',
        byStatus,
      );

      // Lost to the kill (written, never answered: timeout): at most the windows (2 gateways of 2
      // binds of 50), not what the dispatcher had claimed ahead of them.
      expect(byStatus.timeout ?? 0).toBeLessThanOrEqual(200);

      // No number reached the simulators twice; every one that did is not `failed` (refunded).
      expect([...reached.entries()].filter(([, n]) => n > 1)).toEqual([]);
      for (const m of messages) {
        if (m.status === 'delivered' || m.status === 'undeliverable' || m.status === 'expired') {
          expect(reached.has(m.to_number), `${m.to_number} ${m.status}`).toBe(true);
        }
      }

      // Charged once: one charge per batch (key = the batch's id) of exactly its messages'
      // prices, at most one refund per message (key = its id), of its price, and only for a
      // message that never reached a gateway.
      const entries = (
        await client.query<{ key: string; kind: string; amount: string; n: string }>(
          `select idempotency_key as key, min(kind) as kind, sum(amount)::text as amount, count(*) as n
               from ledger_entries where company_id = $1 and account = 'balance'
              group by idempotency_key`,
          [DIRECT],
        )
      ).rows;
      const byKey = new Map(entries.map((e) => [e.key, e]));
      expect(entries.filter((e) => Number(e.n) !== 1)).toEqual([]);
      const batchPrices = new Map<string, number>();
      for (const m of messages) {
        batchPrices.set(m.batch_id, (batchPrices.get(m.batch_id) ?? 0) + Number(m.price));
        const refund = byKey.get(`${m.id}:refund`);
        if (refund) {
          // Refunded: only what never reached a gateway.
          expect(reached.has(m.to_number)).toBe(false);
          expect(Number(refund.amount)).toBeCloseTo(Number(m.price), 6);
        }
      }
      expect(batchPrices.size).toBe(batches.length);
      for (const [batchId, price] of batchPrices) {
        const charge = byKey.get(`sms-batch:${batchId}`);
        expect(charge, `charge of batch ${batchId}`).toBeDefined();
        expect(charge!.kind).toBe('charge');
        expect(Number(charge!.amount)).toBeCloseTo(-price, 6);
      }
      // Nothing else was charged.
      expect(entries.filter((e) => e.kind === 'charge')).toHaveLength(batches.length);
    } finally {
      await client.end();
    }

    // Reconciliation over the whole database, by the job an operator runs.
    await expectLedgerReconciled(server.baseUrl, await login(server.baseUrl, 'admin'));
  });
});

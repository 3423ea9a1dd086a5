import { randomUUID } from 'node:crypto';
import { SMS_FINAL_STATUSES } from '@switchboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/platform/stable-id';
import { apiKeyOf, login, type SpawnedServer, spawnServer } from './support/spawned-server';
import { expectLedgerReconciled, type SpawnedSmsWorld, startSpawnedSmsWorld } from './support/spawned-sms';

/**
 * SIGKILL of a dispatcher whose gateway windows are full (the SMSCs hold their answers) while it
 * holds more claimed messages than the windows take: what it had not written to any connection is
 * sent after the restart, each message reaches the SMSCs once, and what the kill may lose (written,
 * never answered; `timeout` unless its receipt comes) is at most what the windows hold, not the
 * claim-ahead. Balances equal the ledger after it.
 *
 * PostgreSQL only (as sms-crash.test.ts): runs in the PostgreSQL step of CI.
 */

const adminUrl = process.env.DATABASE_URL;
const TOTAL = 1_000;
const DIRECT = stableId('company:Direct Retail Ltd');

describe.skipIf(!adminUrl)('SIGKILL with the windows full and more claimed', () => {
  let world: SpawnedSmsWorld;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    world = await startSpawnedSmsWorld(
      adminUrl!,
      'sb_sms_crash_windows',
      (i) => ({ receiptDelayMs: 100, outcomes: { delivered: 100 }, idStart: 1 + i * 4e15 }),
      {
        SMS_SUBMIT_TIMEOUT_S: '3',
        SMS_CLAIM_LEASE_S: '2',
        // Messages marked as being written and not yet written at the kill (the bound) end
        // `timeout` at validity: short, so the test sees them final; long enough for every message
        // accepted before the kill to be sent after the restart on a loaded machine.
        SMS_VALIDITY_S: '120',
        SMS_SWEEP_MS: '500',
      },
    );
    // Taken, never answered: the windows fill and stay full until the kill.
    for (const [i, smsc] of world.simulators.entries()) smsc.holdAnswers(world.accounts[i]!);
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await world?.stop();
  });

  // A kill, a restart and every message final (validity is 120 s): minutes on a busy machine.
  it('sends after the restart what was never written; loses at most the windows', {
    timeout: 600_000,
  }, async () => {
    const { database, simulators, accounts, reached, submits, env } = world;
    server = await spawnServer(env);
    const admin = await login(server.baseUrl, 'admin');
    const authorization = await apiKeyOf(server.baseUrl, admin, DIRECT);
    const numbers = Array.from({ length: TOTAL }, (_, i) => `86137${String(i).padStart(8, '0')}`);
    for (let b = 0; b < TOTAL; b += 500) {
      const res = await fetch(`${server.baseUrl}/api/openapi/v1/sms`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({
          kind: 'notification',
          to: numbers.slice(b, b + 500),
          text: 'windows crash test',
        }),
      });
      expect(res.status).toBe(200);
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async (where: string) =>
        Number(
          (
            await client.query(`select count(*) from sms_messages where company_id = $1 and ${where}`, [
              DIRECT,
            ])
          ).rows[0].count,
        );
      // The windows of the bound binds (every enabled demo gateway).
      const windows = Number(
        (await client.query('select sum(binds * window_size) as n from sms_gateways where enabled')).rows[0]
          .n,
      );
      // The windows are full (nothing is answered) and the dispatcher claimed beyond them.
      const until = Date.now() + 300_000;
      while (Date.now() < until) {
        const queued = await count(`status = 'queued'`);
        if (submits() > 0 && queued - submits() >= 100) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const atKill = { submits: submits(), queued: await count(`status = 'queued'`) };
      await server.kill('SIGKILL');
      expect(atKill.queued - atKill.submits).toBeGreaterThanOrEqual(100);
      expect(atKill.submits).toBeLessThanOrEqual(windows);
      // The SMSCs answer again (what they held for the dead binds is never sent).
      for (const [i, smsc] of simulators.entries()) smsc.releaseAnswers(accounts[i]!);

      server = await spawnServer(env);
      const finals = [...SMS_FINAL_STATUSES].map((s) => `'${s}'`).join(',');
      const deadline = Date.now() + 300_000;
      while ((await count(`status not in (${finals})`)) > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
      }
      const byStatus = Object.fromEntries(
        (
          await client.query<{ status: string; error_code: string | null; n: string }>(
            'select status, error_code, count(*) as n from sms_messages where company_id = $1 group by 1, 2',
            [DIRECT],
          )
        ).rows.map((r) => [`${r.status}:${r.error_code ?? ''}`, Number(r.n)]),
      );
      console.log('sms-crash-windows: at the kill', atKill, 'windows', windows, 'final', byStatus);
      // Every message final; no number reached the SMSCs twice. What the kill may lose is what
      // was written or marked as being written when it came (at most the windows): those end
      // `timeout` (charged: a gateway may have them), or delivered when the SMSC had taken them
      // (their receipts, whose ids were never answered, are matched by number). Everything else,
      // the claimed and never marked above all, was sent after the restart and delivered.
      expect(await count(`status not in (${finals})`)).toBe(0);
      expect(numbers.filter((n) => (reached.get(n) ?? 0) > 1)).toEqual([]);
      const lost = await count(`status = 'timeout'`);
      expect(lost).toBeLessThanOrEqual(windows);
      expect(await count(`status = 'delivered'`)).toBe(TOTAL - lost);
      expect(await count(`status = 'failed'`)).toBe(0);
      // A number that never reached an SMSC is one of those lost to the kill, never one failed.
      const neverReached = numbers.filter((n) => !reached.has(n));
      expect(neverReached.length).toBeLessThanOrEqual(lost);
      // Nothing refunded: every message reached a gateway.
      const refunds = await client.query(
        `select count(*) from ledger_entries where company_id = $1 and idempotency_key like '%:refund'`,
        [DIRECT],
      );
      expect(Number(refunds.rows[0].count)).toBe(0);
    } finally {
      await client.end();
    }

    await expectLedgerReconciled(server.baseUrl, await login(server.baseUrl, 'admin'));
  });
});

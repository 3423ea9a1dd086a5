import { randomUUID } from 'node:crypto';
import { units } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore, type Core } from '../src/app';
import { type Database, openDatabase } from '../src/platform/db';
import { smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually } from './support/api';
import { FakeGateways, FakeRouting } from './support/sms-fakes';

/**
 * Two worker processes on one database share the queue: every message is submitted exactly once
 * (claims are `FOR UPDATE SKIP LOCKED`, committed before the submit). On PostgreSQL the second
 * worker has its own connection pool; on PGlite it shares the one embedded database.
 */

const DIRECT = companyId('Direct Retail Ltd');
let s: TestServer;
let second: Core;
let secondDatabase: Database | undefined;
const first = new FakeGateways();
const other = new FakeGateways();
// Both "processes" reach the same upstream gateways (by id).
Object.assign(other.ids, first.ids);
other.setReady(Object.values(first.ids));

beforeAll(async () => {
  s = await startServer(
    { SMS_POLL_MS: '10', SMS_DISPATCH_BATCH: '50', SMS_DISPATCH_IN_FLIGHT: '100' },
    { services: { gateways: first, routing: new FakeRouting(first) }, workers: true },
  );
  secondDatabase = s.databaseUrl
    ? await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' })
    : undefined;
  second = await buildCore({
    config: s.app.platform.config,
    database: secondDatabase ?? s.app.database,
    logger: false,
    eventsChannel: s.eventsChannel,
    testServices: { gateways: other, routing: new FakeRouting(first) },
  });
  await second.startWorkers({ jobs: false, only: ['sms'] });
  await s.app.services.ledger.credit(DIRECT, 'topup', units(100), `two-workers-${randomUUID()}`);
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await s?.close();
});

describe('two dispatchers on one database', () => {
  it('submit each message exactly once between them', { timeout: 120_000 }, async () => {
    const numbers = Array.from({ length: 400 }, (_, i) => `86139${String(i).padStart(8, '0')}`);
    const r = await s.app.services.sms.accept({
      companyId: DIRECT,
      userId: null,
      kind: 'notification',
      source: 'console',
      recipients: numbers.map((number) => ({ number })),
      text: 'shared queue',
    });
    const ids = new Set(r.messages.map((m) => m.id!));
    await eventually(async () => {
      const rows = await s.app.database.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.batchId, r.batchId));
      expect(rows.filter((m) => m.status === 'sent')).toHaveLength(400);
    }, 60_000);
    const submits = [...first.submits, ...other.submits].filter((x) => ids.has(x.sms.messageId));
    expect(submits).toHaveLength(400);
    expect(new Set(submits.map((x) => x.sms.messageId)).size).toBe(400);
  });
});

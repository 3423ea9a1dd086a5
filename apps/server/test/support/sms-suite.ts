import type { Page, RateGroup } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EnvInput } from '../../src/platform/config';
import { companies, smsMessages } from '../../src/schema';
import { startServer, type TestServer } from '../harness';
import { eventually, expectOk, tokenOf } from './api';
import { FakeGateways, FakeRouting } from './sms-fakes';

/**
 * What the SMS test files share: a server with the fake gateways and routing and the worker loops
 * running, its users' tokens, the rate groups by name, and helpers over them (a company of its
 * own with money, a message row, waiting for a status, a receipt from the fake upstream).
 */
export function smsSuite(label: string) {
  const gateways = new FakeGateways();
  const routing = new FakeRouting(gateways);
  const tokens: Record<string, string> = {};
  const groups = new Map<string, string>();
  let server: TestServer | undefined;
  let seq = 0;
  const s = (): TestServer => {
    if (!server) throw new Error('the SMS suite has not started');
    return server;
  };
  const call = <T>(
    user: string,
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown; locale?: string } = {},
  ) => s().call<T>(method, path, { token: tokens[user], ...options });
  const db = () => s().app.database.db;
  const messageOf = async (id: string) => {
    const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
    return row!;
  };

  return {
    gateways,
    routing,
    tokens,
    groups,
    call,
    db,
    messageOf,

    /** Starts the server (with `env`), signs `users` in and reads the rate groups. */
    async start(env: EnvInput, users: string[]): Promise<TestServer> {
      server = await startServer(env, { services: { gateways, routing }, workers: true });
      for (const user of users) tokens[user] = await tokenOf(server, user);
      const list = expectOk(
        await call<Page<RateGroup>>('admin', 'GET', '/sys/feerateGroup/list', { query: { pageSize: '100' } }),
      );
      for (const g of list.records) groups.set(g.name, g.id);
      return server;
    },

    /** A company of its own (under `parent`, priced by `group`), with `money` on its balance. */
    async freshCompany(parent: string | null, group: string, money: bigint): Promise<string> {
      const [row] = await db()
        .insert(companies)
        .values({
          name: `${label} ${++seq}-${Math.random().toString(36).slice(2, 7)}`,
          type: 'direct',
          approvalStatus: 'approved',
          parentCompanyId: parent,
        })
        .returning({ id: companies.id });
      const id = row!.id;
      expectOk(
        await call('admin', 'PUT', '/sys/feerateGroup/assign', {
          body: { companyId: id, kind: 'sms', groupId: groups.get(group) },
        }),
      );
      if (money > 0n) await s().app.services.ledger.credit(id, 'topup', money, `topup-${id}`);
      return id;
    },

    /** Polls until the message has `status` (never sleeps and hopes). */
    statusOf(id: string, status: string, timeoutMs = 10_000) {
      return eventually(async () => {
        const m = await messageOf(id);
        expect(m.status).toBe(status);
        return m;
      }, timeoutMs);
    },

    /** The fake upstream's receipt for every part of a message it took. */
    async receipt(id: string, status: 'delivered' | 'undeliverable') {
      const submit = gateways.submitsOf(id).find((x) => x.outcome.ok)!;
      const upstreamIds = submit.outcome.ok ? submit.outcome.upstreamIds : [];
      for (const upstreamId of upstreamIds) {
        await gateways.receipt(submit.gatewayId, upstreamId, status, status === 'delivered' ? null : '001');
      }
    },
  };
}

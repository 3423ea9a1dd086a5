/**
 * The world of the tests that run the SMS engine in a child-process server on PostgreSQL and hurt
 * it (sms-crash, sms-crash-windows, db-outage): a fresh database, the two demo gateways' SMSCs in
 * this process (so they outlive a kill and keep the record of every submit), and the server's
 * settings for them.
 */
import { API_PREFIX } from '@switchboard/contracts';
import { type Smsc, type SmscOptions, startSmsc } from '@switchboard/smsc-sim';
import { expect } from 'vitest';
import { createPgDatabase, freePort } from './spawned-server';

/** The demo gateways' SMSC accounts (src/db/seed): one simulator each. */
const DEMO_ACCOUNTS = [
  { systemId: 'demo-a', password: 'demoA123' },
  { systemId: 'demo-b', password: 'demoB123' },
];

export interface SpawnedSmsWorld {
  database: Awaited<ReturnType<typeof createPgDatabase>>;
  simulators: Smsc[];
  /** The simulators' SMPP accounts, in order. */
  accounts: string[];
  /** Submits the simulators took, by destination number. */
  reached: Map<string, number>;
  /** Every submit the simulators took. */
  submits(): number;
  /**
   * The child server's settings (spawnServer's env): this database, a free port, the simulators
   * as the demo gateways, the demo balance and no send limit; `env` adds or replaces.
   */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Creates the database (`prefix` names it) and starts one simulator per demo gateway with the
 * options `smsc(i)` gives; `env` is added to the server's settings.
 */
export async function startSpawnedSmsWorld(
  adminUrl: string,
  prefix: string,
  smsc: (i: number) => Omit<SmscOptions, 'port' | 'accounts'>,
  env: Record<string, string> = {},
): Promise<SpawnedSmsWorld> {
  const database = await createPgDatabase(adminUrl, prefix);
  const reached = new Map<string, number>();
  const simulators: Smsc[] = [];
  const ports: number[] = [];
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const port = await freePort();
    const simulator = await startSmsc({ ...smsc(i), port, accounts: [account] });
    simulator.on('submit', (part) => reached.set(part.destination, (reached.get(part.destination) ?? 0) + 1));
    simulators.push(simulator);
    ports.push(port);
  }
  return {
    database,
    simulators,
    accounts: DEMO_ACCOUNTS.map((a) => a.systemId),
    reached,
    submits: () => [...reached.values()].reduce((a, b) => a + b, 0),
    env: {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      SMPP_PORT: 'off',
      SMSC_SIM: '0',
      SMSC_SIM_PORTS: ports.join(','),
      DEMO_BALANCE: '100000',
      SMS_API_RATE_LIMIT: '1000000',
      SMS_POLL_MS: '50',
      ...env,
    },
    async stop() {
      for (const simulator of simulators) await simulator.stop();
      await database.drop();
    },
  };
}

/**
 * Runs the ledger reconciliation job on a live server through the jobs API, as an operator does,
 * and expects it to find no difference (a difference fails the run).
 */
export async function expectLedgerReconciled(baseUrl: string, adminToken: string): Promise<void> {
  const request = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${baseUrl}${API_PREFIX}${path}`, {
      ...init,
      headers: { 'X-Access-Token': adminToken, 'content-type': 'application/json', ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as { result: unknown } };
  };
  const run = await request('/sys/quartzJob/execute', {
    method: 'POST',
    body: JSON.stringify({ name: 'ledger.reconcile' }),
  });
  expect(run.status).toBe(200);
  for (;;) {
    const history = await request('/sys/quartzJob/history?name=ledger.reconcile&pageNo=1&pageSize=1');
    const outcome = (history.body.result as { records: { status: string; result?: { accounts?: number } }[] })
      .records[0];
    if (outcome && outcome.status !== 'running') {
      expect(outcome).toMatchObject({ status: 'ok', result: { differences: 0 } });
      expect(outcome.result?.accounts).toBeGreaterThan(0);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

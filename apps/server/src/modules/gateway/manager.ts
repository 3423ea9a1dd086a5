import os from 'node:os';
import { GATEWAY_STATE_MESSAGE } from '@switchboard/contracts';
import type pg from 'pg';
import { connectionOptions, DatabaseClient, type DatabaseTimeouts } from '../../platform/db-health';
import type { Platform } from '../../platform/module';
import type { GatewayRow, GatewayService, GatewayTransport } from './service';
import { BIND_STALE_MS, GATEWAYS_CHANGED } from './service';
import { GatewayClient, type OutboundSms, type SlotStatus, type SubmitOutcome } from './smpp-client';

/** How often the manager tries slots other processes hold (one may have died) and refreshes its rows. */
const SYNC_INTERVAL_MS = 15_000;

/**
 * Session-level locks on one connection of their own: a bind slot is this process's while it
 * holds the slot's lock. On PGlite (one process) a set stands in for them.
 */
export interface SlotLocks {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** The connection holding the locks is gone: every lock is lost. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

class LocalSlotLocks implements SlotLocks {
  private readonly held = new Set<string>();
  async tryLock(key: string) {
    if (this.held.has(key)) return false;
    this.held.add(key);
    return true;
  }
  async unlock(key: string) {
    this.held.delete(key);
  }
  onLost() {}
  async close() {
    this.held.clear();
  }
}

class PostgresSlotLocks implements SlotLocks {
  private client: Promise<pg.Client> | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly timeouts?: DatabaseTimeouts,
  ) {}

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      // Gives up connecting, and drops a connection that stops answering, instead of hanging.
      const client = new DatabaseClient(
        connectionOptions(this.databaseUrl, this.timeouts, `switchboard-gateway-locks-${process.pid}`),
      );
      const lost = () => {
        if (!this.client) return;
        this.client = undefined;
        for (const listener of this.listeners) listener();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  async tryLock(key: string) {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [key],
    );
    return rows[0]?.locked === true;
  }

  async unlock(key: string) {
    const client = await this.client;
    await client?.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
  }

  onLost(listener: () => void) {
    this.listeners.push(listener);
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.end()).catch(() => {});
  }
}

const slotKey = (gatewayId: string, slot: number) => `sms-gateway:${gatewayId}:${slot}`;

interface Running {
  client: GatewayClient;
  /** What the client was built from: a change of it re-binds. */
  version: string;
  row: GatewayRow;
}

/**
 * Keeps the binds of the enabled gateways in a worker process: each slot (0..binds-1) is bound
 * by the process holding its advisory lock, so two processes never bind the same slot. A change
 * of the settings anywhere (cache bus) re-binds; slot states go to `sms_gateway_binds` and, as
 * the gateway's state, to staff over the realtime hub.
 */
export class GatewayManager implements GatewayTransport {
  private readonly running = new Map<string, Running>();
  private readonly locks: SlotLocks;
  /** host:pid: the owner written on this process's slot rows. */
  readonly owner = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly gateways: GatewayService,
    private readonly platform: Platform,
    locks?: SlotLocks,
  ) {
    this.locks =
      locks ??
      (platform.database.kind === 'postgres' && platform.config.databaseUrl
        ? new PostgresSlotLocks(platform.config.databaseUrl, platform.config.databaseTimeouts)
        : new LocalSlotLocks());
    this.locks.onLost(() => {
      platform.log.warn('gateway lock connection lost: every bind is closed and taken again');
      // The database may be down too (closing writes the binds' rows): never an unhandled rejection.
      this.syncing = this.syncing
        .then(() => this.closeAll())
        .catch((error: unknown) => platform.log.warn({ err: error }, 'gateway binds not all closed cleanly'))
        .then(() => this.sync());
    });
  }

  async start(): Promise<void> {
    this.gateways.attachTransport(this);
    this.platform.caches.register(GATEWAYS_CHANGED, () => {
      void this.requestSync();
    });
    await this.requestSync();
    this.timer = setInterval(() => void this.requestSync(), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** Syncs once more after any sync under way (changes never run concurrently). */
  requestSync(): Promise<void> {
    this.syncing = this.syncing.then(
      () => this.sync(),
      () => this.sync(),
    );
    return this.syncing;
  }

  submit(gatewayId: string, sms: OutboundSms): Promise<SubmitOutcome> {
    const running = this.running.get(gatewayId);
    if (!running) return Promise.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    return running.client.submit(sms);
  }

  ready(): string[] {
    return [...this.running.entries()].filter(([, r]) => r.client.ready).map(([id]) => id);
  }

  capacity(gatewayId?: string): number {
    if (gatewayId !== undefined) return this.running.get(gatewayId)?.client.capacity() ?? 0;
    let sum = 0;
    for (const { client } of this.running.values()) sum += client.capacity();
    return sum;
  }

  /** The client of a gateway in this process (tests, the state screen). */
  clientOf(gatewayId: string): GatewayClient | undefined {
    return this.running.get(gatewayId)?.client;
  }

  private async sync(): Promise<void> {
    if (this.stopped) return;
    try {
      const rows = await this.gateways.allRows();
      const wanted = new Map(rows.filter((r) => r.enabled).map((r) => [r.id, r]));
      for (const [id, running] of [...this.running]) {
        const row = wanted.get(id);
        if (!row || versionOf(row) !== running.version) await this.stopGateway(id);
      }
      for (const row of wanted.values()) await this.ensure(row);
      // Disabled or deleted gateways: tell the console at once.
      for (const row of rows.filter((r) => !r.enabled)) {
        if (!this.announced.has(`${row.id}:disabled:${row.updatedAt.getTime()}`)) {
          this.announced.add(`${row.id}:disabled:${row.updatedAt.getTime()}`);
          await this.publish(row.id);
        }
      }
      const now = new Date();
      await this.gateways.touchBinds(this.owner, now);
      await this.gateways.deleteStaleBinds(new Date(now.getTime() - BIND_STALE_MS * 2));
    } catch (error) {
      this.platform.log.warn({ err: error }, 'gateway sync failed; trying again shortly');
    }
  }

  private readonly announced = new Set<string>();

  private async ensure(row: GatewayRow): Promise<void> {
    let running = this.running.get(row.id);
    if (!running) {
      const config = await this.gateways.clientConfig(row);
      if (!config) {
        this.platform.log.error(
          { gateway: row.name },
          'the gateway password does not open with the current secrets key (SECRETS_KEY changed?): set it again',
        );
        return;
      }
      const client = new GatewayClient(config, {
        state: (slot, status) => void this.slotState(row.id, slot, status),
        receipt: (receipt) => this.gateways.deliverReceipt(receipt),
        log: (level, message, details) => this.platform.log[level](details ?? {}, message),
      });
      running = { client, version: versionOf(row), row };
      this.running.set(row.id, running);
    }
    for (let slot = 0; slot < row.binds; slot++) {
      if (running.client.slotIndexes().includes(slot)) continue;
      if (await this.locks.tryLock(slotKey(row.id, slot))) {
        await this.slotState(row.id, slot, { state: 'connecting', lastError: null, since: new Date() });
        running.client.addSlot(slot);
      }
    }
  }

  private async stopGateway(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    this.running.delete(id);
    const slots = running.client.slotIndexes();
    await running.client.close();
    for (const slot of slots) {
      // A state write under way would put the row back after its delete.
      await this.slotWrites.get(slotKey(id, slot));
      await this.locks.unlock(slotKey(id, slot)).catch(() => {});
      await this.gateways.deleteBind(id, slot, this.owner).catch(() => {});
    }
    await this.publish(id).catch((error: unknown) =>
      this.platform.log.warn({ err: error }, 'gateway state not published'),
    );
  }

  /**
   * Writes of one slot's state, in the order the slot changed: written concurrently on a pool of
   * connections, a late "connecting" could land after "bound" and stay there (seen on PostgreSQL).
   */
  private readonly slotWrites = new Map<string, Promise<void>>();

  private slotState(gatewayId: string, slot: number, status: SlotStatus): Promise<void> {
    const key = slotKey(gatewayId, slot);
    const next = (this.slotWrites.get(key) ?? Promise.resolve()).then(() =>
      this.writeSlotState(gatewayId, slot, status),
    );
    this.slotWrites.set(key, next);
    void next.finally(() => {
      if (this.slotWrites.get(key) === next) this.slotWrites.delete(key);
    });
    return next;
  }

  private async writeSlotState(gatewayId: string, slot: number, status: SlotStatus): Promise<void> {
    if (!this.running.has(gatewayId)) return;
    try {
      await this.gateways.putBind({
        gatewayId,
        slot,
        state: status.state,
        lastError: status.lastError?.slice(0, 500) ?? null,
        since: status.since,
        owner: this.owner,
        seenAt: new Date(),
      });
      await this.publish(gatewayId);
    } catch (error) {
      this.platform.log.warn({ err: error }, 'gateway bind state not recorded');
    }
  }

  /** The gateway's state (over every process's slots) to staff. */
  private async publish(gatewayId: string): Promise<void> {
    const state = await this.gateways.stateOf(gatewayId);
    if (!state) return;
    await this.platform.realtime.publish(
      { kind: 'roles', roleCodes: ['admin'] },
      { cmd: 'topic', msgId: GATEWAY_STATE_MESSAGE, msgTxt: JSON.stringify(state) },
    );
  }

  private async closeAll(): Promise<void> {
    for (const id of [...this.running.keys()]) await this.stopGateway(id);
  }

  /** Graceful: unbinds every slot, forgets its rows and locks. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.syncing.catch(() => {});
    await this.closeAll().catch(() => {});
    await this.locks.close();
    this.gateways.attachTransport(undefined);
  }
}

/** The settings a client is built from (a change re-binds). */
function versionOf(row: GatewayRow): string {
  const { createdAt: _c, updatedAt: _u, remark: _r, name: _n, enabled: _e, ...settings } = row;
  return JSON.stringify(settings);
}

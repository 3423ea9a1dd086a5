import type {
  GatewayOption,
  gatewayCopySchema,
  gatewayEditSchema,
  gatewayInputSchema,
  gatewaySchema,
  gatewayStateSchema,
  PageQuery,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { afterCommit, type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Platform, Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { SecretBox } from '../../platform/secret-box';
import {
  type GatewayBindRow,
  type GatewayFilters,
  GatewayRepo,
  type GatewayRow,
  type GatewayValues,
} from './repo';
import type { GatewayClientConfig, GatewayReceipt, OutboundSms, SubmitOutcome } from './smpp-client';

export type { GatewayRow } from './repo';
export type { GatewayReceipt, OutboundSms, SubmitOutcome } from './smpp-client';

type GatewayInput = z.output<typeof gatewayInputSchema>;
type GatewayEdit = z.output<typeof gatewayEditSchema>;
type GatewayCopy = z.output<typeof gatewayCopySchema>;

/** The cache-bus name of the gateway settings: a change makes every worker bind again. */
export const GATEWAYS_CHANGED = 'smsGateways';
/** A slot row not refreshed for this long belongs to a process that is gone. */
export const BIND_STALE_MS = 90_000;

/** A gateway as answered: every column but the password. */
export type GatewayRecord = z.output<typeof gatewaySchema>;
type GatewayState = z.output<typeof gatewayStateSchema>;

export function recordOf(row: GatewayRow): GatewayRecord {
  const { password: _password, ownerCompanyId: _owner, ...rest } = row;
  return rest as GatewayRecord;
}

/** What sends and receives for this process (the manager in worker processes). */
export interface GatewayTransport {
  submit(gatewayId: string, sms: OutboundSms): Promise<SubmitOutcome>;
  ready(): string[];
  /** Windows of the bound binds in this process: of one gateway, or of all. */
  capacity(gatewayId?: string): number;
}

/**
 * Whether a gateway is in use, by another module (routes naming it, messages waiting for it):
 * answers what uses it (`2 routes`) or null.
 */
export type GatewayUsageCheck = (gateway: GatewayRow) => Promise<string | null>;

/** The additional data sealing a gateway's password: the sealed text opens for that row only. */
const passwordAad = (id: string) => `sms_gateways.password:${id}`;

/** How long a receipt that comes before the receipt handler is registered waits for it. */
const RECEIPT_HANDLER_WAIT_MS = 30_000;

/**
 * Upstream SMS gateways: their settings (the password sealed with the platform's secret box,
 * never answered), the live bind state of every slot, and, through the manager of a worker
 * process, submits and receipts.
 */
export class GatewayService {
  private readonly repo: GatewayRepo;
  private transport: GatewayTransport | undefined;
  private receiptHandler: ((r: GatewayReceipt) => Promise<void>) | undefined;
  /** Resolves when the handler is registered (binds come up before the sms worker starts). */
  private readonly handlerRegistered: Promise<void>;
  private handlerRegisteredNow: () => void = () => {};
  private readonly usageChecks: GatewayUsageCheck[] = [];

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'apiAccess'>,
    private readonly platform: Platform,
  ) {
    this.repo = new GatewayRepo(db);
    this.handlerRegistered = new Promise<void>((resolve) => (this.handlerRegisteredNow = resolve));
  }

  // --- the interface other modules use (sms-interfaces.md) ---

  /** Waits for window and TPS room; retryable failure at once when this process has no bound bind. */
  submit(gatewayId: string, sms: OutboundSms): Promise<SubmitOutcome> {
    if (!this.transport) {
      return Promise.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    }
    return this.transport.submit(gatewayId, sms);
  }

  /** Gateways this process can submit to now (it owns a bound bind). */
  ready(): string[] {
    return this.transport?.ready() ?? [];
  }

  /**
   * Submits this process's bound binds can have outstanding at once (their windows, summed): of
   * one gateway, or of every gateway.
   */
  capacity(gatewayId?: string): number {
    return this.transport?.capacity(gatewayId) ?? 0;
  }

  /**
   * One handler (the sms module). deliver_sm_resp is sent after it resolves; if it throws, a
   * non-zero status is answered so the SMSC sends the receipt again.
   */
  onReceipt(handler: (r: GatewayReceipt) => Promise<void>): void {
    this.receiptHandler = handler;
    this.handlerRegisteredNow();
  }

  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.repo.byIds([...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  get(id: string): Promise<GatewayRow | undefined> {
    return this.repo.byId(id);
  }

  /** Another module refuses the deletion of gateways it uses (routing, messages). */
  registerUsageCheck(check: GatewayUsageCheck): void {
    this.usageChecks.push(check);
  }

  // --- for the manager ---

  /** The manager of this (worker) process. */
  attachTransport(transport: GatewayTransport | undefined): void {
    this.transport = transport;
  }

  /**
   * Hands a receipt to the registered handler. The binds start before the sms module's worker
   * registers it, and an SMSC sends the receipts it kept at once on bind: those wait for the
   * handler (a while) rather than being refused, since not every SMSC sends a refused receipt
   * again. Without a handler by then the SMSC is asked to send it again (non-zero answer).
   */
  async deliverReceipt(receipt: GatewayReceipt): Promise<void> {
    if (!this.receiptHandler) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.handlerRegistered,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, RECEIPT_HANDLER_WAIT_MS);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    }
    if (!this.receiptHandler) throw new Error('no receipt handler registered');
    await this.receiptHandler(receipt);
  }

  allRows(): Promise<GatewayRow[]> {
    return this.repo.all();
  }

  /** The client settings of a row, its password opened (null when it does not open). */
  async clientConfig(row: GatewayRow): Promise<GatewayClientConfig | null> {
    const password = (await this.box()).open(row.password, passwordAad(row.id));
    if (password === null) return null;
    return {
      id: row.id,
      name: row.name,
      host: row.host,
      port: row.port,
      systemId: row.systemId,
      password,
      systemType: row.systemType,
      bindMode: row.bindMode === 'pair' ? 'pair' : 'transceiver',
      windowSize: row.windowSize,
      tps: row.tps,
      sourceTon: row.sourceTon,
      sourceNpi: row.sourceNpi,
      destTon: row.destTon,
      destNpi: row.destNpi,
      defaultDataCoding: row.defaultDataCoding,
      enquireLinkSeconds: row.enquireLinkSeconds,
      reconnectSeconds: row.reconnectSeconds,
      reconnectMaxSeconds: row.reconnectMaxSeconds,
      submitIdFormat: row.submitIdFormat === 'decimal' ? 'decimal' : 'hex',
      receiptIdFormat: row.receiptIdFormat === 'decimal' ? 'decimal' : 'hex',
      errorMap: row.errorMap,
    };
  }

  putBind(row: GatewayBindRow) {
    return this.repo.putBind(row);
  }

  touchBinds(owner: string, at: Date) {
    return this.repo.touchBinds(owner, at);
  }

  deleteBind(gatewayId: string, slot: number, owner: string) {
    return this.repo.deleteBind(gatewayId, slot, owner);
  }

  deleteStaleBinds(before: Date) {
    return this.repo.deleteStaleBinds(before);
  }

  // --- live state ---

  /** The live state of every gateway (disabled ones included). */
  async states(now = new Date()): Promise<GatewayState[]> {
    const [rows, binds] = await Promise.all([this.repo.all(), this.repo.binds()]);
    return rows.map((row) => stateOf(row, binds, now));
  }

  async stateOf(id: string, now = new Date()): Promise<GatewayState | undefined> {
    const row = await this.repo.byId(id);
    if (!row) return undefined;
    return stateOf(row, await this.repo.bindsOf(id), now);
  }

  // --- the console (staff) ---

  list(query: PageQuery & GatewayFilters) {
    return paginate(
      query,
      () => this.repo.count(query),
      async (limit, offset) => (await this.repo.list(query, limit, offset)).map(recordOf),
    );
  }

  async exportRows(filters: GatewayFilters, limit: number): Promise<GatewayRecord[]> {
    return (await this.repo.list(filters, limit, 0)).map(recordOf);
  }

  /** Ids, names and the enabled flag of these gateways (every gateway without `ids`), by name. */
  async options(ids?: readonly string[]): Promise<GatewayOption[]> {
    if (ids && ids.length === 0) return [];
    return this.repo.options(ids);
  }

  async byId(id: string): Promise<GatewayRecord> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('GATEWAY_NOT_FOUND', 404);
    return recordOf(row);
  }

  async add(input: GatewayInput): Promise<GatewayRecord> {
    const box = await this.box();
    return this.write(async () => {
      if ((await this.repo.takenNames([input.name])).length > 0)
        throw new AppError('GATEWAY_NAME_TAKEN', 409);
      const id = crypto.randomUUID();
      const row = await this.repo.insert({
        ...valuesOf(input),
        id,
        password: box.seal(input.password, passwordAad(id)),
      });
      return recordOf(row);
    });
  }

  /** Adds every row of an import in one transaction (all or none). */
  async addAll(inputs: GatewayInput[]): Promise<number> {
    const box = await this.box();
    return this.write(async () => {
      for (const input of inputs) {
        const id = crypto.randomUUID();
        await this.repo.insert({
          ...valuesOf(input),
          id,
          password: box.seal(input.password, passwordAad(id)),
        });
      }
      return inputs.length;
    });
  }

  /** Which of these names are taken already (lower case), for an import's check. */
  async takenNames(names: string[]): Promise<Set<string>> {
    return new Set((await this.repo.takenNames(names)).map((n) => n.toLowerCase()));
  }

  async edit(input: GatewayEdit): Promise<GatewayRecord> {
    const box = await this.box();
    const { id, password, ...rest } = input;
    return this.write(async () => {
      if ((await this.repo.takenNames([rest.name], id)).length > 0)
        throw new AppError('GATEWAY_NAME_TAKEN', 409);
      const values: Partial<GatewayValues> = valuesOf(rest);
      if (password) values.password = box.seal(password, passwordAad(id));
      const row = await this.repo.update(id, values);
      if (!row) throw new AppError('GATEWAY_NOT_FOUND', 404);
      return recordOf(row);
    });
  }

  /** Every setting and the password under a new name; the copy starts disabled. */
  async copy(input: GatewayCopy): Promise<GatewayRecord> {
    const box = await this.box();
    return this.write(async () => {
      const source = await this.repo.byId(input.id);
      if (!source) throw new AppError('GATEWAY_NOT_FOUND', 404);
      if ((await this.repo.takenNames([input.name])).length > 0)
        throw new AppError('GATEWAY_NAME_TAKEN', 409);
      const password = box.open(source.password, passwordAad(source.id));
      if (password === null) throw new AppError('GATEWAY_NOT_FOUND', 404);
      const id = crypto.randomUUID();
      const { createdAt: _c, updatedAt: _u, id: _id, ...settings } = source;
      const row = await this.repo.insert({
        ...settings,
        id,
        name: input.name,
        enabled: false,
        password: box.seal(password, passwordAad(id)),
      });
      return recordOf(row);
    });
  }

  async setEnabled(id: string, enabled: boolean): Promise<GatewayRecord> {
    return this.write(async () => {
      const row = await this.repo.update(id, { enabled });
      if (!row) throw new AppError('GATEWAY_NOT_FOUND', 404);
      return recordOf(row);
    });
  }

  /** Deletes every one of `ids` or none: refused, naming it, while another module uses one. */
  removeAll(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.byIds(ids);
      if (rows.length !== ids.length) throw new AppError('GATEWAY_NOT_FOUND', 404);
      for (const row of rows) {
        for (const check of this.usageChecks) {
          const usage = await check(row);
          if (usage) throw new AppError('GATEWAY_IN_USE', 409, { name: row.name, usage });
        }
      }
      return (await this.repo.deleteMany(ids)).length;
    });
  }

  /** The two demo gateways (pointing to the simulators `npm start` runs); idempotent. */
  async seedDemo(gateways: (GatewayInput & { id: string })[]): Promise<void> {
    const box = await this.box();
    for (const gateway of gateways) {
      if (await this.repo.byId(gateway.id)) continue;
      if ((await this.repo.takenNames([gateway.name])).length > 0) continue;
      await this.repo.insertIfMissing({
        ...valuesOf(gateway),
        id: gateway.id,
        password: box.seal(gateway.password, passwordAad(gateway.id)),
      });
    }
  }

  /** Writes in a transaction; once committed, every worker binds again (cache bus). */
  private write<T>(fn: () => Promise<T>): Promise<T> {
    return withTransaction(
      this.db,
      async () => {
        try {
          const result = await fn();
          await afterCommit(() => this.platform.caches.changed(GATEWAYS_CHANGED));
          return result;
        } catch (error) {
          if (isUniqueViolation(error, 'sms_gateways_name_uq')) throw new AppError('GATEWAY_NAME_TAKEN', 409);
          throw error;
        }
      },
      this.platform.log,
    );
  }

  private box(): Promise<SecretBox> {
    return this.services.apiAccess.secretBox();
  }
}

function valuesOf(input: Omit<GatewayInput, 'password'>): Omit<GatewayValues, 'password'> {
  return {
    name: input.name,
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    systemId: input.systemId,
    systemType: input.systemType,
    bindMode: input.bindMode,
    binds: input.binds,
    windowSize: input.windowSize,
    tps: input.tps,
    sourceTon: input.sourceTon,
    sourceNpi: input.sourceNpi,
    destTon: input.destTon,
    destNpi: input.destNpi,
    defaultDataCoding: input.defaultDataCoding,
    enquireLinkSeconds: input.enquireLinkSeconds,
    reconnectSeconds: input.reconnectSeconds,
    reconnectMaxSeconds: input.reconnectMaxSeconds,
    submitIdFormat: input.submitIdFormat,
    receiptIdFormat: input.receiptIdFormat,
    errorMap: Object.fromEntries(Object.entries(input.errorMap).map(([k, v]) => [k.toLowerCase(), v])),
    remark: input.remark ?? null,
  };
}

/**
 * A gateway's state over its slots: disabled; bound when a slot is bound; connecting when one is
 * on its way; else down (also when no live worker holds any slot). The last error is the most
 * recent of its slots'.
 */
export function stateOf(row: GatewayRow, binds: GatewayBindRow[], now: Date): GatewayState {
  const live = binds.filter(
    (b) => b.gatewayId === row.id && b.slot < row.binds && now.getTime() - b.seenAt.getTime() < BIND_STALE_MS,
  );
  const bound = live.filter((b) => b.state === 'bound').length;
  const base = { gatewayId: row.id, bound, binds: row.binds };
  if (!row.enabled) return { ...base, state: 'disabled', lastError: null, since: row.updatedAt };
  const latest = [...live].sort((a, b) => b.since.getTime() - a.since.getTime());
  const withError = latest.find((b) => b.lastError);
  const state = bound > 0 ? 'bound' : live.some((b) => b.state === 'connecting') ? 'connecting' : 'down';
  const since = latest.find((b) => b.state === state)?.since ?? null;
  return {
    ...base,
    state,
    lastError: state === 'bound' && bound === row.binds ? null : (withError?.lastError ?? null),
    since,
  };
}

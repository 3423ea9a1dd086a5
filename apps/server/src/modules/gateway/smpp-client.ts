/// <reference path="../../../../../packages/smsc-sim/src/smpp.d.ts" />
import {
  encodeGsm7,
  errorCodeValue,
  type GatewayBindMode,
  type GatewayBindState,
  type GatewayIdFormat,
  type GatewayReceiptStatus,
  smsSegments,
} from '@switchboard/contracts';
import { parseReceipt, TokenBucket } from '@switchboard/smsc-sim';
import smpp, { type Pdu, type Session } from 'smpp';

/** A message to submit (the sms module's); `text` whole, split here. */
export interface OutboundSms {
  /** Ours (uuid). */
  messageId: string;
  /** Sender id; null: the gateway's default (none: the SMSC's). */
  from: string | null;
  /** International digits. */
  to: string;
  text: string;
  registeredDelivery: boolean;
  /**
   * A throttled part is submitted again (with the slot's back-off) until then; without it, a few
   * times. A part after one the SMSC took is never given up for throttling before then.
   */
  validUntil?: Date;
}

export type SubmitOutcome =
  /** One normalised upstream id per part, in part order. */
  | { ok: true; upstreamIds: string[] }
  /** Not taken: no part reached the SMSC (retryable: it may take it later). */
  | { ok: false; retryable: boolean; errorCode: string; commandStatus?: number }
  /**
   * The SMSC may have taken it (a part written and never answered: the bind died or the answer
   * did not come), or took some parts and not the next: it must never be sent elsewhere. The id
   * of each part, null where it is not known.
   */
  | { ok: false; retryable: false; errorCode: string; taken: (string | null)[] };

export interface GatewayReceipt {
  gatewayId: string;
  /** Normalised to the same form as SubmitOutcome.upstreamIds. */
  upstreamId: string;
  status: GatewayReceiptStatus;
  /** The receipt's `err:` code (or `stat:` text when it has none). */
  errorCode: string | null;
  doneAt: Date;
  raw: string;
  /**
   * The number the receipt reports (deliver_sm source_addr, digits only): matches a receipt whose
   * id was never answered to the message sent to that number.
   */
  handset?: string | null;
  /** The receipt text's `text:` excerpt (the message's first characters), null when none. */
  excerpt?: string | null;
}

/** What the client needs of a gateway's settings (the row, the password opened). */
export interface GatewayClientConfig {
  id: string;
  name: string;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  bindMode: GatewayBindMode;
  windowSize: number;
  /** Submits per second for the gateway (every slot of this process); 0: no limit. */
  tps: number;
  sourceTon: number;
  sourceNpi: number;
  destTon: number;
  destNpi: number;
  defaultDataCoding: number;
  enquireLinkSeconds: number;
  reconnectSeconds: number;
  reconnectMaxSeconds: number;
  /** Connecting and binding must be done within this (default 10 s); otherwise the slot tries again. */
  bindTimeoutSeconds?: number;
  submitIdFormat: GatewayIdFormat;
  receiptIdFormat: GatewayIdFormat;
  errorMap: Record<string, string>;
}

/** SMPP 3.4 command_status values the client acts on. */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RMSGQFUL: 0x14,
  ESME_RTHROTTLED: 0x58,
  /** deliver_sm_resp: the receipt could not be taken now, send it again. */
  ESME_RX_T_APPN: 0x64,
} as const;

/** command_status values that mean "too fast": back off and submit again. */
const THROTTLE_STATUSES = new Set<number>([SMPP_STATUS.ESME_RTHROTTLED, SMPP_STATUS.ESME_RMSGQFUL]);
/** A part is retried this many times after throttling before the submit fails (retryable). */
const MAX_THROTTLE_RETRIES = 8;
const THROTTLE_BACKOFF_FIRST_MS = 100;
const THROTTLE_BACKOFF_MAX_MS = 5_000;
/** No submit_sm_resp within this: the bind is taken for dead (and the outcome unknown). */
const RESPONSE_TIMEOUT_MS = 30_000;
const BIND_TIMEOUT_MS = 10_000;

/** Time source and timers, injectable for tests of back-off (defaults: the real ones). */
export interface ClientClock {
  now(): number;
}

export interface ClientEvents {
  /** A slot's state changed. */
  state(slot: number, state: SlotStatus): void;
  receipt(receipt: GatewayReceipt): Promise<void>;
  log?(level: 'info' | 'warn', message: string, details?: Record<string, unknown>): void;
}

export interface SlotStatus {
  state: Exclude<GatewayBindState, 'disabled'>;
  lastError: string | null;
  since: Date;
}

const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

/** The name of a command_status for messages (`ESME_RTHROTTLED`), or its hex. */
export function statusName(status: number): string {
  for (const [name, value] of Object.entries(smpp.errors)) if (value === status) return name;
  return hex(status);
}

/**
 * An upstream message id in one canonical form: numeric ids (in the given format) lower case
 * without leading zeros, anything else as is (trimmed).
 */
export function normaliseId(id: string, format: GatewayIdFormat): string {
  const text = id.trim();
  if (format === 'hex' && /^[0-9a-f]+$/i.test(text)) return text.toLowerCase().replace(/^0+(?=.)/, '');
  if (format === 'decimal' && /^\d+$/.test(text)) return text.replace(/^0+(?=.)/, '');
  return text;
}

/** A receipt text's id in the submit_sm_resp form (converted when the two formats differ). */
export function receiptIdToSubmitForm(
  id: string,
  receiptFormat: GatewayIdFormat,
  submitFormat: GatewayIdFormat,
) {
  const text = id.trim();
  if (receiptFormat === submitFormat) return normaliseId(text, submitFormat);
  try {
    if (receiptFormat === 'decimal' && /^\d+$/.test(text)) return BigInt(text).toString(16);
    if (receiptFormat === 'hex' && /^[0-9a-f]+$/i.test(text)) return BigInt(`0x${text}`).toString(10);
  } catch {
    // not a number after all: as is
  }
  return normaliseId(text, submitFormat);
}

const STAT_STATUS: Record<string, GatewayReceiptStatus> = {
  DELIVRD: 'delivered',
  UNDELIV: 'undeliverable',
  EXPIRED: 'expired',
  REJECTD: 'rejected',
};

/** The status of a receipt: the gateway's error map by `err:` code first, else by `stat:`. */
export function receiptStatus(
  stat: string,
  err: string,
  errorMap: Record<string, string>,
): GatewayReceiptStatus {
  const code = errorCodeValue(err);
  if (code !== null) {
    for (const [key, status] of Object.entries(errorMap)) {
      if (errorCodeValue(key) === code) return status as GatewayReceiptStatus;
    }
  }
  return STAT_STATUS[stat.toUpperCase()] ?? 'failed';
}

/** `YYMMDDhhmm[ss]` (UTC) of a receipt's done date; undefined when it is not one. */
export function receiptDate(text: string): Date | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(text);
  if (!m) return undefined;
  const [, yy, mo, dd, hh, mi, ss] = m;
  const date = new Date(
    Date.UTC(2000 + Number(yy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0)),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The text of a deliver_sm's short_message (or message_payload) as the library decoded it. */
function pduText(pdu: Pdu): string {
  const value = pdu.short_message && !isEmpty(pdu.short_message) ? pdu.short_message : pdu.message_payload;
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  return typeof value.message === 'string' ? value.message : value.message.toString('latin1');
}

function isEmpty(value: NonNullable<Pdu['short_message']>): boolean {
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value.length === 0;
  return value.message.length === 0;
}

/** The `text:` excerpt of a receipt's text (as kept with a pending receipt), null when none. */
export function receiptExcerptOf(raw: string): string | null {
  return parseReceipt(raw)?.text || null;
}

/** A receipt's source_addr as international digits (`+86…`, `0086…` → `86…`); null when it is none. */
export function handsetOf(address: string | undefined): string | null {
  const digits = (address ?? '').trim().replace(/^\+|^00/, '');
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/**
 * Reads a deliver_sm as a receipt (esm_class says so): the id from the receipted_message_id TLV
 * when present (the submit_sm_resp form), else from the text (converted from the receipt form).
 * Undefined when the PDU is not a receipt or its text is not one.
 */
export function readReceipt(
  pdu: Pdu,
  config: GatewayClientConfig,
  now = new Date(),
): GatewayReceipt | undefined {
  // esm_class bits 2-5: 0x04 MC delivery receipt (0x08, 0x10, 0x20: other acknowledgements).
  if (((pdu.esm_class ?? 0) & 0x3c) !== 0x04) return undefined;
  const raw = pduText(pdu);
  const parsed = parseReceipt(raw);
  const tlvId = pdu.receipted_message_id?.trim();
  if (!parsed && !tlvId) return undefined;
  const upstreamId = tlvId
    ? normaliseId(tlvId, config.submitIdFormat)
    : receiptIdToSubmitForm(parsed!.id, config.receiptIdFormat, config.submitIdFormat);
  const stat = parsed?.stat ?? '';
  const err = parsed?.err ?? '';
  return {
    gatewayId: config.id,
    upstreamId,
    status: receiptStatus(stat, err, config.errorMap),
    errorCode:
      err && errorCodeValue(err) !== 0 ? err : stat && stat.toUpperCase() !== 'DELIVRD' ? stat : null,
    doneAt: (parsed && receiptDate(parsed.doneDate)) || now,
    raw,
    handset: handsetOf(pdu.source_addr),
    excerpt: parsed?.text || null,
  };
}

/** One part as it goes out: the bytes (UDH included) and its data_coding and esm_class. */
export interface EncodedPart {
  shortMessage: Buffer;
  dataCoding: number;
  esmClass: number;
}

/**
 * Splits a text into parts (GSM-7 or UCS-2 by content, as the price counted them) and encodes
 * each: GSM-7 as unpacked septets with the gateway's default data_coding (0), or Latin-1 bytes
 * for data_coding 1/3; UCS-2 big endian with data_coding 8. A text of several parts gets a UDH
 * per part (IEI 0x00, 8-bit reference `ref`) and the UDHI bit in esm_class.
 */
export function encodeParts(text: string, defaultDataCoding: number, ref: number): EncodedPart[] {
  const segments = smsSegments(text);
  const gsm = segments.encoding === 'gsm7';
  const dataCoding = gsm ? defaultDataCoding : 8;
  const total = segments.parts.length;
  return segments.parts.map((part, index) => {
    const body = gsm
      ? defaultDataCoding === 0
        ? Buffer.from(encodeGsm7(part))
        : Buffer.from(part, 'latin1')
      : Buffer.from(part, 'utf16le').swap16();
    if (total === 1) return { shortMessage: body, dataCoding, esmClass: 0 };
    const udh = Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, index + 1]);
    return { shortMessage: Buffer.concat([udh, body]), dataCoding, esmClass: 0x40 };
  });
}

interface PendingPart {
  part: EncodedPart;
  sms: OutboundSms;
  attempts: number;
  resolve: (outcome: PartOutcome) => void;
}

type PartOutcome =
  | { ok: true; id: string }
  | { ok: false; retryable: boolean; errorCode: string; commandStatus?: number }
  /** Written, never answered: the SMSC may have it. */
  | { ok: false; retryable: false; errorCode: 'SUBMIT_NO_RESPONSE'; unconfirmed: true };

const UNCONFIRMED: PartOutcome = {
  ok: false,
  retryable: false,
  errorCode: 'SUBMIT_NO_RESPONSE',
  unconfirmed: true,
};

/**
 * One bind slot: a transceiver session, or a transmitter and a receiver session. It connects,
 * binds, keeps the link alive (enquire_link, answering the SMSC's), reconnects with a doubling
 * wait up to the maximum, and takes submits up to its window.
 */
class BindSlot {
  status: SlotStatus;
  private tx: Session | null = null;
  private rx: Session | null = null;
  private txBound = false;
  private rxBound = false;
  outstanding = 0;
  /** Throttled: no submit on this slot before then (ms). */
  pausedUntil = 0;
  private throttleBackoffMs = 0;
  private reconnectMs: number;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private enquireTimers: NodeJS.Timeout[] = [];
  private stopped = false;
  /** Submits written and not yet answered: failed (outcome unknown) if the session dies. */
  private readonly inFlight = new Map<Session, Set<(outcome: PartOutcome) => void>>();

  constructor(
    readonly index: number,
    private readonly client: GatewayClient,
  ) {
    this.reconnectMs = client.config.reconnectSeconds * 1000;
    this.status = { state: 'connecting', lastError: null, since: new Date() };
  }

  get bound(): boolean {
    return this.client.config.bindMode === 'pair' ? this.txBound && this.rxBound : this.txBound;
  }

  /** Can take a submit now. */
  get ready(): boolean {
    return (
      this.txBound &&
      this.outstanding < this.client.config.windowSize &&
      this.pausedUntil <= Date.now() &&
      !this.stopped
    );
  }

  start() {
    this.connect();
  }

  private setState(state: SlotStatus['state'], lastError: string | null = this.status.lastError) {
    if (this.status.state === state && this.status.lastError === lastError) return;
    this.status = { state, lastError, since: state === this.status.state ? this.status.since : new Date() };
    this.client.slotChanged(this);
  }

  private connect() {
    if (this.stopped) return;
    this.setState('connecting');
    const config = this.client.config;
    if (config.bindMode === 'pair') {
      this.tx = this.open('transmitter');
      this.rx = this.open('receiver');
    } else {
      this.tx = this.open('transceiver');
      this.rx = this.tx;
    }
  }

  private open(mode: 'transmitter' | 'receiver' | 'transceiver'): Session {
    const config = this.client.config;
    const session = smpp.connect({ host: config.host, port: config.port });
    session.socket.setNoDelay(true);
    let failed = false;
    const fail = (reason: string) => {
      if (failed) return;
      failed = true;
      this.lost(session, reason);
    };
    // Every session has an error listener: a refused connection or a reset must not crash the process.
    session.on('error', (error: Error) => fail(error.message || String(error)));
    session.on('close', () => fail('connection closed'));
    // Until the bind is answered: an SMSC that takes the connection and never answers the bind
    // must not hold the slot in "connecting" for ever.
    let connected = false;
    const timeoutMs = (config.bindTimeoutSeconds ?? BIND_TIMEOUT_MS / 1000) * 1000;
    const connectTimer = setTimeout(() => {
      fail(
        connected
          ? `no answer to the bind within ${timeoutMs / 1000} s`
          : `no connection within ${timeoutMs / 1000} s`,
      );
      session.socket.destroy();
    }, timeoutMs);
    session.on('connect', () => {
      connected = true;
      const bind =
        mode === 'transmitter'
          ? 'bind_transmitter'
          : mode === 'receiver'
            ? 'bind_receiver'
            : 'bind_transceiver';
      session[bind](
        {
          system_id: config.systemId,
          password: config.password,
          system_type: config.systemType,
          interface_version: 0x34,
        },
        (pdu: Pdu) => {
          clearTimeout(connectTimer);
          if (pdu.command_status !== 0) {
            const reason = `bind refused: ${statusName(pdu.command_status)}`;
            fail(reason);
            session.socket.destroy();
            return;
          }
          if (mode !== 'receiver') this.txBound = true;
          if (mode !== 'transmitter') this.rxBound = true;
          if (this.bound) {
            this.reconnectMs = config.reconnectSeconds * 1000;
            this.setState('bound', null);
          }
          this.keepAlive(session);
          this.client.pump();
        },
      );
    });
    session.on('pdu', (pdu: Pdu) => this.onPdu(session, pdu));
    session.socket.once('close', () => clearTimeout(connectTimer));
    return session;
  }

  /** enquire_link every interval; no answer within the next interval: the link is dead. */
  private keepAlive(session: Session) {
    const interval = this.client.config.enquireLinkSeconds * 1000;
    let answered = true;
    const timer = setInterval(() => {
      if (!answered) {
        this.lost(session, 'no answer to enquire_link');
        session.socket.destroy();
        return;
      }
      answered = false;
      session.enquire_link({}, () => {
        answered = true;
      });
    }, interval);
    timer.unref();
    this.enquireTimers.push(timer);
  }

  private onPdu(session: Session, pdu: Pdu) {
    if (pdu.isResponse()) return;
    switch (pdu.command) {
      case 'enquire_link':
        session.send(pdu.response());
        return;
      case 'unbind':
        session.send(pdu.response(), () => session.close());
        this.lost(session, 'unbound by the SMSC');
        return;
      case 'deliver_sm':
        void this.onDeliver(session, pdu);
        return;
      default:
        if (smpp.commands[`${pdu.command}_resp`]) session.send(pdu.response({ command_status: 0x03 }));
        else
          session.send(
            new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: 0x03 }),
          );
    }
  }

  /** deliver_sm_resp only once the receipt handler has taken it (non-zero if it could not). */
  private async onDeliver(session: Session, pdu: Pdu) {
    let status: number = SMPP_STATUS.ESME_ROK;
    const receipt = readReceipt(pdu, this.client.config);
    if (receipt) {
      try {
        await this.client.events.receipt(receipt);
      } catch (error) {
        status = SMPP_STATUS.ESME_RX_T_APPN;
        this.client.events.log?.('warn', 'receipt not taken; the SMSC is asked to send it again', {
          gateway: this.client.config.name,
          upstreamId: receipt.upstreamId,
          err: error instanceof Error ? error.message : String(error),
        });
      }
    } else if (((pdu.esm_class ?? 0) & 0x3c) === 0x04) {
      this.client.events.log?.('warn', 'unreadable receipt', {
        gateway: this.client.config.name,
        text: pduText(pdu),
      });
    }
    if (session.socket.writable) session.send(pdu.response({ command_status: status }));
  }

  /** Sends one part on the transmitting session; the outcome comes with submit_sm_resp. */
  submit(pending: PendingPart) {
    const session = this.tx;
    const config = this.client.config;
    if (!session || !this.txBound) {
      pending.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
      return;
    }
    this.outstanding++;
    let settled = false;
    const waiting = this.inFlight.get(session) ?? new Set();
    this.inFlight.set(session, waiting);
    const finish = (outcome: PartOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      waiting.delete(finish);
      this.outstanding--;
      pending.resolve(outcome);
      this.client.pump();
    };
    waiting.add(finish);
    const timer = setTimeout(() => {
      finish(UNCONFIRMED);
      this.lost(session, 'no answer to submit_sm');
      session.socket.destroy();
    }, RESPONSE_TIMEOUT_MS);
    const sms = pending.sms;
    const written = session.submit_sm(
      {
        source_addr_ton: config.sourceTon,
        source_addr_npi: config.sourceNpi,
        source_addr: sms.from ?? '',
        dest_addr_ton: config.destTon,
        dest_addr_npi: config.destNpi,
        destination_addr: sms.to,
        esm_class: pending.part.esmClass,
        registered_delivery: sms.registeredDelivery ? 1 : 0,
        data_coding: pending.part.dataCoding,
        short_message: pending.part.shortMessage,
      },
      (resp: Pdu) => {
        const status = resp.command_status;
        if (status === 0) {
          this.throttleBackoffMs = 0;
          finish({ ok: true, id: normaliseId(resp.message_id ?? '', config.submitIdFormat) });
          return;
        }
        if (THROTTLE_STATUSES.has(status)) {
          this.throttled();
          finish({ ok: false, retryable: true, errorCode: statusName(status), commandStatus: status });
          return;
        }
        finish({ ok: false, retryable: false, errorCode: statusName(status), commandStatus: status });
      },
    );
    if (!written) finish({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
  }

  /** The SMSC asked to slow down: this slot pauses, longer each time in a row. */
  private throttled() {
    // Answers to submits already in flight when the first throttle came do not lengthen the pause.
    if (this.pausedUntil > Date.now()) return;
    this.throttleBackoffMs = Math.min(
      Math.max(this.throttleBackoffMs * 2, THROTTLE_BACKOFF_FIRST_MS),
      THROTTLE_BACKOFF_MAX_MS,
    );
    this.pausedUntil = Date.now() + this.throttleBackoffMs;
    setTimeout(() => this.client.pump(), this.throttleBackoffMs + 1).unref();
  }

  /** A session ended: the slot closes what is left and connects again after the back-off. */
  private lost(session: Session, reason: string) {
    if (session !== this.tx && session !== this.rx) return;
    for (const finish of [...(this.inFlight.get(session) ?? [])]) {
      // Written, unanswered: it may have reached the SMSC; sending it again could send it twice.
      finish(UNCONFIRMED);
    }
    this.inFlight.delete(session);
    this.closeAll();
    if (this.stopped) return;
    this.setState('down', reason);
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(this.reconnectMs * 2, this.client.config.reconnectMaxSeconds * 1000);
    this.client.events.log?.('warn', 'SMPP bind lost; reconnecting', {
      gateway: this.client.config.name,
      slot: this.index,
      reason,
      waitMs: wait,
    });
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
    this.reconnectTimer.unref();
  }

  private closeAll() {
    for (const timer of this.enquireTimers) clearInterval(timer);
    this.enquireTimers = [];
    const sessions = new Set([this.tx, this.rx].filter((s): s is Session => s !== null));
    this.tx = null;
    this.rx = null;
    this.txBound = false;
    this.rxBound = false;
    for (const session of sessions) {
      session.removeAllListeners('pdu');
      session.socket.destroy();
    }
  }

  /** Graceful: unbind each bound session (waiting a moment for unbind_resp), then close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    for (const timer of this.enquireTimers) clearInterval(timer);
    const sessions = [...new Set([this.tx, this.rx].filter((s): s is Session => s !== null))];
    const bound = this.txBound || this.rxBound;
    await Promise.all(
      sessions.map(
        (session) =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(done, 2000);
            if (!bound || !session.socket.writable) return done();
            session.unbind({}, () => done());
          }),
      ),
    );
    for (const finish of [...this.inFlight.values()].flatMap((set) => [...set])) finish(UNCONFIRMED);
    this.inFlight.clear();
    this.closeAll();
  }
}

/**
 * The SMPP client of one gateway in this process: the bind slots it owns (the manager adds and
 * removes them as it wins their locks), one TPS bucket for all of them, and a queue of parts
 * waiting for window room.
 */
export class GatewayClient {
  private readonly slots = new Map<number, BindSlot>();
  private readonly queue: PendingPart[] = [];
  private readonly bucket: TokenBucket | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private ref = Math.floor(Math.random() * 256);
  private closed = false;

  constructor(
    readonly config: GatewayClientConfig,
    readonly events: ClientEvents,
  ) {
    // A tenth of a second of burst (at least one token): close to the rate within any second.
    if (config.tps > 0) this.bucket = new TokenBucket(config.tps, Math.max(1, config.tps / 10), Date.now);
  }

  addSlot(index: number) {
    if (this.slots.has(index) || this.closed) return;
    const slot = new BindSlot(index, this);
    this.slots.set(index, slot);
    slot.start();
  }

  async removeSlot(index: number) {
    const slot = this.slots.get(index);
    if (!slot) return;
    this.slots.delete(index);
    await slot.stop();
    this.failQueueIfUnbound();
  }

  slotIndexes(): number[] {
    return [...this.slots.keys()];
  }

  slotStatus(index: number): SlotStatus | undefined {
    return this.slots.get(index)?.status;
  }

  /** Submits written and not yet answered, over every slot. */
  outstanding(): number {
    let sum = 0;
    for (const slot of this.slots.values()) sum += slot.outstanding;
    return sum;
  }

  /** Submits the bound slots can have outstanding at once: a window each. */
  capacity(): number {
    let sum = 0;
    for (const slot of this.slots.values()) if (slot.status.state === 'bound') sum += this.config.windowSize;
    return sum;
  }

  /** At least one slot can submit (bound). */
  get ready(): boolean {
    for (const slot of this.slots.values()) if (slot.status.state === 'bound') return true;
    return false;
  }

  /** Called by a slot when its state changes. */
  slotChanged(slot: BindSlot) {
    this.events.state(slot.index, slot.status);
    if (slot.status.state !== 'bound') this.failQueueIfUnbound();
  }

  /** With no bound slot left, waiting parts fail at once (retryable): another process may send them. */
  private failQueueIfUnbound() {
    if (this.ready) return;
    for (const pending of this.queue.splice(0)) {
      pending.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    }
  }

  /**
   * Splits and submits a message: each part waits for window and TPS room; throttled parts are
   * submitted again after the slot's back-off. A retryable failure at once when no slot is bound.
   */
  async submit(sms: OutboundSms): Promise<SubmitOutcome> {
    if (this.closed || !this.ready) return { ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' };
    let parts: EncodedPart[];
    try {
      this.ref = (this.ref + 1) & 0xff;
      parts = encodeParts(sms.text, this.config.defaultDataCoding, this.ref);
    } catch {
      return { ok: false, retryable: false, errorCode: 'TEXT_NOT_ENCODABLE' };
    }
    const ids: string[] = [];
    for (const part of parts) {
      const outcome = await this.submitPart(sms, part, ids.length > 0);
      if (!outcome.ok) {
        // Nothing of it may have reached the SMSC: the caller may send it elsewhere or later.
        if (ids.length === 0 && !('unconfirmed' in outcome)) return outcome;
        // The SMSC took (or may have taken) a part: never elsewhere, never again.
        const taken: (string | null)[] = [...ids, ...parts.slice(ids.length).map(() => null)];
        return { ok: false, retryable: false, errorCode: outcome.errorCode, taken };
      }
      ids.push(outcome.id);
    }
    return { ok: true, upstreamIds: ids };
  }

  /**
   * One part, submitted again while the SMSC throttles it: a few times for a first part (the
   * message then waits in the queue), until the message's validity for a part after one the SMSC
   * took (giving up would leave the message half sent).
   */
  private async submitPart(sms: OutboundSms, part: EncodedPart, afterTaken: boolean): Promise<PartOutcome> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await new Promise<PartOutcome>((resolve) => {
        this.queue.push({ part, sms, attempts: attempt, resolve });
        this.pump();
      });
      if (outcome.ok || !('commandStatus' in outcome) || outcome.commandStatus === undefined) return outcome;
      if (!THROTTLE_STATUSES.has(outcome.commandStatus)) return outcome;
      const until = sms.validUntil?.getTime();
      if (afterTaken && until !== undefined) {
        if (Date.now() >= until) return outcome;
      } else if (attempt >= MAX_THROTTLE_RETRIES) return outcome;
    }
  }

  /** Hands waiting parts to slots with window room, as the TPS bucket allows. */
  pump() {
    if (this.closed) return;
    while (this.queue.length > 0) {
      if (!this.ready) {
        this.failQueueIfUnbound();
        return;
      }
      const slot = this.pickSlot();
      if (!slot) return; // window full or paused: a response or the back-off timer pumps again
      if (this.bucket) {
        const wait = this.bucket.waitMs();
        if (wait > 0) {
          if (!this.pumpTimer) {
            this.pumpTimer = setTimeout(() => {
              this.pumpTimer = undefined;
              this.pump();
            }, wait);
          }
          return;
        }
        this.bucket.take();
      }
      slot.submit(this.queue.shift()!);
    }
  }

  /** The ready slot with the fewest outstanding submits. */
  private pickSlot(): BindSlot | undefined {
    let best: BindSlot | undefined;
    for (const slot of this.slots.values()) {
      if (slot.ready && (!best || slot.outstanding < best.outstanding)) best = slot;
    }
    return best;
  }

  /** Unbinds every slot; parts still waiting fail (retryable). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pumpTimer);
    for (const pending of this.queue.splice(0)) {
      pending.resolve({ ok: false, retryable: true, errorCode: 'GATEWAY_NOT_BOUND' });
    }
    await Promise.all([...this.slots.values()].map((slot) => slot.stop()));
    this.slots.clear();
  }
}

import { COMMAND_STATUS, deliveredText, isDeliveryReceipt, normaliseId, statusName } from '@switchboard/smpp';
import smpp, { type Pdu, type Session } from 'smpp';
import {
  type PartOutcome,
  type PendingPart,
  type SlotOwner,
  type SlotStatus,
  THROTTLE_STATUSES,
  UNCONFIRMED,
} from './client-types';
import { readReceipt } from './receipt-reader';

const THROTTLE_BACKOFF_FIRST_MS = 100;
const THROTTLE_BACKOFF_MAX_MS = 5_000;
/** No submit_sm_resp within this: the bind is taken for dead (and the outcome unknown). */
const RESPONSE_TIMEOUT_MS = 30_000;
const BIND_TIMEOUT_MS = 10_000;

/**
 * One bind slot: a transceiver session, or a transmitter and a receiver session. It connects,
 * binds, keeps the link alive (enquire_link, answering the SMSC's), reconnects with a doubling
 * wait up to the maximum, and takes submits up to its window.
 */
export class BindSlot {
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
    private readonly client: SlotOwner,
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
        if (smpp.commands[`${pdu.command}_resp`]) {
          session.send(pdu.response({ command_status: COMMAND_STATUS.ESME_RINVCMDID }));
        } else {
          session.send(
            new smpp.PDU('generic_nack', {
              sequence_number: pdu.sequence_number,
              command_status: COMMAND_STATUS.ESME_RINVCMDID,
            }),
          );
        }
    }
  }

  /** deliver_sm_resp only once the receipt handler has taken it (non-zero if it could not). */
  private async onDeliver(session: Session, pdu: Pdu) {
    let status: number = COMMAND_STATUS.ESME_ROK;
    const receipt = readReceipt(pdu, this.client.config);
    if (receipt) {
      try {
        await this.client.events.receipt(receipt);
      } catch (error) {
        status = COMMAND_STATUS.ESME_RX_T_APPN;
        this.client.events.log?.('warn', 'receipt not taken; the SMSC is asked to send it again', {
          gateway: this.client.config.name,
          upstreamId: receipt.upstreamId,
          err: error instanceof Error ? error.message : String(error),
        });
      }
    } else if (isDeliveryReceipt(pdu.esm_class)) {
      this.client.events.log?.('warn', 'unreadable receipt', {
        gateway: this.client.config.name,
        text: deliveredText(pdu),
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

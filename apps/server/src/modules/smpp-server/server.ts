/// <reference path="../../../../../packages/smsc-sim/src/smpp.d.ts" />

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SmsKind } from '@switchboard/contracts';
import { type ConcatInfo, readContent, TokenBucket } from '@switchboard/smsc-sim';
import smpp, { type Pdu, type Session } from 'smpp';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { AcceptWriter } from '../sms';
import { formatReceipt, RECEIPT_OF, SMPP_STATUS } from './receipt';
import type { SmppAccountRow, SmppMessageRow, SmppMessageValues } from './repo';
import { kindOfServiceType } from './service-type';

type BindMode = 'transmitter' | 'receiver' | 'transceiver';

const BIND_COMMANDS: Record<string, BindMode> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};

/** Requests we answer ESME_RINVCMDID (not offered by this server). */
const UNSUPPORTED = new Set(['query_sm', 'replace_sm', 'cancel_sm', 'submit_multi', 'data_sm', 'outbind']);

/** Data codings whose text we read: SMSC default (GSM 03.38), IA5/ASCII, Latin-1, UCS-2. */
const TEXT_CODINGS = new Set([0x00, 0x01, 0x03, 0x08]);

/** Parts of a concatenated message wait this long for the rest, then are dropped. */
const CONCAT_WAIT_MS = 120_000;
/** Receipts written to one bind and not yet answered, at most. */
const RECEIPT_WINDOW = 100;
/** Due receipts read at once for an account. */
const RECEIPT_PUMP_ROWS = 500;

interface Bind {
  id: number;
  session: Session;
  ip: string;
  account?: SmppAccountRow;
  mode?: BindMode;
  binding: boolean;
  closed: boolean;
  /** Unbound by us (the account or company may no longer send): nothing more is accepted. */
  ending: boolean;
  /** Binds refused on this connection so far. */
  failedBinds: number;
  /** Receipts written and not answered yet (smpp ids). */
  outstanding: Set<string>;
}

/** What one process's SMPP server holds and for how long (SMPP_* settings). */
export interface SmppServerLimits {
  receiptPollMs: number;
  /** A connection not bound this long after it opened is closed. */
  bindTimeoutMs: number;
  /** A bind silent this long (no PDU at all) is unbound. */
  idleTimeoutMs: number;
  /** Connections held at once; one more is closed at once. */
  maxConnections: number;
}

/** Refused binds one connection may try before it is closed (password guessing). */
const MAX_FAILED_BINDS = 3;

/** One submit_sm (or a whole multi-part message) as accepted. */
interface SmppSubmit {
  account: SmppAccountRow;
  /** The account's kind, or the one the submit's service_type asks for. */
  kind: SmsKind;
  source: string;
  destination: string;
  text: string;
  registeredDelivery: number;
  /** The id already answered for the parts of a multi-part message (null: the message's id). */
  smppId: string | null;
}

interface Concat {
  smppId: string;
  accountId: string;
  total: number;
  parts: Map<number, string>;
  registeredDelivery: number;
  firstAt: number;
}

const receives = (mode: BindMode | undefined) => mode === 'receiver' || mode === 'transceiver';
const transmits = (mode: BindMode | undefined) => mode === 'transmitter' || mode === 'transceiver';

/** Why a bind was refused, or the account it is for. */
export type BindOutcome =
  | { ok: true; account: SmppAccountRow }
  | { ok: false; status: number; reason: string };

/** Whether an open bind may go on: with the account as it is now, or why it ends. */
export type BindStanding = { ok: true; account: SmppAccountRow } | { ok: false; reason: string };

/** What the server asks of its module's service (SmppServerService): binds checked, submits and receipts kept. */
export interface SmppBindStore {
  authenticate(systemId: string, password: string, ip: string): Promise<BindOutcome>;
  standing(bound: SmppAccountRow, ip: string): Promise<BindStanding>;
  recordSubmits(rows: SmppMessageValues[]): Promise<void>;
  due(accountIds: string[], limit?: number): Promise<SmppMessageRow[]>;
  claimReceipt(smppId: string): Promise<boolean>;
  markAcked(smppId: string): Promise<void>;
  markDue(smppIds: string[]): Promise<void>;
}

/** The platform's SMPP server for customers' ESMEs (see SmppServerService for what it checks). */
export class SmppServer {
  private readonly server: smpp.Server;
  private readonly binds = new Set<Bind>();
  private readonly buckets = new Map<string, { tps: number; bucket: TokenBucket }>();
  private readonly concat = new Map<string, Concat>();
  /** Receipts this process is writing (not picked twice by an offer and the poll). */
  private readonly inFlight = new Set<string>();
  /**
   * Accounts with receipts due that found their binds' windows full: read again from the
   * database as soon as a bind has room (half its window), not only at the next poll.
   */
  private readonly waitingForRoom = new Set<string>();
  private readonly pumping = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private nextBindId = 1;
  private listeningPort = 0;
  private polling = false;
  private closing = false;

  constructor(
    private readonly service: SmppBindStore,
    private readonly services: Pick<Services, 'sms'>,
    private readonly log: Logger,
    private readonly limits: SmppServerLimits,
  ) {
    this.server = smpp.createServer({}, (session) => this.accept(session));
    this.timer = setInterval(() => void this.poll(), limits.receiptPollMs);
    this.timer.unref();
  }

  get port(): number {
    return this.listeningPort;
  }

  async listen(port: number, host: string | undefined): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.listeningPort = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const bind of this.binds) bind.session.socket.destroy();
    await closed;
  }

  /** Binds open now in this process (every account; connections not bound yet left out). */
  get bindCount(): number {
    let n = 0;
    for (const bind of this.binds) if (bind.account) n++;
    return n;
  }

  /** Binds of an account open now in this process. */
  bindsOf(accountId: string): number {
    let n = 0;
    for (const bind of this.binds) if (bind.account?.id === accountId) n++;
    return n;
  }

  /**
   * An account or a company changed (here or in another process): every open bind is checked
   * again (see SmppServerService.standing); one that may no longer send is unbound, the others
   * see their account's new limits.
   */
  recheck(): void {
    for (const bind of this.binds) {
      if (!bind.account || bind.closed || bind.ending) continue;
      void this.keepOrEnd(bind).catch((error: unknown) =>
        this.log.error({ err: error, systemId: bind.account?.systemId }, 'SMPP bind could not be checked'),
      );
    }
  }

  /** Whether the bind may go on; when not, it is unbound (and answers nothing more). */
  private async keepOrEnd(bind: Bind): Promise<boolean> {
    const bound = bind.account;
    if (!bound || bind.ending) return false;
    const standing = await this.service.standing(bound, bind.ip);
    if (bind.ending || bind.closed) return false;
    if (standing.ok) {
      bind.account = standing.account;
      return true;
    }
    this.log.info({ systemId: bound.systemId, ip: bind.ip, reason: standing.reason }, 'SMPP bind ended');
    this.unbind(bind);
    return false;
  }

  /** Ends a bind: nothing more is accepted on it; unbind, and the connection closed soon after. */
  private unbind(bind: Bind) {
    if (bind.ending) return;
    bind.ending = true;
    bind.mode = undefined;
    bind.session.unbind();
    setTimeout(() => bind.session.socket.destroy(), 1_000).unref();
  }

  // ---- sessions

  private accept(session: Session): void {
    const socket = session.socket;
    socket.setNoDelay(true);
    if (this.closing) {
      socket.destroy();
      return;
    }
    if (this.binds.size >= this.limits.maxConnections) {
      this.log.warn(
        { ip: socket.remoteAddress, max: this.limits.maxConnections },
        'SMPP connection refused: too many',
      );
      socket.destroy();
      return;
    }
    const bind: Bind = {
      id: this.nextBindId++,
      session,
      // An IPv4 peer of a dual-stack listener is ::ffff:a.b.c.d: counted and shown as a.b.c.d.
      ip: (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''),
      binding: false,
      closed: false,
      ending: false,
      failedBinds: 0,
      outstanding: new Set(),
    };
    this.binds.add(bind);
    // Unbound for too long: closed (a connection held open without binding holds a slot).
    const bindTimer = setTimeout(() => {
      if (bind.account || bind.closed) return;
      this.log.info({ ip: bind.ip }, 'SMPP connection closed: not bound in time');
      socket.destroy();
    }, this.limits.bindTimeoutMs);
    bindTimer.unref();
    socket.once('close', () => clearTimeout(bindTimer));
    // Silent for too long once bound (clients send enquire_link to stay): unbound.
    socket.setTimeout(this.limits.idleTimeoutMs, () => {
      if (!bind.account || bind.closed) return;
      this.log.info({ ip: bind.ip, systemId: bind.account.systemId }, 'SMPP bind closed: idle');
      this.unbind(bind);
    });
    session.on('pdu', (pdu: Pdu) => {
      try {
        this.onPdu(bind, pdu);
      } catch (error) {
        this.log.error({ err: error, command: pdu.command }, 'SMPP PDU handling failed');
        if (!pdu.isResponse()) this.answer(bind, pdu, SMPP_STATUS.ESME_RSYSERR);
      }
    });
    session.on('error', (error: Error) => {
      this.log.debug({ err: error, bind: bind.id, ip: bind.ip }, 'SMPP session error');
      socket.destroy();
    });
    session.on('close', () => this.onClose(bind));
  }

  private onClose(bind: Bind) {
    if (bind.closed) return;
    bind.closed = true;
    this.binds.delete(bind);
    const accountId = bind.account?.id;
    if (accountId && !this.hasReceiver(accountId)) this.waitingForRoom.delete(accountId);
    const unanswered = [...bind.outstanding];
    for (const id of unanswered) this.inFlight.delete(id);
    bind.outstanding.clear();
    // Receipts written but not answered go to the account's next receiving bind.
    if (unanswered.length > 0) {
      void this.service
        .markDue(unanswered)
        .then(() => this.pumpAccount(bind.account?.id))
        .catch((error: unknown) =>
          this.log.error({ err: error }, 'SMPP receipts could not be made due again'),
        );
    }
  }

  private answer(bind: Bind, pdu: Pdu, status: number, fields: Record<string, unknown> = {}) {
    if (bind.closed) return;
    try {
      bind.session.send(pdu.response({ command_status: status, ...fields }));
    } catch {
      bind.session.send(
        new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: status }),
      );
    }
  }

  private onPdu(bind: Bind, pdu: Pdu): void {
    if (pdu.isResponse()) return; // deliver_sm_resp: answered through its callback
    const mode = BIND_COMMANDS[pdu.command];
    if (mode) {
      void this.onBind(bind, pdu, mode);
      return;
    }
    switch (pdu.command) {
      case 'enquire_link':
        this.answer(bind, pdu, SMPP_STATUS.ESME_ROK);
        return;
      case 'unbind':
        this.answer(bind, pdu, SMPP_STATUS.ESME_ROK);
        bind.mode = undefined;
        setTimeout(() => bind.session.socket.end(), 50).unref();
        return;
      case 'submit_sm':
        void this.onSubmit(bind, pdu);
        return;
      case 'generic_nack':
        return;
      default:
        if (UNSUPPORTED.has(pdu.command)) this.answer(bind, pdu, SMPP_STATUS.ESME_RINVCMDID);
        else
          bind.session.send(
            new smpp.PDU('generic_nack', {
              sequence_number: pdu.sequence_number,
              command_status: SMPP_STATUS.ESME_RINVCMDID,
            }),
          );
    }
  }

  private async onBind(bind: Bind, pdu: Pdu, mode: BindMode): Promise<void> {
    if (bind.mode || bind.binding) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RALYBND);
      return;
    }
    bind.binding = true;
    // Nothing more is read from the connection until this bind is decided (a refusal that closes
    // it answers nothing queued behind it).
    bind.session.pause();
    let closing = false;
    try {
      const outcome = await this.service.authenticate(
        String(pdu.system_id ?? ''),
        String(pdu.password ?? ''),
        bind.ip,
      );
      if (!outcome.ok) {
        this.log.info(
          // A hostile bind's system id may be kilobytes: logged cut.
          { systemId: String(pdu.system_id ?? '').slice(0, 64), ip: bind.ip, reason: outcome.reason },
          'SMPP bind refused',
        );
        this.answer(bind, pdu, outcome.status);
        if (++bind.failedBinds >= MAX_FAILED_BINDS) {
          // Closed now: PDUs pipelined behind this one are never read. The answer is flushed
          // first (end); a peer that does not close its side is cut a moment later.
          closing = true;
          bind.session.socket.end();
          setTimeout(() => bind.session.socket.destroy(), 1_000).unref();
        }
        return;
      }
      const account = outcome.account;
      if (this.bindsOf(account.id) >= account.maxBinds) {
        this.log.info({ systemId: account.systemId, ip: bind.ip }, 'SMPP bind refused: too many binds');
        this.answer(bind, pdu, SMPP_STATUS.ESME_RBINDFAIL);
        return;
      }
      bind.account = account;
      bind.mode = mode;
      this.answer(bind, pdu, SMPP_STATUS.ESME_ROK, { system_id: 'SWITCHBOARD' });
      this.log.info({ systemId: account.systemId, mode, ip: bind.ip }, 'SMPP bound');
      if (receives(mode)) {
        void this.pumpAccount(account.id).catch((error: unknown) =>
          this.log.error({ err: error }, 'SMPP receipts could not be read'),
        );
      }
    } catch (error) {
      this.log.error({ err: error }, 'SMPP bind failed');
      this.answer(bind, pdu, SMPP_STATUS.ESME_RSYSERR);
    } finally {
      bind.binding = false;
      if (!bind.closed && !closing) bind.session.resume();
    }
  }

  private take(account: SmppAccountRow): boolean {
    let entry = this.buckets.get(account.id);
    if (!entry || entry.tps !== account.tpsLimit) {
      entry = {
        tps: account.tpsLimit,
        bucket: new TokenBucket(account.tpsLimit, account.tpsLimit, Date.now),
      };
      this.buckets.set(account.id, entry);
    }
    return entry.bucket.take();
  }

  private async onSubmit(bind: Bind, pdu: Pdu): Promise<void> {
    if (!bind.account || !transmits(bind.mode)) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RINVBNDSTS);
      return;
    }
    // The account and its company as they are now (cached briefly; a change clears it at once):
    // a frozen company or a disabled account sends nothing more, even on a bind opened before.
    if (!(await this.keepOrEnd(bind))) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RINVBNDSTS);
      return;
    }
    const account = bind.account;
    if (!this.take(account)) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RTHROTTLED);
      return;
    }
    const dataCoding = Number(pdu.data_coding ?? 0) & 0xff;
    const content = readContent(pdu);
    if (content.binary || !TEXT_CODINGS.has(dataCoding & 0x0f) || (dataCoding & 0xf0) !== 0) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RSUBMITFAIL);
      return;
    }
    const destination = String(pdu.destination_addr ?? '').trim();
    if (!destination) {
      this.answer(bind, pdu, SMPP_STATUS.ESME_RINVDSTADR);
      return;
    }
    const source = String(pdu.source_addr ?? '').trim();
    const registeredDelivery = Number(pdu.registered_delivery ?? 0) & 0xff;
    const kind = kindOfServiceType(pdu.service_type, account.kind);
    if (content.concat && content.concat.total > 1) {
      const whole = this.collect(
        account,
        source,
        destination,
        content.concat,
        content.text,
        registeredDelivery,
      );
      if (!whole) {
        // A part of a message still incomplete: answered at once with the message's id.
        this.answer(bind, pdu, SMPP_STATUS.ESME_ROK, {
          message_id: this.concat.get(this.concatKey(account, source, destination, content.concat))!.smppId,
        });
        return;
      }
      const status = await this.submit(
        account,
        kind,
        source,
        destination,
        whole.text,
        whole.registeredDelivery,
        whole.smppId,
      );
      this.answer(bind, pdu, status, status === SMPP_STATUS.ESME_ROK ? { message_id: whole.smppId } : {});
      return;
    }
    const result = await this.submitOne(account, kind, source, destination, content.text, registeredDelivery);
    this.answer(bind, pdu, result.status, result.id ? { message_id: result.id } : {});
  }

  private concatKey(account: SmppAccountRow, source: string, destination: string, concat: ConcatInfo) {
    return `${account.id}|${source}|${destination}|${concat.ref}|${concat.total}`;
  }

  /** Adds a part; answers the whole message once every part is there. */
  private collect(
    account: SmppAccountRow,
    source: string,
    destination: string,
    concat: ConcatInfo,
    text: string,
    registeredDelivery: number,
  ): { smppId: string; text: string; registeredDelivery: number } | undefined {
    const key = this.concatKey(account, source, destination, concat);
    let entry = this.concat.get(key);
    if (!entry) {
      entry = {
        smppId: randomUUID(),
        accountId: account.id,
        total: concat.total,
        parts: new Map(),
        registeredDelivery,
        firstAt: Date.now(),
      };
      this.concat.set(key, entry);
    }
    entry.parts.set(concat.seq, text);
    entry.registeredDelivery |= registeredDelivery;
    if (entry.parts.size < entry.total) return undefined;
    this.concat.delete(key);
    const joined = [...entry.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, part]) => part)
      .join('');
    return { smppId: entry.smppId, text: joined, registeredDelivery: entry.registeredDelivery };
  }

  /** A single-part message: answered with our message id (or the reason it is not sent). */
  private submitOne(
    account: SmppAccountRow,
    kind: SmsKind,
    source: string,
    destination: string,
    text: string,
    registeredDelivery: number,
  ): Promise<{ status: number; id: string | null }> {
    return this.acceptSubmit({ account, kind, source, destination, text, registeredDelivery, smppId: null });
  }

  private async submit(
    account: SmppAccountRow,
    kind: SmsKind,
    source: string,
    destination: string,
    text: string,
    registeredDelivery: number,
    smppId: string,
  ): Promise<number> {
    // The parts were answered with this id already: its receipt is owed whatever happens now.
    const { status } = await this.acceptSubmit({
      account,
      kind,
      source,
      destination,
      text,
      registeredDelivery,
      smppId,
    });
    return status;
  }

  /**
   * The SMS pipeline's accept (source `smpp`) with the record of the submit written in its
   * transaction (`submitWriter`): the final-status listeners (receipts) run after it committed,
   * when the record is there. Submits arriving together share one transaction.
   */
  private async acceptSubmit(submit: SmppSubmit): Promise<{ status: number; id: string | null }> {
    const { account } = submit;
    try {
      const result = await this.services.sms.accept(
        {
          companyId: account.companyId,
          userId: null,
          kind: submit.kind,
          source: 'smpp',
          recipients: [{ number: submit.destination }],
          text: submit.text,
          sender: submit.source || null,
        },
        this.submitWriter,
        submit,
      );
      const message = result.messages[0]!;
      if (message.status === 'accepted' && message.id !== null) {
        return { status: SMPP_STATUS.ESME_ROK, id: submit.smppId ?? message.id };
      }
      if (message.status === 'invalid_number') return { status: SMPP_STATUS.ESME_RINVDSTADR, id: null };
      return { status: SMPP_STATUS.ESME_RSUBMITFAIL, id: null };
    } catch (error) {
      if (error instanceof AppError) {
        const sender = ['SENDER_NOT_APPROVED', 'SENDER_INVALID'].includes(error.errorCode);
        return { status: sender ? SMPP_STATUS.ESME_RINVSRCADR : SMPP_STATUS.ESME_RSUBMITFAIL, id: null };
      }
      this.log.error({ err: error, systemId: account.systemId }, 'SMPP submit failed');
      return { status: SMPP_STATUS.ESME_RSYSERR, id: null };
    }
  }

  /**
   * Records the submits of a group of acceptances (see acceptSubmit): an accepted message, and a
   * refused one whose id was already given to the client (a multi-part message: its receipt is
   * owed whatever happens).
   */
  private readonly submitWriter: AcceptWriter<SmppSubmit> = {
    write: async (accepted) => {
      const rows: SmppMessageValues[] = [];
      const now = new Date();
      for (const { result, data } of accepted) {
        const message = result.messages[0]!;
        const ok = message.status === 'accepted';
        if (message.id === null || !(ok || data.smppId !== null)) continue;
        rows.push({
          smppId: data.smppId ?? message.id,
          messageId: message.id,
          accountId: data.account.id,
          sourceAddr: data.source.slice(0, 21),
          destAddr: data.destination.slice(0, 21),
          registeredDelivery: data.registeredDelivery,
          excerpt: Array.from(data.text).slice(0, 20).join(''),
          submittedAt: now,
        });
      }
      await this.service.recordSubmits(rows);
    },
  };

  // ---- receipts

  /** A receipt just became due: written now when its account has a receiving bind here. */
  offer(row: SmppMessageRow): void {
    const bind = this.receiverOf(row.accountId);
    if (bind) this.write(bind, row);
    else this.awaitRoom(row.accountId);
  }

  /**
   * The account's receipts wait for room in one of its binds here. Only while it has a receiving
   * bind here: an account bound elsewhere or not at all is read again when it binds, so the set
   * stays bounded by the accounts bound to this process (a deleted account's binds are closed).
   */
  private awaitRoom(accountId: string): void {
    if (this.hasReceiver(accountId)) this.waitingForRoom.add(accountId);
  }

  private hasReceiver(accountId: string): boolean {
    for (const bind of this.binds) {
      if (!bind.closed && bind.account?.id === accountId && receives(bind.mode)) return true;
    }
    return false;
  }

  /** A receipt was answered on this bind: with half its window free, the account's backlog goes. */
  private roomMade(bind: Bind): void {
    const accountId = bind.account?.id;
    if (!accountId || bind.outstanding.size > RECEIPT_WINDOW / 2) return;
    if (!this.waitingForRoom.has(accountId) || this.pumping.has(accountId)) return;
    this.waitingForRoom.delete(accountId);
    this.pumping.add(accountId);
    void this.pumpAccount(accountId)
      .catch((error: unknown) => this.log.error({ err: error }, 'SMPP receipts could not be read'))
      .finally(() => this.pumping.delete(accountId));
  }

  private receiverOf(accountId: string): Bind | undefined {
    let best: Bind | undefined;
    for (const bind of this.binds) {
      if (bind.closed || bind.account?.id !== accountId || !receives(bind.mode)) continue;
      if (bind.outstanding.size >= RECEIPT_WINDOW) continue;
      if (!best || bind.outstanding.size < best.outstanding.size) best = bind;
    }
    return best;
  }

  private write(bind: Bind, row: SmppMessageRow): void {
    const { status, doneAt } = row;
    if (this.inFlight.has(row.smppId) || !status || !doneAt) return;
    this.inFlight.add(row.smppId);
    bind.outstanding.add(row.smppId);
    // Claimed in the database before it is written: a poll that read the row as due before
    // this write was recorded (or a poll of another process with a bind of the same account)
    // finds it taken, so the customer gets each receipt once.
    void this.service.claimReceipt(row.smppId).then(
      (claimed) => {
        if (!claimed) {
          if (bind.outstanding.delete(row.smppId)) this.inFlight.delete(row.smppId);
          return;
        }
        if (bind.closed) {
          // Closed while claiming: due again for the account's next receiving bind.
          void this.service
            .markDue([row.smppId])
            .then(() => this.pumpAccount(row.accountId))
            .catch((error: unknown) =>
              this.log.error({ err: error }, 'SMPP receipt could not be made due again'),
            );
          return;
        }
        this.deliver(bind, { ...row, status, doneAt });
      },
      (error: unknown) => {
        if (bind.outstanding.delete(row.smppId)) this.inFlight.delete(row.smppId);
        this.log.error({ err: error }, 'SMPP receipt could not be claimed');
      },
    );
  }

  private deliver(
    bind: Bind,
    row: SmppMessageRow & { status: NonNullable<SmppMessageRow['status']>; doneAt: Date },
  ): void {
    const text = formatReceipt({
      id: row.smppId,
      status: row.status,
      errorCode: row.errorCode,
      submittedAt: row.submittedAt,
      doneAt: row.doneAt,
      excerpt: row.excerpt,
    });
    const sent = bind.session.deliver_sm(
      {
        source_addr: row.destAddr,
        destination_addr: row.sourceAddr,
        esm_class: 0x04,
        data_coding: 0,
        short_message: text,
        receipted_message_id: row.smppId,
        message_state: RECEIPT_OF[row.status].state,
      },
      (resp: Pdu) => {
        bind.outstanding.delete(row.smppId);
        this.inFlight.delete(row.smppId);
        this.roomMade(bind);
        const done =
          resp.command_status === SMPP_STATUS.ESME_ROK
            ? this.service.markAcked(row.smppId)
            : this.service.markDue([row.smppId]);
        void done.catch((error: unknown) => this.log.error({ err: error }, 'SMPP receipt state not saved'));
      },
    );
    if (!sent) {
      bind.outstanding.delete(row.smppId);
      this.inFlight.delete(row.smppId);
      // Not written (the bind is going): due again rather than waiting to look stale.
      void this.service
        .markDue([row.smppId])
        .catch((error: unknown) =>
          this.log.error({ err: error }, 'SMPP receipt could not be made due again'),
        );
    }
  }

  private async pumpAccount(accountId: string | undefined): Promise<void> {
    if (!accountId || !this.receiverOf(accountId)) return;
    const rows = await this.service.due([accountId], RECEIPT_PUMP_ROWS);
    for (const row of rows) {
      const bind = this.receiverOf(accountId);
      if (!bind) {
        // Windows full: the rest when a bind has room again.
        this.awaitRoom(accountId);
        return;
      }
      this.write(bind, row);
    }
    // A full read: there may be more due.
    if (rows.length === RECEIPT_PUMP_ROWS) this.awaitRoom(accountId);
  }

  /** Receipts other processes stored for accounts bound here; incomplete concatenations dropped. */
  private async poll(): Promise<void> {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      const now = Date.now();
      for (const [key, entry] of this.concat) {
        if (now - entry.firstAt > CONCAT_WAIT_MS) {
          this.concat.delete(key);
          this.log.warn(
            { smppId: entry.smppId, parts: entry.parts.size, total: entry.total },
            'SMPP concatenated message incomplete, dropped',
          );
        }
      }
      const accounts = new Set<string>();
      for (const bind of this.binds) if (bind.account && receives(bind.mode)) accounts.add(bind.account.id);
      for (const accountId of accounts) await this.pumpAccount(accountId);
    } catch (error) {
      this.log.error({ err: error }, 'SMPP receipt poll failed');
    } finally {
      this.polling = false;
    }
  }
}

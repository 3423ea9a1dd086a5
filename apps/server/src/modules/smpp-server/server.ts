import type { AddressInfo } from 'node:net';
import { COMMAND_STATUS } from '@switchboard/smpp';
import smpp, { type Pdu, type Session } from 'smpp';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { BIND_COMMANDS, type Bind, type BindMode, receives, transmits } from './binds';
import { ReceiptWriter } from './receipt-writer';
import type { SmppMessageRow } from './repo';
import type { SmppServerService } from './service';
import { SmppSubmits } from './submits';

/** Requests we answer ESME_RINVCMDID (not offered by this server). */
const UNSUPPORTED = new Set(['query_sm', 'replace_sm', 'cancel_sm', 'submit_multi', 'data_sm', 'outbind']);

/** What one process's SMPP server holds and for how long (SMPP_* settings). */
export interface SmppServerLimits {
  receiptPollMs: number;
  /** Receipts written to one bind and not yet answered, at most. */
  receiptWindow: number;
  /** A connection not bound this long after it opened is closed. */
  bindTimeoutMs: number;
  /** A bind silent this long (no PDU at all) is unbound. */
  idleTimeoutMs: number;
  /** Connections held at once; one more is closed at once. */
  maxConnections: number;
}

/** Refused binds one connection may try before it is closed (password guessing). */
const MAX_FAILED_BINDS = 3;

/** The platform's SMPP server for customers' ESMEs (see SmppServerService for what it checks). */
export class SmppServer {
  private readonly server: smpp.Server;
  private readonly binds = new Set<Bind>();
  private readonly submits: SmppSubmits;
  private readonly receipts: ReceiptWriter;
  private readonly timer: NodeJS.Timeout;
  private nextBindId = 1;
  private listeningPort = 0;
  private polling = false;
  private closing = false;

  constructor(
    private readonly service: SmppServerService,
    services: Pick<Services, 'sms'>,
    private readonly log: Logger,
    private readonly limits: SmppServerLimits,
  ) {
    this.submits = new SmppSubmits(service, services, log);
    this.receipts = new ReceiptWriter(this.binds, service, log, limits.receiptWindow);
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
        if (!pdu.isResponse()) this.answer(bind, pdu, COMMAND_STATUS.ESME_RSYSERR);
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
    this.receipts.bindClosed(bind);
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
        this.answer(bind, pdu, COMMAND_STATUS.ESME_ROK);
        return;
      case 'unbind':
        this.answer(bind, pdu, COMMAND_STATUS.ESME_ROK);
        bind.mode = undefined;
        setTimeout(() => bind.session.socket.end(), 50).unref();
        return;
      case 'submit_sm':
        void this.onSubmit(bind, pdu);
        return;
      case 'generic_nack':
        return;
      default:
        if (UNSUPPORTED.has(pdu.command)) this.answer(bind, pdu, COMMAND_STATUS.ESME_RINVCMDID);
        else
          bind.session.send(
            new smpp.PDU('generic_nack', {
              sequence_number: pdu.sequence_number,
              command_status: COMMAND_STATUS.ESME_RINVCMDID,
            }),
          );
    }
  }

  private async onBind(bind: Bind, pdu: Pdu, mode: BindMode): Promise<void> {
    if (bind.mode || bind.binding) {
      this.answer(bind, pdu, COMMAND_STATUS.ESME_RALYBND);
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
        this.answer(bind, pdu, COMMAND_STATUS.ESME_RBINDFAIL);
        return;
      }
      bind.account = account;
      bind.mode = mode;
      this.answer(bind, pdu, COMMAND_STATUS.ESME_ROK, { system_id: 'SWITCHBOARD' });
      this.log.info({ systemId: account.systemId, mode, ip: bind.ip }, 'SMPP bound');
      if (receives(mode)) {
        void this.receipts
          .pumpAccount(account.id)
          .catch((error: unknown) => this.log.error({ err: error }, 'SMPP receipts could not be read'));
      }
    } catch (error) {
      this.log.error({ err: error }, 'SMPP bind failed');
      this.answer(bind, pdu, COMMAND_STATUS.ESME_RSYSERR);
    } finally {
      bind.binding = false;
      if (!bind.closed && !closing) bind.session.resume();
    }
  }

  /** A receipt just became due: written now when its account has a receiving bind here. */
  offer(row: SmppMessageRow): void {
    this.receipts.offer(row);
  }

  private async onSubmit(bind: Bind, pdu: Pdu): Promise<void> {
    if (!bind.account || !transmits(bind.mode)) {
      this.answer(bind, pdu, COMMAND_STATUS.ESME_RINVBNDSTS);
      return;
    }
    // The account and its company as they are now (cached briefly; a change clears it at once):
    // a frozen company or a disabled account sends nothing more, even on a bind opened before.
    if (!(await this.keepOrEnd(bind))) {
      this.answer(bind, pdu, COMMAND_STATUS.ESME_RINVBNDSTS);
      return;
    }
    const { status, id } = await this.submits.take(bind.account, pdu);
    this.answer(bind, pdu, status, id ? { message_id: id } : {});
  }

  /** Receipts other processes stored for accounts bound here; incomplete concatenations dropped. */
  private async poll(): Promise<void> {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      this.submits.dropIncomplete();
      await this.receipts.pumpAll();
    } catch (error) {
      this.log.error({ err: error }, 'SMPP receipt poll failed');
    } finally {
      this.polling = false;
    }
  }
}

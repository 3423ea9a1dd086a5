import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  COMMAND_STATUS,
  FINAL_RECEIPT,
  formatId,
  formatReceiptText,
  type IdFormat,
  MESSAGE_STATE,
  readContent,
  receiptRequested,
  TokenBucket,
} from '@switchboard/smpp';
import smpp, { type Pdu, type PduOptions, type Session } from 'smpp';
import {
  DEFAULT_MIX,
  type Outcome,
  type OutcomeMix,
  OutcomePicker,
  type OutcomeRule,
  seededRandom,
} from './outcomes';
import { SmscRecords } from './records';
import type {
  AccountConfig,
  BindInfo,
  BindMode,
  ReceiptRecord,
  SmscEvents,
  SmscOptions,
  SubmittedMessage,
  SubmittedPart,
} from './types';

interface Bind {
  id: number;
  session: Session;
  remote: string;
  account?: Account;
  mode?: BindMode;
  bucket?: TokenBucket;
  closed: boolean;
  /** Receipts written but not yet answered: resent on another bind if this one closes. */
  outstanding: Set<ReceiptRecord>;
}

interface Account {
  config: AccountConfig;
  binds: Set<Bind>;
  hung: boolean;
  /** Submits are taken but their submit_sm_resp is kept until releaseAnswers() (holdAnswers()). */
  holdingAnswers: boolean;
  /** Receipts due but not yet written (no receiver bind, or hung). */
  queue: ReceiptRecord[];
  nextBind: number;
}

interface ScheduledReceipt {
  timer: NodeJS.Timeout;
  part: SubmittedPart;
  submittedAt: number;
}

const BIND_COMMANDS: Record<string, BindMode> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};

/** Whether the submit asked for a receipt of this outcome ('none': there is none to send). */
const wantsReceipt = (registeredDelivery: number, outcome: Outcome) =>
  outcome !== 'none' && receiptRequested(registeredDelivery, outcome === 'delivered');

export class Smsc extends EventEmitter<SmscEvents> {
  /** Every accepted submit_sm, oldest first. */
  readonly parts: SubmittedPart[];
  /** Every message (single or concatenated), oldest first. */
  readonly messages: SubmittedMessage[];
  /** Every receipt written (updated when answered), oldest first. */
  readonly receipts: ReceiptRecord[];
  readonly stats = { binds: 0, submits: 0, throttled: 0, receiptsSent: 0, ignored: 0 };

  private readonly server: smpp.Server;
  private readonly accounts = new Map<string, Account>();
  private readonly binds = new Set<Bind>();
  private readonly picker: OutcomePicker;
  private readonly clock: () => number;
  private readonly scheduled = new Set<ScheduledReceipt>();
  private readonly records: SmscRecords;
  private readonly idFormat: IdFormat;
  private readonly receiptIdFormat: IdFormat;
  private readonly receiptDelayMs: number;
  private readonly receiptRetryMs: number;
  /** Receipts answered with an error, waiting to be sent again. */
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly smscSystemId: string;
  private nextId: number;
  private nextBindId = 1;
  private hungAll = false;
  /** submit_sm_resp kept by holdAnswers(), in the order the submits came. */
  private readonly heldAnswers: { bind: Bind; pdu: Pdu; messageId: string }[] = [];
  private listeningPort = 0;
  private stopped = false;

  constructor(private readonly options: SmscOptions) {
    super();
    for (const account of options.accounts) {
      if (!account.systemId) throw new Error('an account needs a systemId');
      if (this.accounts.has(account.systemId)) throw new Error(`account ${account.systemId} is listed twice`);
      if (account.tps !== undefined && !(account.tps >= 0))
        throw new Error(`tps of ${account.systemId} must be >= 0`);
      this.accounts.set(account.systemId, {
        config: account,
        binds: new Set(),
        hung: false,
        holdingAnswers: false,
        queue: [],
        nextBind: 0,
      });
    }
    this.clock = options.clock ?? Date.now;
    this.picker = new OutcomePicker(
      options.outcomes ?? DEFAULT_MIX,
      options.rules ?? [],
      options.seed === undefined ? Math.random : seededRandom(options.seed),
    );
    this.idFormat = options.idFormat ?? 'hex';
    this.receiptIdFormat = options.receiptIdFormat ?? this.idFormat;
    this.receiptDelayMs = Math.max(0, options.receiptDelayMs ?? 0);
    this.receiptRetryMs = Math.max(0, options.receiptRetryMs ?? 1_000);
    this.smscSystemId = options.systemId ?? 'SMSCSIM';
    this.records = new SmscRecords(options.maxRecords ?? 100_000);
    this.parts = this.records.parts;
    this.messages = this.records.messages;
    this.receipts = this.records.receipts;
    // Ten ids per millisecond since the epoch: a restarted simulator does not hand out ids it
    // handed out before (unless it ran faster than that on average).
    this.nextId = options.idStart ?? Math.floor(this.clock() * 10);
    this.server = smpp.createServer({}, (session) => this.accept(session));
  }

  /** The port it listens on (after start). */
  get port(): number {
    return this.listeningPort;
  }

  get host(): string {
    return this.options.host ?? '127.0.0.1';
  }

  /** Receipts waiting for their delay, for a receiver bind, or for a hung account to resume. */
  get pendingReceipts(): number {
    let queued = 0;
    for (const account of this.accounts.values()) queued += account.queue.length;
    return this.scheduled.size + queued;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.listeningPort = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Closes every connection and the listening socket; receipts not yet sent are dropped. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const item of this.scheduled) clearTimeout(item.timer);
    this.scheduled.clear();
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const bind of this.binds) bind.session.socket.destroy();
    await closing;
  }

  /** The binds open now. */
  bindList(): BindInfo[] {
    return [...this.binds].map((b) => this.info(b));
  }

  /**
   * Destroys every socket of an account (bound ones; with no systemId, every socket, bound or
   * not), as a network failure would. Returns how many were closed.
   */
  drop(systemId?: string): number {
    let count = 0;
    for (const bind of this.binds) {
      if (systemId === undefined || bind.account?.config.systemId === systemId) {
        bind.session.socket.destroy();
        count++;
      }
    }
    return count;
  }

  /**
   * Stops answering anything from an account (with no systemId, from everyone): binds, submits,
   * enquire_link, unbind are read and ignored, and receipts are held, until resume().
   */
  hang(systemId?: string): void {
    if (systemId === undefined) this.hungAll = true;
    else this.account(systemId).hung = true;
  }

  resume(systemId?: string): void {
    if (systemId === undefined) {
      this.hungAll = false;
      for (const account of this.accounts.values()) account.hung = false;
    } else this.account(systemId).hung = false;
    for (const account of this.accounts.values()) this.pump(account);
  }

  /**
   * Takes an account's submits (recorded, receipts scheduled as usual) but keeps their
   * submit_sm_resp until releaseAnswers(): an SMSC that swallows or delays its answers. An
   * answer whose bind closed meanwhile is never sent (the client never learns the id).
   */
  holdAnswers(systemId: string): void {
    this.account(systemId).holdingAnswers = true;
  }

  /** Sends the answers held for an account (on their binds still open) and stops holding; how many went. */
  releaseAnswers(systemId: string): number {
    const account = this.account(systemId);
    account.holdingAnswers = false;
    let sent = 0;
    for (const held of this.heldAnswers.splice(0)) {
      if (held.bind.account !== account) {
        this.heldAnswers.push(held);
        continue;
      }
      if (held.bind.closed) continue;
      this.respond(held.bind, held.pdu, { message_id: held.messageId });
      sent++;
    }
    return sent;
  }

  /** Answers held now (holdAnswers()). */
  get heldAnswerCount(): number {
    return this.heldAnswers.length;
  }

  /** New outcome weights (and, when given, new destination rules) for the submits that follow. */
  setOutcomes(outcomes: OutcomeMix, rules?: OutcomeRule[]): void {
    this.picker.setMix(outcomes);
    if (rules) this.picker.setRules(rules);
  }

  setRules(rules: OutcomeRule[]): void {
    this.picker.setRules(rules);
  }

  /** Makes every receipt still waiting for its delay due now. */
  flushReceipts(): void {
    for (const item of [...this.scheduled]) {
      clearTimeout(item.timer);
      this.receiptDue(item);
    }
  }

  /** The part with this id (as answered in submit_sm_resp). */
  findPart(messageId: string): SubmittedPart | undefined {
    return this.records.findPart(messageId);
  }

  private account(systemId: string): Account {
    const account = this.accounts.get(systemId);
    if (!account) throw new Error(`no account ${systemId}`);
    return account;
  }

  private info(bind: Bind): BindInfo {
    const info: BindInfo = { bindId: bind.id, remote: bind.remote };
    if (bind.account) info.systemId = bind.account.config.systemId;
    if (bind.mode) info.mode = bind.mode;
    return info;
  }

  private accept(session: Session): void {
    const socket = session.socket;
    socket.setNoDelay(this.options.noDelay ?? true);
    const bind: Bind = {
      id: this.nextBindId++,
      session,
      remote: `${socket.remoteAddress}:${socket.remotePort}`,
      closed: false,
      outstanding: new Set(),
    };
    if (this.stopped) {
      socket.destroy();
      return;
    }
    this.binds.add(bind);
    this.emit('connect', { bindId: bind.id, remote: bind.remote });
    session.on('pdu', (pdu: Pdu) => this.onPdu(bind, pdu));
    session.on('error', (error: Error) => {
      this.emit('sessionError', { ...this.info(bind), error });
      socket.destroy();
    });
    session.on('close', () => this.onClose(bind));
  }

  private onClose(bind: Bind): void {
    if (bind.closed) return;
    bind.closed = true;
    this.binds.delete(bind);
    const account = bind.account;
    if (account) {
      account.binds.delete(bind);
      // Receipts the client never answered go to the account's next receiver bind.
      account.queue.unshift(...bind.outstanding);
      bind.outstanding.clear();
      this.pump(account);
    }
    this.emit('close', this.info(bind));
  }

  private isHung(bind: Bind, pdu: Pdu): boolean {
    if (this.hungAll) return true;
    if (bind.account) return bind.account.hung;
    const candidate =
      BIND_COMMANDS[pdu.command] && pdu.system_id ? this.accounts.get(pdu.system_id) : undefined;
    return candidate?.hung ?? false;
  }

  private respond(bind: Bind, pdu: Pdu, options?: PduOptions): void {
    if (!bind.closed) bind.session.send(pdu.response(options));
  }

  private onPdu(bind: Bind, pdu: Pdu): void {
    if (this.stopped || pdu.isResponse()) return;
    if (this.isHung(bind, pdu)) {
      this.stats.ignored++;
      this.emit('ignored', { ...this.info(bind), command: pdu.command });
      return;
    }
    const mode = BIND_COMMANDS[pdu.command];
    if (mode) {
      this.onBind(bind, pdu, mode);
      return;
    }
    switch (pdu.command) {
      case 'enquire_link':
        this.respond(bind, pdu);
        this.emit('enquireLink', this.info(bind));
        return;
      case 'unbind':
        this.onUnbind(bind, pdu);
        return;
      case 'submit_sm':
        this.onSubmit(bind, pdu);
        return;
      case 'query_sm':
        this.onQuery(bind, pdu);
        return;
      default:
        // Unknown commands get generic_nack (the library's response() for 'unknown'); known ones
        // the simulator does not do get their own response with ESME_RINVCMDID.
        if (pdu.command === 'unknown' || !smpp.commands[`${pdu.command}_resp`]) {
          if (!bind.closed) {
            bind.session.send(
              new smpp.PDU('generic_nack', {
                sequence_number: pdu.sequence_number,
                command_status: COMMAND_STATUS.ESME_RINVCMDID,
              }),
            );
          }
        } else this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVCMDID });
    }
  }

  private onBind(bind: Bind, pdu: Pdu, mode: BindMode): void {
    const systemId = pdu.system_id ?? '';
    const account = this.accounts.get(systemId);
    let status: number = COMMAND_STATUS.ESME_ROK;
    if (bind.mode) status = COMMAND_STATUS.ESME_RALYBND;
    else if (!account) status = COMMAND_STATUS.ESME_RINVSYSID;
    else if (account.config.password !== (pdu.password ?? '')) status = COMMAND_STATUS.ESME_RINVPASWD;
    if (status !== COMMAND_STATUS.ESME_ROK || !account) {
      this.respond(bind, pdu, { command_status: status });
      this.emit('bind', { ...this.info(bind), systemId, mode, status });
      return;
    }
    bind.account = account;
    bind.mode = mode;
    const tps = account.config.tps ?? 0;
    if (tps > 0) bind.bucket = new TokenBucket(tps, account.config.burst ?? Math.max(1, tps), this.clock);
    account.binds.add(bind);
    this.stats.binds++;
    this.respond(bind, pdu, { system_id: this.smscSystemId });
    this.emit('bind', { ...this.info(bind), systemId, mode, status });
    this.pump(account);
  }

  private onUnbind(bind: Bind, pdu: Pdu): void {
    if (!bind.mode) {
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVBNDSTS });
      return;
    }
    this.emit('unbind', this.info(bind));
    // Answer, then close once the answer is written; the client normally closes too.
    if (!bind.closed) bind.session.send(pdu.response(), () => bind.session.close());
  }

  private onSubmit(bind: Bind, pdu: Pdu): void {
    const account = bind.account;
    if (!account || bind.mode === 'receiver') {
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVBNDSTS });
      return;
    }
    const destination = pdu.destination_addr ?? '';
    if (bind.bucket && !bind.bucket.take()) {
      this.stats.throttled++;
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RTHROTTLED });
      this.emit('throttled', { ...this.info(bind), destination });
      return;
    }
    if (!destination) {
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVDSTADR });
      return;
    }
    const content = readContent(pdu);
    const outcome = this.picker.pick(destination);
    const id = this.nextId++;
    const registeredDelivery = pdu.registered_delivery ?? 0;
    const now = this.clock();
    const part: SubmittedPart = {
      messageId: formatId(id, this.idFormat),
      receiptId: formatId(id, this.receiptIdFormat),
      systemId: account.config.systemId,
      bindId: bind.id,
      source: pdu.source_addr ?? '',
      destination,
      dataCoding: pdu.data_coding ?? 0,
      esmClass: pdu.esm_class ?? 0,
      registeredDelivery,
      text: content.text,
      binary: content.binary,
      outcome,
      receiptExpected: wantsReceipt(registeredDelivery, outcome),
      receivedAt: new Date(now),
    };
    if (content.udh) part.udh = content.udh;
    if (content.concat) part.concat = content.concat;
    this.stats.submits++;
    if (account.holdingAnswers) this.heldAnswers.push({ bind, pdu, messageId: part.messageId });
    else this.respond(bind, pdu, { message_id: part.messageId });
    this.emit('submit', part);
    const message = this.records.addPart(part);
    if (message.complete) this.emit('message', message);
    if (part.receiptExpected) this.schedule(part, now);
  }

  private onQuery(bind: Bind, pdu: Pdu): void {
    if (!bind.account || bind.mode === 'receiver') {
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVBNDSTS });
      return;
    }
    const part = pdu.message_id ? this.records.findPart(pdu.message_id) : undefined;
    if (!part || part.systemId !== bind.account.config.systemId) {
      this.respond(bind, pdu, { command_status: COMMAND_STATUS.ESME_RINVMSGID });
      return;
    }
    const receipt = this.records.receiptOf(part.messageId);
    this.respond(bind, pdu, {
      message_id: part.messageId,
      final_date: '',
      message_state: receipt ? receipt.messageState : MESSAGE_STATE.ENROUTE,
      error_code: 0,
    });
  }

  private schedule(part: SubmittedPart, submittedAt: number): void {
    const item: ScheduledReceipt = {
      part,
      submittedAt,
      timer: setTimeout(() => this.receiptDue(item), this.receiptDelayMs),
    };
    this.scheduled.add(item);
  }

  private receiptDue(item: ScheduledReceipt): void {
    if (!this.scheduled.delete(item) || this.stopped) return;
    const { part } = item;
    const outcome = part.outcome as Exclude<Outcome, 'none'>;
    const receipt: ReceiptRecord = {
      messageId: part.messageId,
      systemId: part.systemId,
      source: part.destination,
      destination: part.source,
      outcome,
      messageState: MESSAGE_STATE[FINAL_RECEIPT[outcome].state],
      text: formatReceiptText({
        id: part.receiptId,
        ...FINAL_RECEIPT[outcome],
        submitDate: item.submittedAt,
        doneDate: this.clock(),
        text: part.binary ? '' : part.text,
      }),
      attempts: 0,
    };
    const account = this.accounts.get(part.systemId);
    if (!account) return;
    account.queue.push(receipt);
    this.pump(account);
  }

  /** Writes the account's due receipts to its receiver binds, round robin. */
  private pump(account: Account): void {
    if (this.stopped || account.hung || this.hungAll) return;
    const receivers = [...account.binds].filter((b) => !b.closed && b.mode !== 'transmitter');
    if (receivers.length === 0) return;
    while (account.queue.length > 0) {
      const receipt = account.queue.shift()!;
      const bind = receivers[account.nextBind++ % receivers.length]!;
      this.sendReceipt(bind, receipt);
    }
  }

  private sendReceipt(bind: Bind, receipt: ReceiptRecord): void {
    receipt.attempts++;
    receipt.bindId = bind.id;
    receipt.sentAt = new Date(this.clock());
    if (receipt.attempts === 1) {
      this.records.addReceipt(receipt);
    }
    bind.outstanding.add(receipt);
    this.stats.receiptsSent++;
    bind.session.deliver_sm(
      {
        source_addr: receipt.source,
        destination_addr: receipt.destination,
        esm_class: smpp.consts.ESM_CLASS.MC_DELIVERY_RECEIPT,
        data_coding: 0,
        short_message: Buffer.from(receipt.text, 'ascii'),
        ...(this.options.receiptTlv === false
          ? {}
          : { receipted_message_id: receipt.messageId, message_state: receipt.messageState }),
      },
      (resp: Pdu) => {
        bind.outstanding.delete(receipt);
        receipt.responseStatus = resp.command_status;
        if (resp.command_status === 0) receipt.acknowledgedAt = new Date(this.clock());
        else if (!this.stopped && bind.account) {
          // Not taken: the account's next receiver bind gets it again after a while.
          const account = bind.account;
          const timer = setTimeout(() => {
            this.retries.delete(timer);
            if (this.stopped) return;
            account.queue.push(receipt);
            this.pump(account);
          }, this.receiptRetryMs);
          this.retries.add(timer);
        }
        this.emit('receiptAck', receipt);
      },
    );
    this.emit('receipt', receipt);
  }
}

/** Starts a simulator; `port: 0` (the default) picks a free port, read it from `.port`. */
export async function startSmsc(options: SmscOptions): Promise<Smsc> {
  return new Smsc(options).start();
}

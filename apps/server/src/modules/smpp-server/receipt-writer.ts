import { COMMAND_STATUS, MESSAGE_STATE } from '@switchboard/smpp';
import type { Pdu } from 'smpp';
import type { Logger } from '../../platform/logger';
import { type Bind, receives } from './binds';
import { customerReceiptText, RECEIPT_OF } from './receipt';
import type { SmppMessageRow } from './repo';
import type { SmppServerService } from './service';

/** Due receipts read at once for an account. */
const RECEIPT_PUMP_ROWS = 500;

/**
 * The receipts owed to customers, written as deliver_sm to the receiving binds of this process
 * (a window per bind), each claimed in the database first so it goes out once; answered ones
 * marked, unanswered ones made due again for the account's next receiving bind.
 */
export class ReceiptWriter {
  /** Receipts this process is writing (not picked twice by an offer and the poll). */
  private readonly inFlight = new Set<string>();
  /**
   * Accounts with receipts due that found their binds' windows full: read again from the
   * database as soon as a bind has room (half its window), not only at the next poll.
   */
  private readonly waitingForRoom = new Set<string>();
  private readonly pumping = new Set<string>();

  constructor(
    private readonly binds: ReadonlySet<Bind>,
    private readonly service: SmppServerService,
    private readonly log: Logger,
    /** Receipts written to one bind and not yet answered, at most (SMPP_RECEIPT_WINDOW). */
    private readonly window: number,
  ) {}

  /** A bind closed: its receipts written and not answered go to the account's next receiving bind. */
  bindClosed(bind: Bind): void {
    const accountId = bind.account?.id;
    if (accountId && !this.hasReceiver(accountId)) this.waitingForRoom.delete(accountId);
    const unanswered = [...bind.outstanding];
    for (const id of unanswered) this.inFlight.delete(id);
    bind.outstanding.clear();
    if (unanswered.length > 0) {
      void this.service
        .markDue(unanswered)
        .then(() => this.pumpAccount(accountId))
        .catch((error: unknown) =>
          this.log.error({ err: error }, 'SMPP receipts could not be made due again'),
        );
    }
  }

  /** Receipts other processes stored for the accounts with a receiving bind here. */
  async pumpAll(): Promise<void> {
    const accounts = new Set<string>();
    for (const bind of this.binds) if (bind.account && receives(bind.mode)) accounts.add(bind.account.id);
    for (const accountId of accounts) await this.pumpAccount(accountId);
  }

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

  hasReceiver(accountId: string): boolean {
    for (const bind of this.binds) {
      if (!bind.closed && bind.account?.id === accountId && receives(bind.mode)) return true;
    }
    return false;
  }

  /** A receipt was answered on this bind: with half its window free, the account's backlog goes. */
  private roomMade(bind: Bind): void {
    const accountId = bind.account?.id;
    if (!accountId || bind.outstanding.size > this.window / 2) return;
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
      if (bind.outstanding.size >= this.window) continue;
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
    const text = customerReceiptText({
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
        message_state: MESSAGE_STATE[RECEIPT_OF[row.status].state],
      },
      (resp: Pdu) => {
        bind.outstanding.delete(row.smppId);
        this.inFlight.delete(row.smppId);
        this.roomMade(bind);
        const done =
          resp.command_status === COMMAND_STATUS.ESME_ROK
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

  /** Reads the account's due receipts and writes them to its receiving binds here, while they have room. */
  async pumpAccount(accountId: string | undefined): Promise<void> {
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
}

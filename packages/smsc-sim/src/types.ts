import type { ConcatInfo, IdFormat } from '@switchboard/smpp';
import type { Outcome, OutcomeMix, OutcomeRule } from './outcomes';

export interface AccountConfig {
  systemId: string;
  password: string;
  /** Submits per second per bind; unset or 0: no limit. */
  tps?: number;
  /** Bucket size (the burst a bind may send at once); default: `tps` (at least 1). */
  burst?: number;
}

export interface SmscOptions {
  /** 0 (the default) picks a free port; read it from `smsc.port`. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  accounts: AccountConfig[];
  /** Time from submit to receipt; default 0. */
  receiptDelayMs?: number;
  /** Outcome weights; default: every part delivered. */
  outcomes?: OutcomeMix;
  /** Destination rules checked before the weights (e.g. `{ match: '*0000', outcome: 'undeliverable' }`). */
  rules?: OutcomeRule[];
  /** Makes the weighted draws repeatable (otherwise Math.random). */
  seed?: number;
  /** Format of the ids in submit_sm_resp and the receipted_message_id TLV; default `hex`. */
  idFormat?: IdFormat;
  /** Format of the id in the receipt text; default: same as `idFormat`. */
  receiptIdFormat?: IdFormat;
  /** First numeric message id; default: derived from the clock, so restarts do not reuse ids. */
  idStart?: number;
  /** Milliseconds since the epoch; injectable for the token bucket and the receipt dates. */
  clock?: () => number;
  /** The SMSC's system_id in bind responses; default `SMSCSIM`. */
  systemId?: string;
  /** Records kept in `parts` / `messages` / `receipts` (oldest dropped); default 100000. */
  maxRecords?: number;
  /** TCP_NODELAY on accepted sockets; default true (off only to measure what Nagle costs). */
  noDelay?: boolean;
  /**
   * Whether receipts carry the receipted_message_id and message_state TLVs (default true); without
   * them a client must match receipts by the id in the receipt text.
   */
  receiptTlv?: boolean;
  /**
   * A receipt answered with an error (ESME_RX_T_APPN: the client could not take it now, or any
   * other) is sent again after this long, as an SMSC retries delivery; default 1000 ms.
   */
  receiptRetryMs?: number;
}

export type BindMode = 'transmitter' | 'receiver' | 'transceiver';

/** One submit_sm the simulator accepted (one part of a message). */
export interface SubmittedPart {
  /** As answered in submit_sm_resp (idFormat). */
  messageId: string;
  /** As written in the receipt text (receiptIdFormat). */
  receiptId: string;
  systemId: string;
  bindId: number;
  source: string;
  destination: string;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  text: string;
  binary: boolean;
  udh?: string;
  concat?: ConcatInfo;
  outcome: Outcome;
  /** Whether a receipt will be sent (outcome is not `none` and registered_delivery asks for it). */
  receiptExpected: boolean;
  receivedAt: Date;
}

/** A message as the handset would see it: one part, or the parts of a concatenated message. */
export interface SubmittedMessage {
  systemId: string;
  source: string;
  destination: string;
  dataCoding: number;
  /** The parts' text joined in sequence order (as far as they have arrived). */
  text: string;
  parts: SubmittedPart[];
  /** Parts announced by the header (1 when not concatenated). */
  total: number;
  complete: boolean;
  receivedAt: Date;
}

export interface ReceiptRecord {
  /** The id of the part this receipt is about (as in submit_sm_resp and receipted_message_id). */
  messageId: string;
  systemId: string;
  /** deliver_sm source: the original destination. */
  source: string;
  /** deliver_sm destination: the original source. */
  destination: string;
  outcome: Exclude<Outcome, 'none'>;
  messageState: number;
  /** The receipt's short_message. */
  text: string;
  /**
   * Times a deliver_sm was sent for it (a bind that closes before answering, or an error answer,
   * gets it resent).
   */
  attempts: number;
  bindId?: number;
  sentAt?: Date;
  /** command_status of the deliver_sm_resp, once answered. */
  responseStatus?: number;
  acknowledgedAt?: Date;
}

export interface BindInfo {
  bindId: number;
  systemId?: string;
  mode?: BindMode;
  remote: string;
}

export interface SmscEvents {
  connect: [{ bindId: number; remote: string }];
  bind: [BindInfo & { systemId: string; mode: BindMode; status: number }];
  unbind: [BindInfo];
  close: [BindInfo];
  submit: [SubmittedPart];
  /** A message whose parts have all arrived. */
  message: [SubmittedMessage];
  throttled: [BindInfo & { destination: string }];
  /** A deliver_sm receipt was written to a bind. */
  receipt: [ReceiptRecord];
  /** The client answered a receipt. */
  receiptAck: [ReceiptRecord];
  enquireLink: [BindInfo];
  /** A PDU ignored because its account (or the whole simulator) is hung. */
  ignored: [BindInfo & { command: string }];
  /** A socket or PDU error on one bind (the bind is closed; the simulator carries on). */
  sessionError: [BindInfo & { error: Error }];
}

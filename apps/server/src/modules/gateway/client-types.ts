import type {
  GatewayBindMode,
  GatewayBindState,
  GatewayIdFormat,
  GatewayReceiptStatus,
} from '@switchboard/contracts';
import { COMMAND_STATUS, type EncodedPart } from '@switchboard/smpp';

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

/** What a bind slot needs of the client that owns it. */
export interface SlotOwner {
  readonly config: GatewayClientConfig;
  readonly events: ClientEvents;
  /** Hands waiting parts to slots with room (a slot bound, an answer came, a pause ended). */
  pump(): void;
  /** A slot's state changed. */
  slotChanged(slot: { index: number; status: SlotStatus }): void;
}

/** command_status values that mean "too fast": back off and submit again. */
export const THROTTLE_STATUSES = new Set<number>([
  COMMAND_STATUS.ESME_RTHROTTLED,
  COMMAND_STATUS.ESME_RMSGQFUL,
]);

/** One part waiting for a slot, and who waits for its outcome. */
export interface PendingPart {
  part: EncodedPart;
  sms: OutboundSms;
  attempts: number;
  resolve: (outcome: PartOutcome) => void;
}

export type PartOutcome =
  | { ok: true; id: string }
  | { ok: false; retryable: boolean; errorCode: string; commandStatus?: number }
  /** Written, never answered: the SMSC may have it. */
  | { ok: false; retryable: false; errorCode: 'SUBMIT_NO_RESPONSE'; unconfirmed: true };

export const UNCONFIRMED: PartOutcome = {
  ok: false,
  retryable: false,
  errorCode: 'SUBMIT_NO_RESPONSE',
  unconfirmed: true,
};

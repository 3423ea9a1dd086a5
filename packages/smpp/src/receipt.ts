/**
 * Delivery receipts as SMSCs write them in a deliver_sm's short_message (SMPP 3.4 appendix B):
 * `id:… sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD err:000 text:…`.
 * Written by the customer SMPP server and the simulator, read by the gateway client: one format,
 * one parser.
 */

/** SMPP 3.4 message_state values (section 5.2.28), as the message_state TLV carries them. */
export const MESSAGE_STATE = {
  ENROUTE: 1,
  DELIVERED: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIVERABLE: 5,
  ACCEPTED: 6,
  UNKNOWN: 7,
  REJECTED: 8,
} as const;

export type MessageStateName = keyof typeof MESSAGE_STATE;

/** The receipt text's `stat:` word of each message state. */
export const RECEIPT_STAT: Record<MessageStateName, string> = {
  ENROUTE: 'ENROUTE',
  DELIVERED: 'DELIVRD',
  EXPIRED: 'EXPIRED',
  DELETED: 'DELETED',
  UNDELIVERABLE: 'UNDELIV',
  ACCEPTED: 'ACCEPTD',
  UNKNOWN: 'UNKNOWN',
  REJECTED: 'REJECTD',
};

/** The message state a receipt's `stat:` says (any case); undefined for a word SMPP does not define. */
export function messageStateOfStat(stat: string): MessageStateName | undefined {
  const word = stat.trim().toUpperCase();
  return (Object.keys(RECEIPT_STAT) as MessageStateName[]).find((name) => RECEIPT_STAT[name] === word);
}

/** A final outcome as our receipts write it (server and simulator alike): its state and `err:`. */
export interface ReceiptOutcome {
  state: MessageStateName;
  err: string;
}

/** The receipts of the four final outcomes every SMSC reports. */
export const FINAL_RECEIPT = {
  delivered: { state: 'DELIVERED', err: '000' },
  undeliverable: { state: 'UNDELIVERABLE', err: '001' },
  expired: { state: 'EXPIRED', err: '002' },
  rejected: { state: 'REJECTED', err: '003' },
} as const satisfies Record<string, ReceiptOutcome>;

/** registered_delivery bits 0-1: 1 = a receipt for any final outcome, 2 = for failures only, 0/3 = none. */
export function receiptRequested(registeredDelivery: number, delivered: boolean): boolean {
  const kind = registeredDelivery & 0x03;
  return kind === 1 || (kind === 2 && !delivered);
}

const two = (n: number) => String(n).padStart(2, '0');

/** A receipt date: YYMMDDhhmm in UTC. */
export function formatReceiptDate(date: Date | number): string {
  const d = new Date(date);
  return (
    two(d.getUTCFullYear() % 100) +
    two(d.getUTCMonth() + 1) +
    two(d.getUTCDate()) +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes())
  );
}

/** Reads a receipt date, `YYMMDDhhmm[ss]` (UTC); undefined when it is not one. */
export function parseReceiptDate(text: string): Date | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(text);
  if (!m) return undefined;
  const [, yy, mo, dd, hh, mi, ss] = m;
  const date = new Date(
    Date.UTC(2000 + Number(yy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0)),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The receipt's `text:` field: the first 20 characters of the message, limited to characters
 * that are the same bytes in ASCII and the GSM default alphabet (others become `?`), so the
 * receipt reads the same whichever way a client decodes data_coding 0.
 */
export function receiptExcerpt(text: string): string {
  return Array.from(text)
    .slice(0, 20)
    .map((c) => (/^[A-Za-z0-9 !"#%&'()*+,\-./:;<=>?]$/.test(c) ? c : '?'))
    .join('');
}

export interface ReceiptFields extends ReceiptOutcome {
  id: string;
  submitDate: Date | number;
  doneDate: Date | number;
  /** The message's text (cut to the excerpt here). */
  text: string;
}

/** Writes a receipt of one part: `sub:001`, `dlvrd:001` when delivered. */
export function formatReceiptText(fields: ReceiptFields): string {
  const delivered = fields.state === 'DELIVERED' ? '001' : '000';
  return (
    `id:${fields.id} sub:001 dlvrd:${delivered} submit date:${formatReceiptDate(fields.submitDate)} ` +
    `done date:${formatReceiptDate(fields.doneDate)} stat:${RECEIPT_STAT[fields.state]} err:${fields.err} ` +
    `text:${receiptExcerpt(fields.text)}`
  );
}

export interface ParsedReceipt {
  id: string;
  sub: string;
  dlvrd: string;
  submitDate: string;
  doneDate: string;
  stat: string;
  err: string;
  text: string;
}

const RECEIPT_FIELDS: Record<string, Exclude<keyof ParsedReceipt, 'text'>> = {
  id: 'id',
  sub: 'sub',
  dlvrd: 'dlvrd',
  'submit date': 'submitDate',
  'done date': 'doneDate',
  stat: 'stat',
  err: 'err',
};

/**
 * Reads a receipt text as formatReceiptText and most SMSCs write it: `key:value` fields
 * separated by spaces, in any order and case, `text:` (the rest of the text) last when present.
 * Fields an SMSC leaves out are empty strings; `id` and `stat` are required, else it is not a
 * receipt (undefined).
 */
export function parseReceiptText(text: string): ParsedReceipt | undefined {
  const textAt = text.search(/(^|\s)text:/i);
  const head = textAt < 0 ? text : text.slice(0, textAt);
  const rest = textAt < 0 ? '' : text.slice(textAt).replace(/^\s*text:/i, '');
  const parsed: ParsedReceipt = {
    id: '',
    sub: '',
    dlvrd: '',
    submitDate: '',
    doneDate: '',
    stat: '',
    err: '',
    text: rest,
  };
  const field = /(id|sub|dlvrd|submit date|done date|stat|err):(\S*)/gi;
  for (let match = field.exec(head); match; match = field.exec(head)) {
    const key = RECEIPT_FIELDS[match[1]!.toLowerCase()];
    if (key && parsed[key] === '') parsed[key] = match[2]!;
  }
  if (!parsed.id || !parsed.stat) return undefined;
  return parsed;
}

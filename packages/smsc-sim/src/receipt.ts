import type { Outcome } from './outcomes';

/** How the simulator writes its message ids: `hex` (lower case) or `decimal`. */
export type IdFormat = 'hex' | 'decimal';

export function formatId(value: number, format: IdFormat): string {
  return format === 'hex' ? value.toString(16) : value.toString(10);
}

/** SMPP 3.4 message_state values (section 5.2.28). */
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

export type ReceiptOutcome = Exclude<Outcome, 'none'>;

/** The receipt's `stat:` and `err:` and the message_state TLV for each outcome. */
export const RECEIPT_STATES: Record<ReceiptOutcome, { stat: string; err: string; state: number }> = {
  delivered: { stat: 'DELIVRD', err: '000', state: MESSAGE_STATE.DELIVERED },
  undeliverable: { stat: 'UNDELIV', err: '001', state: MESSAGE_STATE.UNDELIVERABLE },
  expired: { stat: 'EXPIRED', err: '002', state: MESSAGE_STATE.EXPIRED },
  rejected: { stat: 'REJECTD', err: '003', state: MESSAGE_STATE.REJECTED },
};

const two = (n: number) => String(n).padStart(2, '0');

/** YYMMDDhhmm in UTC. */
export function formatReceiptDate(ms: number): string {
  const d = new Date(ms);
  return (
    two(d.getUTCFullYear() % 100) +
    two(d.getUTCMonth() + 1) +
    two(d.getUTCDate()) +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes())
  );
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

export interface ReceiptFields {
  id: string;
  outcome: ReceiptOutcome;
  submitDate: number;
  doneDate: number;
  text: string;
}

/** `id:… sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD err:000 text:…` */
export function formatReceipt(fields: ReceiptFields): string {
  const state = RECEIPT_STATES[fields.outcome];
  const delivered = fields.outcome === 'delivered' ? '001' : '000';
  return (
    `id:${fields.id} sub:001 dlvrd:${delivered} submit date:${formatReceiptDate(fields.submitDate)} ` +
    `done date:${formatReceiptDate(fields.doneDate)} stat:${state.stat} err:${state.err} ` +
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
 * Reads a receipt text as written by formatReceipt and by most SMSCs (SMPP 3.4 appendix B):
 * `key:value` fields separated by spaces, in any order and case, `text:` (the rest of the text)
 * last when present. Fields an SMSC leaves out are empty strings; `id` and `stat` are required,
 * else it is not a receipt (undefined). The one receipt parser: the simulator's tests and the
 * server's SMPP client both read receipts with it.
 */
export function parseReceipt(text: string): ParsedReceipt | undefined {
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

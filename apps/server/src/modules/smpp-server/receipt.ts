import type { SmsStatus } from '@switchboard/contracts';

/** SMPP 3.4 command_status values the customer SMPP server answers with (section 5.1.3). */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RTHROTTLED: 0x58,
} as const;

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

/** A final status as a receipt says it: `stat:`, the default `err:` and the message_state TLV. */
export const RECEIPT_OF: Record<SmsStatus, { stat: string; err: string; state: number }> = {
  accepted: { stat: 'ACCEPTD', err: '000', state: MESSAGE_STATE.ACCEPTED },
  queued: { stat: 'ENROUTE', err: '000', state: MESSAGE_STATE.ENROUTE },
  sent: { stat: 'ENROUTE', err: '000', state: MESSAGE_STATE.ENROUTE },
  delivered: { stat: 'DELIVRD', err: '000', state: MESSAGE_STATE.DELIVERED },
  undeliverable: { stat: 'UNDELIV', err: '001', state: MESSAGE_STATE.UNDELIVERABLE },
  expired: { stat: 'EXPIRED', err: '002', state: MESSAGE_STATE.EXPIRED },
  rejected: { stat: 'REJECTD', err: '003', state: MESSAGE_STATE.REJECTED },
  timeout: { stat: 'EXPIRED', err: '002', state: MESSAGE_STATE.EXPIRED },
  invalid_number: { stat: 'UNDELIV', err: '004', state: MESSAGE_STATE.UNDELIVERABLE },
  arrears: { stat: 'REJECTD', err: '005', state: MESSAGE_STATE.REJECTED },
  failed: { stat: 'UNDELIV', err: '006', state: MESSAGE_STATE.UNDELIVERABLE },
};

/** registered_delivery bits 0-1: 1 = a receipt for any final outcome, 2 = for failures only. */
export function wantsReceipt(registeredDelivery: number, status: SmsStatus): boolean {
  const kind = registeredDelivery & 0x03;
  return kind === 1 || (kind === 2 && status !== 'delivered');
}

const two = (n: number) => String(n).padStart(2, '0');

/** YYMMDDhhmm in UTC. */
export function receiptDate(date: Date): string {
  return (
    two(date.getUTCFullYear() % 100) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    two(date.getUTCHours()) +
    two(date.getUTCMinutes())
  );
}

/**
 * The receipt's `text:`: the first 20 characters of the message, limited to characters that are
 * the same bytes in ASCII and the GSM default alphabet (others become `?`).
 */
export function receiptExcerpt(text: string): string {
  return Array.from(text)
    .slice(0, 20)
    .map((c) => (/^[A-Za-z0-9 !"#%&'()*+,\-./:;<=>?]$/.test(c) ? c : '?'))
    .join('');
}

/** `err:` of a receipt: a numeric error code of up to 3 digits as is, else the status's. */
export function receiptErr(status: SmsStatus, errorCode: string | null): string {
  if (status !== 'delivered' && errorCode && /^\d{1,3}$/.test(errorCode)) return errorCode.padStart(3, '0');
  return RECEIPT_OF[status].err;
}

/** `id:… sub:001 dlvrd:… submit date:… done date:… stat:… err:… text:…` */
export function formatReceipt(input: {
  id: string;
  status: SmsStatus;
  errorCode: string | null;
  submittedAt: Date;
  doneAt: Date;
  excerpt: string;
}): string {
  const receipt = RECEIPT_OF[input.status];
  return (
    `id:${input.id} sub:001 dlvrd:${input.status === 'delivered' ? '001' : '000'} ` +
    `submit date:${receiptDate(input.submittedAt)} done date:${receiptDate(input.doneAt)} ` +
    `stat:${receipt.stat} err:${receiptErr(input.status, input.errorCode)} text:${receiptExcerpt(input.excerpt)}`
  );
}

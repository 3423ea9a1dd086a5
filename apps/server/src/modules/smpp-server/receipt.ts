import type { SmsStatus } from '@switchboard/contracts';
import { FINAL_RECEIPT, formatReceiptText, type ReceiptOutcome, receiptRequested } from '@switchboard/smpp';

/** A message's status as the customer's receipt says it: its message state and the default `err:`. */
export const RECEIPT_OF: Record<SmsStatus, ReceiptOutcome> = {
  accepted: { state: 'ACCEPTED', err: '000' },
  queued: { state: 'ENROUTE', err: '000' },
  sent: { state: 'ENROUTE', err: '000' },
  delivered: FINAL_RECEIPT.delivered,
  undeliverable: FINAL_RECEIPT.undeliverable,
  expired: FINAL_RECEIPT.expired,
  rejected: FINAL_RECEIPT.rejected,
  timeout: FINAL_RECEIPT.expired,
  invalid_number: { state: 'UNDELIVERABLE', err: '004' },
  arrears: { state: 'REJECTED', err: '005' },
  failed: { state: 'UNDELIVERABLE', err: '006' },
};

/** Whether a submit's registered_delivery asks for a receipt of this final status. */
export function wantsReceipt(registeredDelivery: number, status: SmsStatus): boolean {
  return receiptRequested(registeredDelivery, status === 'delivered');
}

/** `err:` of a receipt: a numeric error code of up to 3 digits as is, else the status's. */
export function receiptErr(status: SmsStatus, errorCode: string | null): string {
  if (status !== 'delivered' && errorCode && /^\d{1,3}$/.test(errorCode)) return errorCode.padStart(3, '0');
  return RECEIPT_OF[status].err;
}

/** The receipt text owed to a customer for a message that reached a final status. */
export function customerReceiptText(input: {
  id: string;
  status: SmsStatus;
  errorCode: string | null;
  submittedAt: Date;
  doneAt: Date;
  excerpt: string;
}): string {
  return formatReceiptText({
    id: input.id,
    state: RECEIPT_OF[input.status].state,
    err: receiptErr(input.status, input.errorCode),
    submitDate: input.submittedAt,
    doneDate: input.doneAt,
    text: input.excerpt,
  });
}

import { errorCodeValue, type GatewayReceiptStatus } from '@switchboard/contracts';
import {
  deliveredText,
  isDeliveryReceipt,
  type MessageStateName,
  messageStateOfStat,
  normaliseId,
  parseReceiptDate,
  parseReceiptText,
  receiptIdToSubmitForm,
} from '@switchboard/smpp';
import type { Pdu } from 'smpp';
import type { GatewayClientConfig, GatewayReceipt } from './client-types';

/** The gateway status of a receipt's message state (other states: failed). */
const STATE_STATUS: Partial<Record<MessageStateName, GatewayReceiptStatus>> = {
  DELIVERED: 'delivered',
  UNDELIVERABLE: 'undeliverable',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
};

/** The status of a receipt: the gateway's error map by `err:` code first, else by `stat:`. */
export function receiptStatus(
  stat: string,
  err: string,
  errorMap: Record<string, string>,
): GatewayReceiptStatus {
  const code = errorCodeValue(err);
  if (code !== null) {
    for (const [key, status] of Object.entries(errorMap)) {
      if (errorCodeValue(key) === code) return status as GatewayReceiptStatus;
    }
  }
  const state = messageStateOfStat(stat);
  return (state && STATE_STATUS[state]) ?? 'failed';
}

/** The `text:` excerpt of a receipt's text (as kept with a pending receipt), null when none. */
export function receiptExcerptOf(raw: string): string | null {
  return parseReceiptText(raw)?.text || null;
}

/** A receipt's source_addr as international digits (`+86…`, `0086…` → `86…`); null when it is none. */
export function handsetOf(address: string | undefined): string | null {
  const digits = (address ?? '').trim().replace(/^\+|^00/, '');
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/**
 * Reads a deliver_sm as a receipt (esm_class says so): the id from the receipted_message_id TLV
 * when present (the submit_sm_resp form), else from the text (converted from the receipt form).
 * Undefined when the PDU is not a receipt or its text is not one.
 */
export function readReceipt(
  pdu: Pdu,
  config: GatewayClientConfig,
  now = new Date(),
): GatewayReceipt | undefined {
  if (!isDeliveryReceipt(pdu.esm_class)) return undefined;
  const raw = deliveredText(pdu);
  const parsed = parseReceiptText(raw);
  const tlvId = pdu.receipted_message_id?.trim();
  if (!parsed && !tlvId) return undefined;
  const upstreamId = tlvId
    ? normaliseId(tlvId, config.submitIdFormat)
    : receiptIdToSubmitForm(parsed!.id, config.receiptIdFormat, config.submitIdFormat);
  const stat = parsed?.stat ?? '';
  const err = parsed?.err ?? '';
  return {
    gatewayId: config.id,
    upstreamId,
    status: receiptStatus(stat, err, config.errorMap),
    errorCode:
      err && errorCodeValue(err) !== 0 ? err : stat && stat.toUpperCase() !== 'DELIVRD' ? stat : null,
    doneAt: (parsed && parseReceiptDate(parsed.doneDate)) || now,
    raw,
    handset: handsetOf(pdu.source_addr),
    excerpt: parsed?.text || null,
  };
}

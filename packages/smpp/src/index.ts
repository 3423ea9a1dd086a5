/// <reference path="./smpp.d.ts" />
/**
 * What Switchboard knows of SMPP, in one place: command_status values, delivery receipt texts
 * (written and read), message content (decoded, split and encoded), message ids and the token
 * bucket of submit rates. The gateway client, the customer SMPP server and the SMSC simulator
 * use it.
 */
export {
  type ConcatInfo,
  type Content,
  deliveredText,
  type EncodedPart,
  ESM_CLASS,
  encodeParts,
  isDeliveryReceipt,
  isTextCoding,
  readContent,
} from './content';
export { formatId, type IdFormat, normaliseId, receiptIdToSubmitForm } from './ids';
export {
  FINAL_RECEIPT,
  formatReceiptDate,
  formatReceiptText,
  MESSAGE_STATE,
  type MessageStateName,
  messageStateOfStat,
  type ParsedReceipt,
  parseReceiptDate,
  parseReceiptText,
  RECEIPT_STAT,
  type ReceiptFields,
  type ReceiptOutcome,
  receiptExcerpt,
  receiptRequested,
} from './receipt';
export {
  COMMAND_STATUS,
  type CommandStatusName,
  statusHex,
  statusMeaning,
  statusName,
} from './status';
export { TokenBucket } from './token-bucket';

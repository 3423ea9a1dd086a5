export { type ConcatInfo, type Content, readContent } from './content';
export {
  DEFAULT_MIX,
  isOutcome,
  OUTCOMES,
  type Outcome,
  type OutcomeMix,
  OutcomePicker,
  type OutcomeRule,
  parseOutcomeMix,
  parseRule,
  ruleMatches,
  seededRandom,
} from './outcomes';
export {
  formatId,
  formatReceipt,
  formatReceiptDate,
  type IdFormat,
  MESSAGE_STATE,
  type ParsedReceipt,
  parseReceipt,
  RECEIPT_STATES,
  receiptExcerpt,
} from './receipt';
export {
  type AccountConfig,
  type BindInfo,
  type BindMode,
  type ReceiptRecord,
  Smsc,
  type SmscEvents,
  type SmscOptions,
  STATUS,
  type SubmittedMessage,
  type SubmittedPart,
  startSmsc,
} from './smsc';
export { TokenBucket } from './token-bucket';

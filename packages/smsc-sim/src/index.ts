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
export { Smsc, startSmsc } from './smsc';
export type {
  AccountConfig,
  BindInfo,
  BindMode,
  ReceiptRecord,
  SmscEvents,
  SmscOptions,
  SubmittedMessage,
  SubmittedPart,
} from './types';

import type { Db } from '../../../platform/db';
import { AcceptanceRepo } from './acceptance';
import { CallbackRepo } from './callbacks';
import { QueueRepo } from './queue';
import { ReceiptRepo } from './receipts';
import { RecordRepo } from './records';

export type {
  BatchFilters,
  ClaimedMessage,
  FinalMessage,
  MessageFilters,
  SmsBatchRecord,
  SmsCallbackRecord,
  SmsMessageInsert,
  SmsMessageRecord,
} from './rows';
export { UNCONFIRMED, unconfirmedId } from './rows';
export type { AcceptanceRepo, CallbackRepo, QueueRepo, ReceiptRepo, RecordRepo };

/**
 * The only SQL of the SMS engine's tables, one repo per stage: each stage's service is given the
 * ones it writes or reads. One set per service, shared by its stages.
 */
export interface SmsRepos {
  acceptance: AcceptanceRepo;
  queue: QueueRepo;
  receipts: ReceiptRepo;
  callbacks: CallbackRepo;
  records: RecordRepo;
}

export function smsRepos(db: Db): SmsRepos {
  return {
    acceptance: new AcceptanceRepo(db),
    queue: new QueueRepo(db),
    receipts: new ReceiptRepo(db),
    callbacks: new CallbackRepo(db),
    records: new RecordRepo(db),
  };
}

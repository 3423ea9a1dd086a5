import type { SmsConfig } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { SmsAcceptance } from './acceptance';
import { RecipientAnalysis } from './analyse';
import { SmsCallbacks } from './callbacks';
import { SmsDispatch } from './dispatch';
import { type FinalEvent, SmsFinals } from './finals';
import { SmsReceipts } from './receipts';
import { SmsRecords } from './records';
import { SmsRefunds } from './refunds';
import { type FinalMessage, type SmsRepos, smsRepos } from './repo';
import { SmsSends } from './sends';
import { SmsSweeps } from './sweeps';
import type { AcceptInput, AcceptResult, AcceptWriter } from './types';

/** The other modules' services the SMS engine uses (each stage is given only its own of these). */
export type SmsDependencies = Pick<
  Services,
  'rates' | 'routing' | 'smsTemplates' | 'ledger' | 'companies' | 'users' | 'gateways' | 'apiAccess'
>;

/**
 * The SMS engine's message pipeline, one stage per class: acceptance (validate, price, route,
 * persist and charge in one transaction), dispatch to gateways, receipts, sweeps (timeouts),
 * refunds, final statuses and customer callbacks, the console's sends and records. Other modules
 * use the methods here; the module's routes and workers use the stages.
 */
export class SmsService {
  /** The SQL of each stage (one set, shared by the stages). */
  readonly repos: SmsRepos;
  readonly acceptance: SmsAcceptance;
  readonly sends: SmsSends;
  readonly dispatch: SmsDispatch;
  readonly receipts: SmsReceipts;
  readonly sweeps: SmsSweeps;
  readonly refunds: SmsRefunds;
  readonly finals: SmsFinals;
  readonly callbacks: SmsCallbacks;
  readonly records: SmsRecords;

  constructor(db: Db, services: SmsDependencies, config: SmsConfig, log: Logger) {
    const repos = smsRepos(db);
    this.repos = repos;
    this.callbacks = new SmsCallbacks(repos.callbacks, services, config);
    this.finals = new SmsFinals(this.callbacks, log);
    this.refunds = new SmsRefunds(services);
    this.receipts = new SmsReceipts(db, repos.receipts, this.finals, log);
    const analysis = new RecipientAnalysis(services);
    this.acceptance = new SmsAcceptance(db, repos.acceptance, services, analysis, this.finals, config, log);
    this.sends = new SmsSends(db, repos, services, this.acceptance, analysis, this.refunds, this.finals, log);
    this.dispatch = new SmsDispatch(db, repos.queue, this.receipts, this.refunds, this.finals, log);
    this.sweeps = new SmsSweeps(db, repos.queue, this.receipts, this.refunds, this.finals, config);
    this.records = new SmsRecords(repos, services);
  }

  /** Accepts a send (see SmsAcceptance.accept). */
  accept<T = never>(input: AcceptInput, writer?: AcceptWriter<T>, data?: T): Promise<AcceptResult> {
    return this.acceptance.accept(input, writer, data);
  }

  /** Listeners of final statuses (callbacks are sent here; the SMPP server adds its own). */
  onFinal(listener: (m: FinalEvent) => void): void {
    this.finals.onFinal(listener);
  }

  /** Work done inside the transaction that makes messages final (see SmsFinals.onFinalInTransaction). */
  onFinalInTransaction(hook: (finals: FinalMessage[]) => Promise<void>): void {
    this.finals.onFinalInTransaction(hook);
  }

  /** A message of a company's (any company's: null). */
  get(companyId: string | null, id: string) {
    return this.records.get(companyId, id);
  }

  /** A message with its parts as the gateway took them (the test tool's trace). */
  trace(id: string) {
    return this.records.trace(id);
  }

  /** Messages not final by where they wait, callbacks owed, receipts unmatched (monitoring). */
  queueDepth() {
    return this.records.queueDepth();
  }
}

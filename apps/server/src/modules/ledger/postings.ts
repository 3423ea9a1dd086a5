import {
  COMMISSION_KINDS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type LedgerAccount,
  type LedgerKind,
  type LedgerNoteRef,
} from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import { GroupCommit } from '../../platform/group-commit';
import { keyOf, type LedgerEntryRow, type ReconcileFinding } from './repo';

/*
 * What a posting is and how postings reach the database: the types the ledger's callers pass
 * and get back, the group commit of single charges, and the checks every posting goes through.
 * LedgerService (service.ts) writes them.
 */

/** Who caused an entry (null: the platform itself, e.g. the SMS engine or a webhook). */
export type Actor = { userId: string; username: string } | null;

/** A ledger note: what a person wrote, or the platform's code with its parameters. */
export type PostingNote = string | LedgerNoteRef | null | undefined;

/** One change of one account, as other modules ask for it. */
export interface Posting {
  companyId: string;
  /** Default: the commission account for commission and payout, else the balance. */
  account?: LedgerAccount;
  kind: LedgerKind;
  /** Signed micro-units: credits positive, debits negative (the kind's direction, checked). */
  amount: bigint;
  /** Unique per company: a repeated key answers the first entry and changes nothing. */
  idempotencyKey: string;
  reference?: string | null;
  /** A person's words (a string) or the platform's note as a code and parameters. */
  note?: PostingNote;
  actor?: Actor;
  /**
   * A debit may take the account below minus its credit limit (a chargeback of money already
   * spent). Never for charges made on a customer's behalf.
   */
  allowOverdraft?: boolean;
  /**
   * Index (in the same call, earlier) of a posting this one goes with, e.g. a commission with the
   * charge it comes from: in `each` mode it is written only when that one is written now, and
   * refused when that one is refused. Replays replay both.
   */
  requires?: number;
  /**
   * Written as part of ONE entry with the other postings of the call that name the same sum (a
   * batch of messages: one ledger line, not one per message). Each is still decided on its own,
   * in order (covered or refused, its `requires` honoured); the entry carries the accepted ones'
   * total under the sum's key. The postings' own keys are not stored, so a summed posting is
   * never looked up for a replay: the sum's key must be new (the unique index refuses a key seen
   * before, failing the transaction), and a caller that must answer a repeated request does so
   * itself (as the HTTP API's Idempotency-Key does). Not for adjustments (either sign). A sum's
   * postings follow one another on their account (postings on other accounts may come between),
   * so its entry's balance after is one the decisions went through; its reference, note and
   * actor are its first written posting's. Each summed posting's outcome is the whole entry.
   */
  sum?: PostingSum;
}

/** The entry a group of postings is written as (see Posting.sum). */
export interface PostingSum {
  /** The entry's idempotency key (unique per company, and new). */
  idempotencyKey: string;
  reference?: string | null;
  /** The entry's note, or a note made from the number of postings it sums. */
  note?: PostingNote | ((count: number) => PostingNote);
}

/** What became of one posting. */
export type PostingOutcome =
  | { status: 'posted'; entry: LedgerEntryRow }
  /** The key had been used for the same change: its first entry, nothing changed now. */
  | { status: 'replayed'; entry: LedgerEntryRow }
  /**
   * Nothing written for it: a debit the balance (with its credit limit) did not cover, a key used
   * before for another change, or (in `each` mode) a company that does not exist.
   */
  | { status: 'refused'; reason: RefusalReason };

export type RefusalReason = 'BALANCE_INSUFFICIENT' | 'IDEMPOTENCY_KEY_REUSED' | 'NOT_FOUND';

const refusalStatus: Record<RefusalReason, number> = {
  BALANCE_INSUFFICIENT: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  NOT_FOUND: 404,
};

/** One charge of a batch (e.g. one message of a dispatcher's batch). */
export interface BatchCharge {
  /** Positive micro-units to take. */
  amount: bigint;
  idempotencyKey: string;
  reference?: string | null;
  note?: PostingNote;
}

export interface CompanyBalance {
  companyId: string;
  balance: bigint;
  creditLimit: bigint;
  commission: bigint;
  currency: string;
}

export interface ReconcileReport {
  /** Accounts checked (two per company: balance and commission) and entries summed. */
  accounts: number;
  entries: number;
  /** Every account whose balance and ledger disagree; empty when all is well. */
  differences: ReconcileFinding[];
  durationMs: number;
}

/** The setting that records the currency the ledger is kept in. */
export const CURRENCY_SETTING = 'ledger.currency';

/** A single posting's outcome as its caller expects it: the entry, or the refusal as an error. */
export function settled(outcome: PostingOutcome): { entry: LedgerEntryRow; replayed: boolean } {
  if (outcome.status === 'refused') throw new AppError(outcome.reason, refusalStatus[outcome.reason]);
  return { entry: outcome.entry, replayed: outcome.status === 'replayed' };
}

/**
 * Group commit for charges made one at a time (calls, lookups, API sends, each with the
 * commissions of the resellers above): a group of postings goes to the database at once when
 * fewer than four batches are under way; otherwise it waits for one to finish and goes with every
 * group that queued meanwhile, as one `each` posting. An idle system adds no delay; a busy one
 * turns many short transactions (each holding a hot company's row lock for three round trips)
 * into few. Each caller still gets its own outcomes. A group is never split, and two groups that
 * share a key never share a batch (the second waits for the next, and then replays the first; or,
 * for a sum's key, which is never replayed, fails on the unique index and learns it alone). A
 * batch that fails as a whole (a bug, a balance out of range, a lost connection) is tried again
 * one group at a time, so one caller's error stays its own.
 */
export class ChargeQueue {
  private readonly groups: GroupCommit<Posting[], PostingOutcome[]>;

  constructor(flush: (postings: Posting[]) => Promise<PostingOutcome[]>) {
    this.groups = new GroupCommit(
      async (groups) => {
        // One posting list; each group's `requires` shifted by where the group starts in it.
        const postings: Posting[] = [];
        const offsets: number[] = [];
        for (const group of groups) {
          const offset = postings.length;
          offsets.push(offset);
          for (const p of group) {
            postings.push(p.requires === undefined ? p : { ...p, requires: p.requires + offset });
          }
        }
        const outcomes = await flush(postings);
        return groups.map((group, i) => outcomes.slice(offsets[i]!, offsets[i]! + group.length));
      },
      {
        max: 500,
        weigh: (group) => group.length,
        alone: true,
        parallel: 4,
        keysOf: (group) => group.flatMap((p) => (p.sum ? [keyOf(p), sumKeyOf(p, p.sum)] : [keyOf(p)])),
      },
    );
  }

  /** `requires` in a group counts within the group. */
  submit(postings: Posting[]): Promise<PostingOutcome[]> {
    if (postings.length === 0) return Promise.resolve([]);
    return this.groups.push(postings);
  }
}

/** Two postings of one change must agree on everything a replay compares. */
export function sameChange(
  entry: LedgerEntryRow,
  posting: Required<Pick<Posting, 'account' | 'kind' | 'amount'>>,
) {
  return entry.account === posting.account && entry.kind === posting.kind && entry.amount === posting.amount;
}

/** The key a summed posting's entry is written under (company and the sum's key). */
export const sumKeyOf = (p: { companyId: string }, sum: PostingSum): string =>
  keyOf({ companyId: p.companyId, idempotencyKey: sum.idempotencyKey });

/** An idempotency key the column holds (printable ASCII, not too long); anything else is a bug. */
export function checkKey(key: string): void {
  if (!/^[\x21-\x7e]+$/.test(key) || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new Error(`invalid idempotency key ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** One entry to write: a posting, or the postings of one sum together. */
export interface Slot {
  posting: Posting & { account: LedgerAccount };
  amount: bigint;
  count: number;
  /** Its entry's place in the account's chain. */
  seq: number;
  /** The account's balance after the slot's last posting (its entry's balance after). */
  after: bigint;
}

export const accountOf = (kind: LedgerKind): LedgerAccount =>
  COMMISSION_KINDS.includes(kind) ? 'commission' : 'balance';

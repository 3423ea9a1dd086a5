import { createHash } from 'node:crypto';
import type { ChargeKind, ErrorCode, LedgerNoteRef } from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { Posting, PostingOutcome, PostingSum } from '../ledger';
import { chargeNote, type Priced, type Pricing, type PricingService } from './pricing';
import { type ParsedNumber, parseNumber } from './resolve';

/** One charge to price: a destination and its parts (messages, seconds of a call, lookups). */
export interface RateChargeItem {
  /** The number as given, or as the caller already parsed it (parseNumber). */
  number: string | ParsedNumber;
  parts: number;
  idempotencyKey: string;
  reference?: string | null;
}

/** One charge with its price decided by pricing (PricingService): posted as it is. */
export interface PricedCharge extends Priced {
  idempotencyKey: string;
  reference?: string | null;
  /** The customer's entry's note (a summed charge's entry has the sum's). */
  note?: LedgerNoteRef | null;
}

/** A charge pricing refused (not a number, no rate): answered so, unless its key was charged before. */
export interface UnpricedCharge {
  idempotencyKey: string;
  refused: ErrorCode;
}

/** What became of one charge. */
export type RateChargeOutcome =
  | {
      status: 'charged' | 'replayed';
      /** What the company paid (micro-units). */
      amount: bigint;
      /** Commission credited to each reseller above it. */
      commissions: { companyId: string; amount: bigint }[];
    }
  | { status: 'refused'; reason: ErrorCode };

/** The key of a reseller's commission for a customer's charge (keys are unique per company). */
export const commissionKey = (customerId: string, key: string) =>
  `cm:${createHash('sha256').update(`${customerId}\u0000${key}`).digest('base64url')}`;

/**
 * Charging through the ledger: a charge takes its price from the company's balance and credits
 * each reseller above its commission, in one ledger transaction. It posts the prices it is given
 * (what acceptance showed and stored) and never resolves them again.
 */
export class ChargingService {
  constructor(
    private readonly pricing: PricingService,
    private readonly deps: Pick<Services, 'ledger'>,
  ) {}

  /**
   * Charges one message, call or lookup: prices it and posts it (see `post`). A repeated key
   * changes nothing and answers the first charge; BALANCE_INSUFFICIENT writes nothing.
   */
  async charge(
    companyId: string,
    kind: ChargeKind,
    number: string,
    parts: number,
    idempotencyKey: string,
    reference?: string | null,
  ): Promise<RateChargeOutcome & { status: 'charged' | 'replayed' }> {
    const [outcome] = await this.chargeBatch(companyId, kind, [{ number, parts, idempotencyKey, reference }]);
    if (outcome!.status === 'refused') {
      const status =
        outcome!.reason === 'BALANCE_INSUFFICIENT' ? 400 : outcome!.reason === 'RATE_NOT_FOUND' ? 404 : 409;
      throw new AppError(outcome!.reason, outcome!.reason === 'NUMBER_INVALID' ? 400 : status);
    }
    return outcome as RateChargeOutcome & { status: 'charged' | 'replayed' };
  }

  /**
   * Many charges of one company in one ledger transaction (a dispatcher's batch): each is priced
   * once, then posted in order: charged with its commissions, replayed (key seen before) or
   * refused (not covered, no rate, not a number) without affecting the others.
   */
  async chargeBatch(
    companyId: string,
    kind: ChargeKind,
    items: RateChargeItem[],
  ): Promise<RateChargeOutcome[]> {
    for (const item of items) {
      if (!Number.isSafeInteger(item.parts) || item.parts < 0) throw new Error(`invalid parts ${item.parts}`);
    }
    const pricing = await this.pricing.forCompany(companyId, kind);
    const [outcomes] = await this.post([{ companyId, items: items.map((item) => priceItem(pricing, item)) }]);
    return outcomes!;
  }

  /**
   * Posts charges already priced, for several companies at once (acceptances grouped into one
   * transaction): ONE ledger posting, so the balances are locked once, in one order, whatever
   * mix of companies the group holds. Answers each group's outcomes in its items' order; a
   * charged one with the amount and commissions it was given.
   *
   * A group with a `sum` is written as one ledger entry (its charges' total, under the sum's key)
   * and one commission entry per reseller, rather than an entry per item: a batch of 500
   * messages is one line of the customer's ledger. Each item is still decided on its own. Only
   * with `freshKeys`: the items' keys are not stored, so they cannot be replayed.
   */
  async post(
    groups: { companyId: string; items: (PricedCharge | UnpricedCharge)[]; sum?: PostingSum }[],
    options: { freshKeys?: boolean } = {},
  ): Promise<RateChargeOutcome[][]> {
    for (const item of groups.flatMap((g) => g.items)) {
      if ('refused' in item) continue;
      if (item.amount < 0n || item.commissions.some((c) => c.amount <= 0n))
        throw new Error(`invalid price ${item.amount} for ${item.idempotencyKey}`);
    }
    if (groups.some((g) => g.sum) && !options.freshKeys) throw new Error('a summed charge needs fresh keys');
    const answers: (RateChargeOutcome | undefined)[][] = groups.map((g) =>
      new Array(g.items.length).fill(undefined),
    );
    const postings: Posting[] = [];
    const plan: { group: number; index: number; leader: number; item: PricedCharge }[] = [];
    // Keys are per company in the ledger.
    const keysInCall = new Set<string>();
    for (const [g, { companyId, items, sum }] of groups.entries()) {
      const outcomes = answers[g]!;
      // Replays first: a key already charged answers its entry, priced as it was.
      // `freshKeys`: keys never used before (new message ids), so no replay to look for (the
      // ledger still refuses a key it has seen).
      const done = new Map(
        (options.freshKeys
          ? []
          : await this.deps.ledger.entriesByKeys(
              companyId,
              items.map((i) => i.idempotencyKey),
            )
        ).map((e) => [e.idempotencyKey, e]),
      );
      for (const [index, item] of items.entries()) {
        const first = done.get(item.idempotencyKey);
        if (first) {
          // The key named another change (a top-up, a transfer): not this charge's to answer.
          outcomes[index] =
            first.kind === 'charge'
              ? { status: 'replayed', amount: -first.amount, commissions: [] }
              : { status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' };
          continue;
        }
        const callKey = `${companyId}\n${item.idempotencyKey}`;
        if (keysInCall.has(callKey)) {
          outcomes[index] = { status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' };
          continue;
        }
        keysInCall.add(callKey);
        if ('refused' in item) {
          outcomes[index] = { status: 'refused', reason: item.refused };
          continue;
        }
        if (item.amount === 0n) {
          outcomes[index] = { status: 'charged', amount: 0n, commissions: [] };
          continue;
        }
        const leader = postings.length;
        postings.push({
          companyId,
          kind: 'charge',
          amount: -item.amount,
          idempotencyKey: item.idempotencyKey,
          reference: item.reference ?? null,
          note: item.note ?? null,
          sum,
        });
        for (const c of item.commissions) {
          postings.push({
            companyId: c.companyId,
            kind: 'commission',
            amount: c.amount,
            idempotencyKey: commissionKey(companyId, item.idempotencyKey),
            reference: item.reference ?? null,
            note: { code: 'commission', params: { companyId } },
            requires: leader,
            sum: sum && {
              idempotencyKey: commissionKey(companyId, sum.idempotencyKey),
              reference: sum.reference ?? null,
              note: { code: 'commission', params: { companyId } },
            },
          });
        }
        plan.push({ group: g, index, leader, item });
      }
    }
    if (postings.length > 0) {
      // Outside a caller's transaction it may share one with other charges made at the same time.
      const results: PostingOutcome[] = await this.deps.ledger.postEach(postings, {
        freshKeys: options.freshKeys,
      });
      for (const p of plan) {
        const result = results[p.leader]!;
        answers[p.group]![p.index] =
          result.status === 'refused'
            ? { status: 'refused', reason: result.reason }
            : {
                status: result.status === 'posted' ? 'charged' : 'replayed',
                amount: p.item.amount,
                commissions: result.status === 'posted' ? p.item.commissions : [],
              };
      }
    }
    return answers as RateChargeOutcome[][];
  }
}

/** A charge priced (or what pricing refused: not a number, no rate). */
function priceItem(pricing: Pricing, item: RateChargeItem): PricedCharge | UnpricedCharge {
  const { idempotencyKey } = item;
  const parsed = typeof item.number === 'string' ? parseNumber(item.number) : item.number;
  if (!parsed) return { idempotencyKey, refused: 'NUMBER_INVALID' };
  try {
    const { resolution, amount, commissions } = pricing.price(parsed, item.parts);
    const note = chargeNote(resolution, item.parts);
    return { idempotencyKey, reference: item.reference ?? null, amount, commissions, note };
  } catch (error) {
    if (error instanceof AppError) return { idempotencyKey, refused: error.errorCode };
    throw error;
  }
}

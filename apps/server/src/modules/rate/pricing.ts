import { type ChargeKind, groupKindOf, type LedgerNoteRef } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { callerOf } from './access';
import type { GatewayCostService } from './gateway-costs';
import type { RateReads } from './reads';
import type { OperatorRow, RateRow } from './repo';
import { amountOf, type MatchedBy, operatorOf, type ParsedNumber, parseNumber, pickRate } from './resolve';

/** The outcome of resolving a number for a company. */
export interface Resolution {
  companyId: string;
  kind: ChargeKind;
  number: ParsedNumber;
  operator: OperatorRow | undefined;
  groupId: string;
  rate: RateRow;
  matchedBy: MatchedBy;
}

/** A price, and the commission each reseller above earns on it. */
export interface Priced {
  amount: bigint;
  commissions: { companyId: string; amount: bigint }[];
}

/** PricingService.forCompany: numbers priced for one company and kind with nothing more to read. */
export interface Pricing {
  /** What `parts` cost the company, and what each reseller earns on them; RATE_NOT_FOUND if one has no rate. */
  price(number: ParsedNumber, parts: number): { resolution: Resolution } & Priced;
}

/** A company's rate group of a kind (none: no rate for anything of it) and the group's rates. */
interface RateLevel {
  companyId: string;
  kind: ChargeKind;
  groupId: string | undefined;
  rates: readonly RateRow[];
}

/** The most specific rate of a level for a number (RATE_NOT_FOUND when none). */
function pickLevel(level: RateLevel, number: ParsedNumber, operator: OperatorRow | undefined): Resolution {
  if (!level.groupId) throw new AppError('RATE_NOT_FOUND', 404);
  const found = pickRate(level.rates, {
    countryCode: number.countryCode,
    smsKind: groupKindOf(level.kind) === 'sms' ? (level.kind as RateRow['smsKind']) : null,
    digits: number.digits,
    operator: operator ? { mcc: operator.mcc, mnc: operator.mnc } : null,
  });
  if (!found) throw new AppError('RATE_NOT_FOUND', 404);
  return {
    companyId: level.companyId,
    kind: level.kind,
    number,
    operator,
    groupId: level.groupId,
    rate: found.rate,
    matchedBy: found.matchedBy,
  };
}

/** The ledger note of a charge priced so: the kind, the rate's destination, the parts. */
export const chargeNote = (resolution: Resolution, parts: number): LedgerNoteRef => {
  const { rate } = resolution;
  const match = rate.prefix
    ? `+${rate.prefix}`
    : rate.mcc
      ? rate.mnc
        ? `${rate.mcc}/${rate.mnc}`
        : rate.mcc
      : '';
  return { code: 'charge', params: { kind: resolution.kind, country: rate.countryCode, match, parts } };
};

/**
 * The price of a number for a company: the rate group of the kind assigned to it, its most
 * specific rate, and the margin of each reseller above (their own prices); quotes with costs
 * and margins. Pricing answers once: what it answers is what is charged.
 */
export class PricingService {
  constructor(
    private readonly reads: RateReads,
    private readonly gatewayCosts: Pick<GatewayCostService, 'costOf'>,
    private readonly deps: Pick<Services, 'companies'>,
    private readonly log?: Logger,
  ) {}

  /**
   * The price of a number for a company: its assigned group of the kind, the most specific rate
   * (longest prefix, then operator, then country). RATE_NOT_FOUND when no group or no rate;
   * NUMBER_INVALID when the number is not one. Reads are cached for a few seconds (and dropped at
   * once when this process changes rates): what the SMS engine calls per message.
   */
  async resolve(companyId: string, kind: ChargeKind, number: string | ParsedNumber): Promise<Resolution> {
    const parsed = typeof number === 'string' ? parseNumber(number) : number;
    if (!parsed) throw new AppError('NUMBER_INVALID', 400);
    const level = await this.levelOf(companyId, kind);
    return pickLevel(
      level,
      parsed,
      operatorOf(parsed.digits, parsed.countryCode, await this.reads.operators()),
    );
  }

  /** A company's rate group of a kind and its rates (cached reads). */
  private async levelOf(companyId: string, kind: ChargeKind): Promise<RateLevel> {
    const groupId = (await this.reads.groupsOfCompany(companyId)).get(groupKindOf(kind));
    return { companyId, kind, groupId, rates: groupId ? await this.reads.ratesOfGroup(groupId) : [] };
  }

  /**
   * Prices numbers for one company and kind with what that needs read once (the company and each
   * reseller above it, their rate groups and rates, the operators): the answer prices each number
   * at once. A batch of 500 numbers is one read, not 500. What it answers is what the charge
   * posts (ChargingService.post): a message is charged the price it was accepted at.
   */
  async forCompany(companyId: string, kind: ChargeKind): Promise<Pricing> {
    const ids = [companyId];
    for (
      let id = await this.reads.parentOf(companyId);
      id !== null && !ids.includes(id);
      id = await this.reads.parentOf(id)
    ) {
      ids.push(id);
    }
    const [levels, operators] = await Promise.all([
      Promise.all(ids.map((id) => this.levelOf(id, kind))),
      this.reads.operators(),
    ]);
    return {
      price: (parsed, parts) => {
        const operator = operatorOf(parsed.digits, parsed.countryCode, operators);
        const chain = levels.map((level) => pickLevel(level, parsed, operator));
        return { resolution: chain[0]!, ...this.priced(chain, parts) };
      },
    };
  }

  /** `GET /sys/feerate/quote`: price; resellers also their own price and margin, staff cost and margin. */
  async quote(auth: AuthContext, query: { companyId: string; kind: ChargeKind; number: string }) {
    const caller = callerOf(auth);
    await this.deps.companies.assertInScope(auth, [query.companyId]);
    const r = await this.resolve(query.companyId, query.kind, query.number);
    let ownPrice: bigint | null = null;
    let cost: bigint | null = null;
    let margin: bigint | null = null;
    if (caller.staff) {
      cost = await this.gatewayCosts.costOf(groupKindOf(query.kind), r.number.countryCode, r.operator);
      if (cost !== null) margin = r.rate.price - cost;
    } else if (caller.reseller && caller.companyId && caller.companyId !== query.companyId) {
      const own = await this.resolve(caller.companyId, query.kind, r.number).catch((error: unknown) => {
        if (error instanceof AppError && error.errorCode === 'RATE_NOT_FOUND') return undefined;
        throw error;
      });
      if (own) {
        ownPrice = own.rate.price;
        margin = r.rate.price - own.rate.price;
      }
    }
    return {
      companyId: query.companyId,
      kind: query.kind,
      number: `+${r.number.digits}`,
      countryCode: r.number.countryCode,
      operator: r.operator ? { mcc: r.operator.mcc, mnc: r.operator.mnc, name: r.operator.name } : null,
      matchedBy: r.matchedBy,
      rateId: r.rate.id,
      groupId: r.groupId,
      price: r.rate.price,
      connectionFee: r.rate.connectionFee,
      billingInitial: r.rate.billingInitial,
      billingIncrement: r.rate.billingIncrement,
      ownPrice,
      cost,
      margin,
    };
  }

  /** The price at the chain's first company and each reseller's margin (child's price − its own). */
  private priced(chain: Resolution[], parts: number): Priced {
    const voice = groupKindOf(chain[0]!.kind) === 'voice';
    const amounts = chain.map((r) => amountOf(r.rate, voice, parts));
    const commissions: { companyId: string; amount: bigint }[] = [];
    for (let level = 1; level < chain.length; level++) {
      const margin = amounts[level - 1]! - amounts[level]!;
      if (margin > 0n) commissions.push({ companyId: chain[level]!.companyId, amount: margin });
      else if (margin < 0n) {
        this.log?.warn(
          {
            companyId: chain[level - 1]!.companyId,
            reseller: chain[level]!.companyId,
            margin: String(margin),
          },
          'customer priced below its reseller: no commission',
        );
      }
    }
    return { amount: amounts[0]!, commissions };
  }
}

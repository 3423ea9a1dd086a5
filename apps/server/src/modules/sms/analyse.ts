import { type ErrorCode, renderTemplate, type SmsEncoding, type SmsStatus } from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { type ParsedNumber, type Priced, type Pricing, parseNumber } from '../rate';
import { partsOf } from './rules';
import type { AcceptInput } from './types';

/** One recipient as analysed before anything is written. */
export interface Analysed {
  index: number;
  /** What was given, trimmed (an invalid number is stored as given). */
  given: string;
  /** The number as parsed once here (the rate look-up and the charge take it as it is). */
  parsed: ParsedNumber | null;
  digits: string | null;
  countryCode: string | null;
  mcc: string | null;
  mnc: string | null;
  text: string;
  parts: number;
  encoding: SmsEncoding;
  clientRef: string | null;
  /** Estimated price and resellers' commissions (the rates read now; the charge decides). */
  price: bigint;
  commissions: Priced['commissions'];
  cost: bigint | null;
  routeId: string | null;
  routeName: string | null;
  gatewayIds: string[];
  /** Why it is not sent (null: it is). `duplicate` ones are not stored at all. */
  reason: ErrorCode | null;
}

export const statusOf = (a: Analysed): SmsStatus =>
  a.reason === null ? 'accepted' : a.reason === 'NUMBER_INVALID' ? 'invalid_number' : 'failed';

/**
 * Recipients as a send gives them, analysed before anything is written: numbers parsed, repeated
 * ones found, variables filled in, parts counted, priced (the rates read once for the batch) and
 * routed. Acceptance stores what it says; the console's preview shows it.
 */
export class RecipientAnalysis {
  constructor(private readonly services: Pick<Services, 'rates' | 'routing'>) {}

  async analyse(input: AcceptInput, at: Date): Promise<Analysed[]> {
    const seen = new Set<string>();
    const prepared = input.recipients.map((r, index) => {
      const given = r.number.trim().slice(0, 32);
      const parsed = parseNumber(given);
      const text = renderTemplate(input.text, r.vars);
      const { parts, encoding } = partsOf(text);
      const base: Analysed = {
        index,
        given,
        parsed: parsed ?? null,
        digits: parsed?.digits ?? null,
        countryCode: parsed?.countryCode ?? null,
        mcc: null,
        mnc: null,
        text,
        parts,
        encoding,
        clientRef: r.clientRef?.slice(0, 64) ?? null,
        price: 0n,
        commissions: [],
        cost: null,
        routeId: null,
        routeName: null,
        gatewayIds: [],
        reason: null,
      };
      if (!parsed) return { ...base, reason: 'NUMBER_INVALID' as const };
      if (seen.has(parsed.digits)) return { ...base, reason: 'NUMBER_DUPLICATE' as const };
      seen.add(parsed.digits);
      return base;
    });
    if (input.forcedGatewayId) {
      for (const a of prepared) {
        if (a.reason) continue;
        a.routeName = 'test';
        a.gatewayIds = [input.forcedGatewayId];
      }
      return prepared;
    }
    // What pricing and routing read is read once for the batch; each number is then decided at once.
    const [pricing, route] = await Promise.all([
      input.platform ? undefined : this.services.rates.pricing.forCompany(input.companyId, input.kind),
      this.services.routing?.resolver(input.companyId),
    ]);
    const costs = new Map<string, Promise<bigint | null>>();
    const costKeys = new Map<number, string>();
    const analysed = prepared.map((a): Analysed => {
      if (a.reason) return a;
      if (pricing) {
        let priced: ReturnType<Pricing['price']>;
        try {
          priced = pricing.price(a.parsed!, a.parts);
        } catch (error) {
          if (error instanceof AppError) return { ...a, reason: error.errorCode };
          throw error;
        }
        const op = priced.resolution.operator;
        a.mcc = op?.mcc ?? null;
        a.mnc = op?.mnc ?? null;
        a.price = priced.amount;
        a.commissions = priced.commissions;
        const costKey = `${a.countryCode}:${a.mcc}:${a.mnc}`;
        costKeys.set(a.index, costKey);
        if (!costs.has(costKey)) {
          costs.set(
            costKey,
            this.services.rates.gatewayCosts.costOf('sms', a.countryCode!, op).catch(() => null),
          );
        }
      }
      const decision = route?.({
        kind: input.kind,
        number: a.digits!,
        countryCode: a.countryCode!,
        mcc: a.mcc,
        mnc: a.mnc,
        at,
      });
      if (!decision?.ok || decision.gatewayIds.length === 0) return { ...a, reason: 'NO_ROUTE' };
      a.routeId = decision.routeId;
      a.routeName = decision.routeName.slice(0, 128);
      a.gatewayIds = decision.gatewayIds;
      return a;
    });
    // Gateway costs (staff figures) per destination network, a few reads for the whole batch.
    const unitCosts = new Map<string, bigint | null>();
    for (const [key, cost] of costs) unitCosts.set(key, await cost);
    for (const a of analysed) {
      const key = costKeys.get(a.index);
      if (key === undefined) continue;
      const unitCost = unitCosts.get(key)!;
      a.cost = unitCost === null ? null : unitCost * BigInt(a.parts);
    }
    return analysed;
  }
}

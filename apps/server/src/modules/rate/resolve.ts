import type { SmsKind } from '@switchboard/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Pure rules of pricing: parsing a number to its country, finding its operator, choosing the
 * most specific rate of a group, the amount of a charge, percent changes. No I/O: unit-tested
 * with tables of cases.
 */

/** What resolution needs of a rate. */
export interface RateLike {
  id: string;
  countryCode: string;
  smsKind: SmsKind | null;
  mcc: string | null;
  mnc: string | null;
  prefix: string | null;
  price: bigint;
  connectionFee: bigint;
  billingInitial: number;
  billingIncrement: number;
}

/** An operator and the number prefixes (international digits) it was given. */
export interface OperatorLike {
  countryCode: string;
  mcc: string;
  mnc: string;
  name: string;
  prefixes: string[];
}

/** A destination to price: a country, and as much as is known of the number and its operator. */
export interface Destination {
  countryCode: string;
  /** SMS groups: the SMS kind; voice and ND: null. */
  smsKind: SmsKind | null;
  /** International digits of the number (or of a prefix standing for a range of numbers). */
  digits?: string | null;
  /** The operator (mnc null: any network of the mcc). */
  operator?: { mcc: string; mnc: string | null } | null;
}

export type MatchedBy = 'prefix' | 'operator' | 'country';

export interface ParsedNumber {
  /** International digits without '+'. */
  digits: string;
  countryCode: string;
  callingCode: string;
}

/**
 * A number in international form ('+8613800138000', '8613800138000', '0086…' and spaces, dashes,
 * dots or brackets between digits): its digits and country, or undefined when it is not a
 * possible number of a known country.
 */
export function parseNumber(text: string): ParsedNumber | undefined {
  const compact = text.trim().replace(/[\s\-().]/g, '');
  const withoutPrefix = compact.startsWith('+') ? compact.slice(1) : compact.replace(/^00/, '');
  if (!/^\d{4,15}$/.test(withoutPrefix)) return undefined;
  const parsed = parsePhoneNumberFromString(`+${withoutPrefix}`);
  if (!parsed?.country || !parsed.isPossible()) return undefined;
  return { digits: withoutPrefix, countryCode: parsed.country, callingCode: parsed.countryCallingCode };
}

/**
 * The operator a number belongs to: the one with the longest prefix the number starts with (in
 * the number's country). The seam the SMS engine's operator table (with number portability
 * lookups, later) fills.
 */
export function operatorOf<T extends OperatorLike>(
  digits: string,
  countryCode: string,
  operators: readonly T[],
): T | undefined {
  let best: T | undefined;
  let bestLength = 0;
  for (const op of operators) {
    if (op.countryCode !== countryCode) continue;
    for (const prefix of op.prefixes) {
      if (prefix.length > bestLength && digits.startsWith(prefix)) {
        best = op;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/**
 * The most specific rate of a group for a destination: the longest prefix the number starts
 * with; else the operator (its exact network before a rate for every network of its MCC); else
 * the country's rate. Only rates of the destination's country and SMS kind count.
 */
export function pickRate<T extends RateLike>(
  rates: readonly T[],
  dest: Destination,
): { rate: T; matchedBy: MatchedBy } | undefined {
  let prefixRate: T | undefined;
  let exactOperator: T | undefined;
  let mccOperator: T | undefined;
  let country: T | undefined;
  for (const r of rates) {
    if (r.countryCode !== dest.countryCode || r.smsKind !== dest.smsKind) continue;
    if (r.prefix !== null) {
      if (dest.digits?.startsWith(r.prefix)) {
        if (!prefixRate || r.prefix.length > prefixRate.prefix!.length) prefixRate = r;
      }
    } else if (r.mcc !== null) {
      const op = dest.operator;
      if (!op || op.mcc !== r.mcc) continue;
      if (r.mnc === null) mccOperator = r;
      else if (r.mnc === op.mnc) exactOperator = r;
    } else {
      country = r;
    }
  }
  if (prefixRate) return { rate: prefixRate, matchedBy: 'prefix' };
  const operatorRate = exactOperator ?? mccOperator;
  if (operatorRate) return { rate: operatorRate, matchedBy: 'operator' };
  return country ? { rate: country, matchedBy: 'country' } : undefined;
}

/** Seconds billed for a call of `seconds`: nothing for 0, else the initial block then increments. */
export function billedSeconds(seconds: number, initial: number, increment: number): number {
  if (seconds <= 0) return 0;
  if (seconds <= initial) return initial;
  return initial + Math.ceil((seconds - initial) / increment) * increment;
}

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/**
 * What a charge costs at a rate: SMS and ND price × parts (messages, lookups); voice the
 * connection fee plus the per-minute price for the billed seconds of a call of `parts` seconds
 * (0 seconds: an unanswered call, nothing), rounded to the micro-unit half away from zero.
 */
export function amountOf(rate: RateLike, voice: boolean, parts: number): bigint {
  if (!voice) return rate.price * BigInt(parts);
  const billed = billedSeconds(parts, rate.billingInitial, rate.billingIncrement);
  if (billed === 0) return 0n;
  return rate.connectionFee + divRound(rate.price * BigInt(billed), 60n);
}

/**
 * A price changed by a percent ('10', '-5.5', up to 4 decimals), rounded to 6 decimals half
 * away from zero; never below 0.
 */
export function applyPercent(price: bigint, percent: string): bigint {
  const match = /^(-)?(\d{1,4})(?:\.(\d{1,4}))?$/.exec(percent);
  if (!match) throw new RangeError(`not a percent: ${percent}`);
  // Percent in ten-thousandths of a percent: 100 % = 1,000,000.
  const scaled = BigInt(match[2]!) * 10_000n + BigInt((match[3] ?? '').padEnd(4, '0'));
  const signed = match[1] ? -scaled : scaled;
  const next = divRound(price * (1_000_000n + signed), 1_000_000n);
  return next < 0n ? 0n : next;
}

/** A rate's destination in words, for naming rows in messages ('CN otp +8613', 'GB 234/10'). */
export function describeRate(r: {
  countryCode: string;
  smsKind: string | null;
  mcc: string | null;
  mnc: string | null;
  prefix: string | null;
}): string {
  const parts = [r.countryCode];
  if (r.smsKind) parts.push(r.smsKind);
  if (r.prefix) parts.push(`+${r.prefix}`);
  else if (r.mcc) parts.push(r.mnc ? `${r.mcc}/${r.mnc}` : r.mcc);
  return parts.join(' ');
}

/**
 * The probes of the rule "a customer's price is never below its reseller's": every destination
 * either group prices specifically. For each, the child's rate must not be below the parent's.
 */
export function belowParent<C extends RateLike, P extends RateLike>(
  child: readonly C[],
  parent: readonly P[],
  operatorFor: (digits: string, countryCode: string) => { mcc: string; mnc: string } | undefined,
): { child: C; parent: P }[] {
  const found = new Map<string, { child: C; parent: P }>();
  for (const probe of [...child, ...parent]) {
    const dest: Destination = {
      countryCode: probe.countryCode,
      smsKind: probe.smsKind,
      digits: probe.prefix,
      operator: probe.prefix
        ? (operatorFor(probe.prefix, probe.countryCode) ?? null)
        : probe.mcc
          ? { mcc: probe.mcc, mnc: probe.mnc }
          : null,
    };
    const mine = pickRate(child, dest);
    if (!mine || found.has(mine.rate.id)) continue;
    const theirs = pickRate(parent, dest);
    if (!theirs) continue;
    if (mine.rate.price < theirs.rate.price || mine.rate.connectionFee < theirs.rate.connectionFee) {
      found.set(mine.rate.id, { child: mine.rate, parent: theirs.rate });
    }
  }
  return [...found.values()];
}

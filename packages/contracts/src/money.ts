import { z } from 'zod';

/**
 * Money, exactly. Amounts travel as decimal strings (`"0.003500"`, `"120.00"`), are kept as
 * `numeric(18,6)` in the database and as bigint micro-units (millionths of the platform currency)
 * in code: never binary floats. Six decimals because rates carry six and a charge is a rate times
 * a count; balances are shown with two.
 */
export const MONEY_SCALE = 6;
/** Micro-units in one unit of the currency. */
export const MONEY_UNIT = 1_000_000n;
/** numeric(18,6) holds magnitudes below 10^12: every balance must stay below this. */
export const MONEY_LIMIT = 10n ** 18n;
/** The largest single ledger amount (one adjustment, one transfer), in units. */
export const LEDGER_AMOUNT_MAX = 1_000_000_000;
/** The platform currency when PLATFORM_CURRENCY is not set. */
export const DEFAULT_CURRENCY = 'USD';

const DECIMAL = /^(-)?(\d{1,18})(?:\.(\d+))?$/;

/**
 * Parses a decimal string into micro-units, or undefined when it is not one: an optional minus,
 * digits, optionally a point and 1 to 6 digits. No exponents, no plus sign, no spaces, no more
 * than six decimals (never rounded silently).
 */
export function parseMoney(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, minus, whole, fraction = ''] = match;
  if (fraction.length > MONEY_SCALE || (text.includes('.') && fraction.length === 0)) return undefined;
  const micros = BigInt(whole!) * MONEY_UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0'));
  return minus ? -micros : micros;
}

/** The number of decimals a decimal string has (for a precise error), or undefined if it is not one. */
export function decimalsOf(text: string): number | undefined {
  const match = DECIMAL.exec(text);
  return match ? (match[3]?.length ?? 0) : undefined;
}

/**
 * Micro-units as a decimal string with `decimals` places (default all six, exact). Fewer places
 * round half away from zero (display only: what is stored is never rounded).
 */
export function formatMoney(micros: bigint, decimals: number = MONEY_SCALE): string {
  const rounded = roundMoney(micros, decimals);
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  const whole = abs / MONEY_UNIT;
  const fraction = (abs % MONEY_UNIT).toString().padStart(MONEY_SCALE, '0').slice(0, decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Rounds micro-units to `decimals` places, half away from zero (0 to 6 places). */
export function roundMoney(micros: bigint, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MONEY_SCALE) {
    throw new RangeError(`decimals must be 0 to ${MONEY_SCALE}`);
  }
  const step = 10n ** BigInt(MONEY_SCALE - decimals);
  if (step === 1n) return micros;
  const abs = micros < 0n ? -micros : micros;
  const down = (abs / step) * step;
  const up = abs - down >= step / 2n ? down + step : down;
  return micros < 0n ? -up : up;
}

/** Micro-units of a whole number of units (constants in code and tests). */
export const units = (n: number | bigint): bigint => BigInt(n) * MONEY_UNIT;

/**
 * Money on the wire: a decimal string in, bigint micro-units in the server, and back out as a
 * six-decimal string (`"-12.500000"`). Validation messages name the field in the caller's
 * language: not a decimal (MONEY_INVALID), too many decimals (MONEY_TOO_MANY_DECIMALS).
 */
/**
 * How money looks in the OpenAPI document, both ways (the codec's bigint side has no JSON Schema
 * of its own).
 */
const moneyDoc = {
  type: 'string',
  pattern: '^-?\\d{1,12}(\\.\\d{1,6})?$',
  examples: ['120.00', '0.003500'],
  description: 'An exact decimal amount of the platform currency (answers carry six decimals)',
};

export const money = z
  .codec(
    z.string().superRefine((text, ctx) => {
      if (text.length > 40) {
        ctx.addIssue({ code: 'custom', message: 'MONEY_INVALID' });
        return;
      }
      // One parse for the usual, valid amount (every money field of every answer comes here).
      const micros = parseMoney(text);
      if (micros !== undefined && micros < MONEY_LIMIT) return;
      const decimals = decimalsOf(text);
      if (decimals !== undefined && decimals > MONEY_SCALE) {
        ctx.addIssue({ code: 'custom', message: 'MONEY_TOO_MANY_DECIMALS', params: { max: MONEY_SCALE } });
      } else {
        ctx.addIssue({ code: 'custom', message: 'MONEY_INVALID' });
      }
    }),
    z.bigint(),
    {
      decode: (text) => parseMoney(text)!,
      encode: (micros) => formatMoney(micros),
    },
  )
  .meta(moneyDoc);

/** An amount that moves money: greater than zero, at most LEDGER_AMOUNT_MAX units. */
export const positiveMoney = money
  .check(
    z.refine((micros: bigint) => micros > 0n, { message: 'MONEY_NOT_POSITIVE' }),
    z.refine((micros: bigint) => micros <= units(LEDGER_AMOUNT_MAX), {
      message: 'MONEY_TOO_LARGE',
      params: { max: LEDGER_AMOUNT_MAX },
    }),
  )
  .meta({ ...moneyDoc, description: `An exact decimal amount above 0, at most ${LEDGER_AMOUNT_MAX}` });

/** An ISO 4217 currency code (`USD`, `CNY`). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'FIELD_INVALID');

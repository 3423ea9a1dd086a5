import {
  DATE_TIME_FORMAT,
  formatMoney as decimalText,
  ELLIPSIS_LENGTH,
  MONEY_SCALE,
  parseMoney,
  roundMoney,
} from '@switchboard/contracts';
import dayjs from 'dayjs';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567.891 -> "1,234,567.89" (with `fractionDigits` 2); empty text for missing values. */
export function formatNumber(value: number | string | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  if (fractionDigits === undefined) {
    return Number.isInteger(number)
      ? integerFormat.format(number)
      : new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(number);
  }
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(number);
}

/**
 * What a sum of money is: `amount` (balances, credit limits, commissions, ledger amounts, totals,
 * spend, revenue, margin, top-ups) or `price` (a unit price or cost: a rate per message or minute,
 * a gateway's cost, one message's price and cost).
 */
export type MoneyKind = 'amount' | 'price';

const MONEY_DECIMALS: Record<MoneyKind, { min: number; max: number }> = {
  amount: { min: 2, max: 2 },
  price: { min: 2, max: MONEY_SCALE },
};

/** Decimal text (`-1234.5`, as money is on the wire) or a number, as micro-units; undefined if neither. */
function moneyMicros(value: number | string): bigint | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) ? parseMoney(value.toFixed(MONEY_SCALE)) : undefined;
  return parseMoney(value.trim());
}

/** Micro-units with `min` to `max` decimals (trailing zeros beyond `min` trimmed), with thousands separators. */
function moneyText(micros: bigint, min: number, max: number): string {
  const text = decimalText(micros, max);
  const [whole = '0', fraction = ''] = text.split('.');
  let shown = fraction;
  while (shown.length > min && shown.endsWith('0')) shown = shown.slice(0, -1);
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${shown ? `.${shown}` : ''}`;
}

/**
 * Money as the console shows it, one way everywhere and in both languages: thousands separators,
 * the decimals of its kind and its currency after it. An `amount` has two decimals
 * (`"1210.518000"` -> `"1,210.52 USD"`), except one too small to show as anything but zero: it
 * keeps its own decimals (a charge of 0.003 reads `-0.003 USD`, never `-0.00 USD`, which would say
 * nothing was charged). A `price` has two to six, trailing zeros trimmed (`"0.003500"` ->
 * `"0.0035 USD"`, `"0.040000"` -> `"0.04 USD"`). Exact: decimal text is never turned into a
 * binary float. Empty text for a missing or invalid value.
 */
export function formatMoney(
  value: number | string | null | undefined,
  currency: string,
  kind: MoneyKind = 'amount',
): string {
  if (value === null || value === undefined || value === '') return '';
  const micros = moneyMicros(value);
  if (micros === undefined) return '';
  const { min, max } = MONEY_DECIMALS[kind];
  const tooSmall = micros !== 0n && roundMoney(micros, max) === 0n;
  const number = tooSmall ? moneyText(micros, min, MONEY_SCALE) : moneyText(micros, min, max);
  return currency ? `${number} ${currency}` : number;
}

/** A rate 0..1 as a percentage with one decimal; a dash when there is none. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '–';
  return `${(rate * 100).toFixed(1)}%`;
}

/**
 * A duration as minutes and seconds: `m:ss.s` to a tenth (prompts), or `m:ss` in whole seconds
 * (`{ tenths: false }`: calls' ring and talk time, as a phone shows them); empty for missing.
 */
export function formatDuration(
  ms: number | null | undefined,
  { tenths = true }: { tenths?: boolean } = {},
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const unit = tenths ? 100 : 1000;
  const perMinute = 60_000 / unit;
  const units = Math.round(Math.max(0, ms) / unit);
  const minutes = Math.floor(units / perMinute);
  const seconds = (units % perMinute) / (tenths ? 10 : 1);
  return `${integerFormat.format(minutes)}:${seconds.toFixed(tenths ? 1 : 0).padStart(tenths ? 4 : 2, '0')}`;
}

/** `YYYY-MM-DD HH:mm:ss` in local time; empty text for missing or invalid dates. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** Cuts text longer than `length` characters (code points) and adds "…". */
export function ellipsis(text: string | null | undefined, length: number = ELLIPSIS_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : text;
}

/** Country names in the console's language; undefined where the browser has none. */
export function regionNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language === 'zh-CN' ? 'zh-Hans' : 'en'], { type: 'region' });
  } catch {
    return undefined;
  }
}

/** A country's name (its code where the name is unknown). */
export function countryName(names: Intl.DisplayNames | undefined, code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A country as `Name (CODE)`, or its code alone where the name is unknown. */
export function countryLabel(names: Intl.DisplayNames | undefined, code: string): string {
  const name = countryName(names, code);
  return name !== code ? `${name} (${code})` : code;
}

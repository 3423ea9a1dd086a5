import { DATE_TIME_FORMAT, ELLIPSIS_LENGTH } from '@switchboard/contracts';
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
 * Money always shows two decimals: 50000 -> "50,000.00". `exact`: more places where the amount has
 * them (up to the six money keeps), for per-call and per-message charges: "0.004" -> "0.004",
 * "0.040000" -> "0.04".
 */
export function formatMoney(
  value: number | string | null | undefined,
  { exact = false }: { exact?: boolean } = {},
): string {
  if (!exact) return formatNumber(value, 2);
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    number,
  );
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

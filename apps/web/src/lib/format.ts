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

/** Money always shows two decimals: 50000 -> "50,000.00". */
export function formatMoney(value: number | string | null | undefined): string {
  return formatNumber(value, 2);
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

/** Money of SMS figures: thousands separators, at least 2 and at most 6 decimals (prices are small). */
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });

export function formatSpend(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? moneyFormat.format(n) : '';
}

/** A rate 0..1 as a percentage with one decimal; a dash when there is none. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '–';
  return `${(rate * 100).toFixed(1)}%`;
}

import { formatNumber } from '@/lib/format';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> "1.5 KB", 5368709120 -> "5.0 GB" (1024-based, thousands separators). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '–';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}

/** Seconds as days, hours, minutes and seconds, with the caller's unit letters: "2d 3h 4m 5s". */
export function formatUptime(
  seconds: number,
  units: { d: string; h: string; m: string; s: string } = { d: 'd', h: 'h', m: 'm', s: 's' },
): string {
  const total = Math.max(0, Math.floor(seconds));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), units.d],
    [Math.floor((total % 86_400) / 3_600), units.h],
    [Math.floor((total % 3_600) / 60), units.m],
    [total % 60, units.s],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return `0${units.s}`;
  return parts
    .slice(first)
    .map(([n, u]) => `${n}${u}`)
    .join(' ');
}

/** Milliseconds with two decimals, a dash when there is none. */
export function formatMs(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '–' : `${formatNumber(ms, 2)} ms`;
}

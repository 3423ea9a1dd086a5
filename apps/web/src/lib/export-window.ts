import { EXPORT_WINDOW_DAYS } from '@switchboard/contracts';
import type { QueryValue } from './api-client';

/**
 * The window of a time-based export (ledger, top-up orders), which the server takes for at most
 * EXPORT_WINDOW_DAYS days: the list's own period when it has one, otherwise the past week up to
 * now (a minute short of seven days, so the server's bound is never crossed).
 */
export function exportWindow(
  params: Record<string, QueryValue>,
  now = new Date(),
): Record<string, QueryValue> {
  if (params.from && params.to) return params;
  const from = new Date(now.getTime() - EXPORT_WINDOW_DAYS * 86_400_000 + 60_000);
  return { ...params, from: from.toISOString(), to: now.toISOString() };
}

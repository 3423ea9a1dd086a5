import type { JobRecord, JobRunRecord } from '@switchboard/contracts';
import i18n from 'i18next';
import { formatNumber } from '@/lib/format';

/**
 * A job's description in the current language: `jobs:descriptions.<name>` (a job's dotted name
 * is its path in the file), else English, else the server's own text (a job this console does
 * not know yet).
 */
export function jobDescription(
  job: Pick<JobRecord, 'name' | 'description'>,
  language = i18n.language,
): string {
  for (const lng of [language, 'en-US']) {
    const text: unknown = i18n.getResource(lng, 'jobs', `descriptions.${job.name}`);
    if (typeof text === 'string') return text;
  }
  return job.description;
}

/** 850 -> "850 ms", 12,345 -> "12.3 s" (with the language's unit words). */
export function formatDuration(
  ms: number | null,
  t: (key: 'durationMs' | 'durationS', o: { value: string }) => string,
) {
  if (ms === null) return '';
  return ms < 1_000
    ? t('durationMs', { value: formatNumber(ms) })
    : t('durationS', { value: formatNumber(ms / 1_000, 1) });
}

/** A run's result as `key: value` pairs ({deleted: 12} -> "deleted: 12"). */
export function formatResult(result: JobRunRecord['result']): string {
  if (!result) return '';
  return Object.entries(result)
    .map(
      ([key, value]) => `${key}: ${typeof value === 'number' ? formatNumber(value) : JSON.stringify(value)}`,
    )
    .join(', ');
}

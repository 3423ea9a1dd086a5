import { describe, expect, it } from 'vitest';
import { formatDuration, formatResult, jobDescription } from './job-texts';

const t = (key: 'durationMs' | 'durationS', o: { value: string }) =>
  `${o.value} ${key === 'durationMs' ? 'ms' : 's'}`;

describe('job texts', () => {
  it('describes a job by its dotted name in the language asked, else in English, else as the server says', () => {
    const job = { name: 'auth.sessions.purge', description: 'server text' };
    expect(jobDescription(job, 'en-US')).toMatch(/^Delete sessions/);
    expect(jobDescription(job, 'zh-CN')).toMatch(/会话/);
    expect(jobDescription({ name: 'ledger.reconcile', description: 'x' }, 'fr-FR')).toMatch(
      /^Prove every balance/,
    );
    expect(jobDescription({ name: 'later.issue.job', description: 'Does a new thing' }, 'zh-CN')).toBe(
      'Does a new thing',
    );
    // A name that stops half-way down the tree is not a text.
    expect(jobDescription({ name: 'auth.sessions', description: 'fallback' }, 'en-US')).toBe('fallback');
  });

  it('formats durations with separators and results as key: value pairs', () => {
    expect(formatDuration(null, t)).toBe('');
    expect(formatDuration(850, t)).toBe('850 ms');
    expect(formatDuration(12_345, t)).toBe('12.3 s');
    expect(formatDuration(1_234_567, t)).toBe('1,234.6 s');
    expect(formatResult(null)).toBe('');
    expect(formatResult({ deleted: 12_000, accounts: ['a', 'b'] })).toBe(
      'deleted: 12,000, accounts: ["a","b"]',
    );
  });
});

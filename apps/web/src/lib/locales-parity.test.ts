import { describe, expect, it } from 'vitest';

/**
 * Every text has both languages. A key only in English falls back to English in Chinese (i18next
 * falls back to en-US before any default value): the side menu once said "Jobs" in Chinese
 * because only en-US had the short form. A key only in Chinese is never shown in English.
 */
function keys(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) => keys(child, path ? `${path}.${key}` : key));
}

const load = (files: Record<string, Record<string, unknown>>) =>
  new Map(Object.entries(files).map(([file, content]) => [/([^/]+)\.json$/.exec(file)![1]!, content]));

const en = load(
  import.meta.glob<Record<string, unknown>>('../locales/en-US/*.json', { eager: true, import: 'default' }),
);
const zh = load(
  import.meta.glob<Record<string, unknown>>('../locales/zh-CN/*.json', { eager: true, import: 'default' }),
);

describe('locales', () => {
  it('have the same files in both languages', () => {
    expect(en.size).toBeGreaterThan(10);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('have every key in both languages (i18next plural forms aside)', () => {
    // Plural suffixes differ by language: Chinese has only _other.
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const missing: string[] = [];
    for (const [name, content] of en) {
      const english = new Set(keys(content).map(base));
      const chinese = new Set(keys(zh.get(name)).map(base));
      for (const key of english) if (!chinese.has(key)) missing.push(`zh-CN ${name}:${key}`);
      for (const key of chinese) if (!english.has(key)) missing.push(`en-US ${name}:${key}`);
    }
    expect(missing).toEqual([]);
  });
});

import { LOCALES } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  // Every language file, read directly (the app loads them per language, lazily).
  const resources: Record<string, Record<string, unknown>> = {};
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  for (const [path, content] of Object.entries(files)) {
    const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!lang || !ns) continue;
    resources[lang] ??= {};
    resources[lang][ns] = content;
  }

  it('has every namespace in every language', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(resources[locale] ?? {}).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it('has identical key sets in every language', () => {
    for (const ns of NAMESPACES) {
      const english = keys(resources['en-US']?.[ns]).sort();
      for (const locale of LOCALES) {
        expect(keys(resources[locale]?.[ns]).sort(), `${locale}/${ns}`).toEqual(english);
      }
    }
  });

  it('has no empty texts', () => {
    for (const locale of LOCALES) {
      for (const ns of NAMESPACES) {
        const texts = JSON.stringify(resources[locale]?.[ns]);
        expect(texts.includes('""'), `${locale}/${ns}`).toBe(false);
      }
    }
  });
});

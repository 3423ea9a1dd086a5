import { LATIN_WORDS_IN_CHINESE as ALLOWED, errorTexts } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';

/** Placeholders, addresses and examples are not words of the text. */
function wordsOf(text: string): string[] {
  const prose = text
    .replace(/\{\{?\w+\}?\}/g, ' ') // {{count}}, {field}
    .replace(/\b(https?|mailto):\S*/g, ' ') // https://…, mailto:…
    .replace(/@\w+/g, ' ') // @name (a Telegram handle)
    .replace(/\b0x[0-9a-fA-F]+\b/g, ' ') // 0x0b: a hexadecimal example
    .replace(/\bX-[A-Za-z-]+/g, ' ') // X-Api-Key: an HTTP header's name
    .replace(/\b[\w-]+(\.[\w-]+)+\b/g, ' '); // console.example.com, t.me
  return prose.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
}

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, path ? `${path}.${key}` : key));
}

const zhFiles = import.meta.glob<Record<string, unknown>>('../locales/zh-CN/*.json', {
  eager: true,
  import: 'default',
});

describe('zh-CN texts', () => {
  const texts: [string, string][] = [
    ...Object.entries(zhFiles).flatMap(([file, content]) =>
      strings(content).map(([key, text]): [string, string] => [
        `${/([^/]+)\.json$/.exec(file)?.[1]}:${key}`,
        text,
      ]),
    ),
    // The server's and the console's error texts (packages/contracts).
    ...Object.entries(errorTexts).map(([code, byLocale]): [string, string] => [
      `errors:${code}`,
      byLocale['zh-CN'],
    ]),
  ];

  it('are read from every file and every error code', () => {
    expect(Object.keys(zhFiles).length).toBeGreaterThan(10);
    expect(texts.length).toBeGreaterThan(300);
  });

  it('carry no untranslated English words', () => {
    const mixed = texts
      .map(([key, text]) => ({ key, words: wordsOf(text).filter((word) => !ALLOWED.has(word)) }))
      .filter(({ words }) => words.length > 0)
      .map(({ key, words }) => `${key}: ${words.join(', ')}`);
    expect(mixed).toEqual([]);
  });

  it('the check finds the mixed texts the console once had', () => {
    for (const text of ['固定 Header', '登录方式：password', 'Token失效，请重新登录']) {
      expect(
        wordsOf(text).some((word) => !ALLOWED.has(word)),
        text,
      ).toBe(true);
    }
    expect(wordsOf('请输入以 https:// 开头的地址，例如 console.example.com，{{count}} 条')).toEqual([]);
  });
});

import { errorTexts } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';

/**
 * Latin words a Chinese text may carry: names (products, brands, protocols), file formats, units
 * and the technical names the diagnostics screen shows. Any other English word in a zh-CN text is
 * an untranslated or half-translated string ('password' in a log, '固定 Header').
 */
const ALLOWED = new Set([
  // Voice (issue 23): the upload format, its rate and sample coding (PCM, μ律/A律), and IVR as
  // Chinese consoles write it
  'wav',
  'kHz',
  'PCM',
  'A',
  'IVR',
  // Names and protocols
  'Switchboard',
  'Telegram',
  'Google',
  'WhatsApp',
  'TOTP',
  'CAS',
  'IP',
  'CIDR',
  'HTTP',
  'https',
  'WebSocket',
  // The SMS protocol customers bind with (issue 12)
  'SMPP',
  // The voice protocol and its requests, as Chinese carriers' consoles write them (issue 23)
  'SIP',
  'OPTIONS',
  'REGISTER',
  'ID',
  // Voice tools (issue 23): the CLI test (calling line identity, as carriers name the test), the
  // ND (number detection) rate group, RFC 4733 keys A-D, RTP, and the SIP header P-Asserted-Identity
  'CLI',
  'ND',
  'D',
  'RTP',
  'P',
  'Asserted',
  'Identity',
  'OpenAPI',
  // API access: the credential's names as customers copy them into code (as "AccessKey Secret"
  // in Chinese cloud consoles), and the algorithms and protocol words of the signing scheme
  'API',
  'Secret',
  'HMAC',
  'SHA',
  'SHA256',
  'SB1',
  'Unix',
  'POST',
  'IPv4',
  'IPv6',
  'TLS',
  'v1',
  // The customer HTTP API and SMPP server (issue 12): the protocol's names and its PDUs and
  // status names as customers meet them in their SMPP client's logs
  'Basic',
  // How to call it with HTTP Basic: the header's name, the encoding and the protocol, as written
  'Authorization',
  'base64',
  'HTTPS',
  'Idempotency',
  'Key',
  'ASCII',
  'SMPP',
  'TPS',
  'ESME',
  'RTHROTTLED',
  'submit',
  'deliver',
  'sm',
  // submit_sm's service_type and the values that choose an SMS kind
  'service',
  'type',
  'MKT',
  'NTF',
  'OTP',
  'OTPP',
  // Mobile network codes and the country-code standard (rates)
  'MCC',
  'MNC',
  'ISO',
  // The time zone of routes' daily windows (routing)
  'UTC',
  // Formats and units
  'Logo',
  'PNG',
  'JPEG',
  'GIF',
  'WebP',
  'kB',
  'MB',
  // Spreadsheet files of import and export
  'xlsx',
  'xls',
  'csv',
  'CSV',
  'txt',
  'JSON',
  // SMPP gateways: the protocol, its settings' names (type of number, numbering plan, transactions
  // per second), the alphabets of data coding and the fields of a delivery receipt's text
  'SMPP',
  'SMSC',
  'TPS',
  'TON',
  'NPI',
  'GSM',
  'UCS',
  'IA5',
  'ASCII',
  'Latin',
  'err',
  'stat',
  // Scheduled jobs: the schedule's notation (a cron expression), as operators type it
  'cron',
  // Voice (issue 23): the terms of the spec's Chinese console (IVR, TTS, TTL) and a time's format
  'IVR',
  'TTS',
  'TTL',
  'HH',
  'mm',
  'Cron',
  // Monitoring: the figures' own names as operators know them, and the metrics settings
  'CPU',
  'RSS',
  'p50',
  'p99',
  'Node',
  'PGlite',
  'PostgreSQL',
  'Bearer',
  'METRICS',
  'TOKEN',
  'ALLOW',
  // Field names of the permission data, shown as such on the diagnostics screen
  'auth',
  'allAuth',
]);

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

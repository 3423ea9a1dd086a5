/**
 * Latin words a Chinese text may carry: names (products, brands, protocols), file formats, units
 * and the technical names the diagnostics screen shows. Any other English word in a zh-CN text is
 * an untranslated or half-translated string ('password' in a log, '固定 Header'). Read by the
 * zh-CN texts' test (apps/web/src/lib/locales-zh.test.ts) and by the browser walk of every
 * screen in Chinese (apps/web/e2e/28-chinese-walk.spec.ts).
 */
export const LATIN_WORDS_IN_CHINESE: ReadonlySet<string> = new Set([
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

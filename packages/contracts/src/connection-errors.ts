/**
 * Why a connection to a gateway (SMPP) or a trunk (SIP) is not up, as a code. The server keeps
 * the raw text it met (a Node error such as `connect ECONNREFUSED 10.0.0.1:2775`, an SMPP bind
 * status, a SIP answer) as the detail; screens show the code's text in the reader's language and
 * the detail beside it for whoever needs it.
 */
export const CONNECTION_ERROR_CODES = [
  'refused',
  'host_not_found',
  'unreachable',
  'timeout',
  'no_bind_answer',
  'bind_refused',
  'reset',
  'closed',
  'tls_unsupported',
  'no_sip_account',
  'sip_no_answer',
  'sip_answered',
  'other',
] as const;
export type ConnectionErrorCode = (typeof CONNECTION_ERROR_CODES)[number];

const PATTERNS: [RegExp, ConnectionErrorCode][] = [
  [/ECONNREFUSED/, 'refused'],
  [/ENOTFOUND|EAI_AGAIN|EAI_NONAME/, 'host_not_found'],
  [/EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN/, 'unreachable'],
  [/no answer to the bind/, 'no_bind_answer'],
  [/ETIMEDOUT|no connection within|timed? ?out/i, 'timeout'],
  [/bind refused/, 'bind_refused'],
  [/ECONNRESET|EPIPE/, 'reset'],
  [/connection closed/, 'closed'],
  [/TLS is not supported/, 'tls_unsupported'],
  [/has no SIP account/, 'no_sip_account'],
  [/REGISTER: no answer|OPTIONS: .*(no answer|timeout)/i, 'sip_no_answer'],
  [/(OPTIONS|REGISTER): (answered )?\d{3}/, 'sip_answered'],
];

/** The code of a raw connection error, and what to show with it (a bind status, a SIP answer). */
export function connectionError(raw: string): { code: ConnectionErrorCode; param: string } {
  for (const [pattern, code] of PATTERNS) {
    if (!pattern.test(raw)) continue;
    if (code === 'bind_refused') return { code, param: /bind refused: (\S+)/.exec(raw)?.[1] ?? '' };
    if (code === 'sip_answered') return { code, param: /(\d{3}.*)$/.exec(raw)?.[1] ?? '' };
    return { code, param: '' };
  }
  return { code: 'other', param: '' };
}

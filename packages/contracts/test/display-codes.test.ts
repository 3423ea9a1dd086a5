import { describe, expect, it } from 'vitest';
import { connectionError, LEDGER_NOTE_CODES, ledgerNoteText } from '../src';

describe('ledgerNoteText (ledger notes stored as codes, shown in the reader’s language)', () => {
  it('renders each code in both languages with its parameters', () => {
    const cases: [Parameters<typeof ledgerNoteText>[0], string, string][] = [
      [{ note: null, noteCode: 'topup', noteParams: { method: 'card' } }, 'Card top-up', '银行卡充值'],
      [
        { note: null, noteCode: 'sms_refund', noteParams: { reason: 'CANCELLED' } },
        'SMS not sent (cancelled): refunded',
        '短信未发送（已取消），已退款',
      ],
      [
        { note: null, noteCode: 'sms_batch', noteParams: { kind: 'premium_otp', count: 3 } },
        'Premium OTP SMS: 3 SMS',
        '高级验证码短信：3 条短信',
      ],
      [
        {
          note: null,
          noteCode: 'charge',
          noteParams: { kind: 'otp', country: 'CN', match: '+86138', parts: 2 },
        },
        'OTP SMS CN +86138 × 2',
        '验证码短信 CN +86138 × 2',
      ],
      [
        { note: null, noteCode: 'commission', noteParams: { companyId: 'x', company: 'Acme Agency' } },
        'Commission on Acme Agency',
        '来自 Acme Agency 的佣金',
      ],
    ];
    for (const [entry, en, zh] of cases) {
      expect(ledgerNoteText(entry, 'en-US')).toBe(en);
      expect(ledgerNoteText(entry, 'zh-CN')).toBe(zh);
    }
  });

  it('keeps what a person typed, and an unknown reason as its code', () => {
    expect(ledgerNoteText({ note: 'Goodwill', noteCode: null, noteParams: null }, 'zh-CN')).toBe('Goodwill');
    expect(
      ledgerNoteText({ note: null, noteCode: 'sms_refund', noteParams: { reason: 'ESME_RX' } }, 'zh-CN'),
    ).toBe('短信未发送（ESME_RX），已退款');
  });

  it('has a text in both languages for every code, with no placeholder left', () => {
    const params = {
      method: 'card',
      amount: '1.00',
      reason: 'x',
      kind: 'otp',
      country: 'CN',
      parts: 1,
      count: 1,
      company: 'C',
    };
    for (const code of LEDGER_NOTE_CODES) {
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const text = ledgerNoteText({ note: null, noteCode: code, noteParams: params }, locale);
        expect(text, `${code} ${locale}`).not.toMatch(/[{}]/);
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('connectionError (raw connection errors as codes)', () => {
  it('maps what Node, SMPP and SIP say to a code, keeping what to show with it', () => {
    expect(connectionError('connect ECONNREFUSED 127.0.0.1:2775')).toEqual({ code: 'refused', param: '' });
    expect(connectionError('getaddrinfo ENOTFOUND smsc.example')).toEqual({
      code: 'host_not_found',
      param: '',
    });
    expect(connectionError('no answer to the bind within 10 s').code).toBe('no_bind_answer');
    expect(connectionError('no connection within 10 s').code).toBe('timeout');
    expect(connectionError('bind refused: ESME_RINVPASWD')).toEqual({
      code: 'bind_refused',
      param: 'ESME_RINVPASWD',
    });
    expect(connectionError('read ECONNRESET').code).toBe('reset');
    expect(connectionError('connection closed').code).toBe('closed');
    expect(connectionError('OPTIONS: 503 Service Unavailable')).toEqual({
      code: 'sip_answered',
      param: '503 Service Unavailable',
    });
    expect(connectionError('something new').code).toBe('other');
  });
});

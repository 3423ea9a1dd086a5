import { renderTemplate, templateVariables } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  canMove,
  finalOfParts,
  KIND_PRIORITY,
  readNumberTable,
  retryDelayMs,
} from '../src/modules/sms/rules';

describe('variables', () => {
  it('fills each recipient’s values; a name without a value stays as written', () => {
    expect(renderTemplate('Hi {name}, code {code}. {name}!', { name: 'Ann', code: '1234' })).toBe(
      'Hi Ann, code 1234. Ann!',
    );
    expect(renderTemplate('Hi {name} {missing}', { name: 'Bo' })).toBe('Hi Bo {missing}');
    expect(renderTemplate('Hi {name}', undefined)).toBe('Hi {name}');
    // Values are text, never patterns: `$&` and braces in a value stay as they are.
    expect(renderTemplate('{a}', { a: '$& {b}', b: 'x' })).toBe('$& {b}');
    expect(templateVariables('{a} {b} {a} {1x}')).toEqual(['a', 'b']);
  });
});

describe('status transitions', () => {
  it('move forward only, and a final status never moves', () => {
    expect(canMove('accepted', 'queued')).toBe(true);
    expect(canMove('queued', 'sent')).toBe(true);
    expect(canMove('queued', 'accepted')).toBe(true);
    expect(canMove('sent', 'delivered')).toBe(true);
    expect(canMove('sent', 'timeout')).toBe(true);
    expect(canMove('accepted', 'delivered')).toBe(false);
    for (const final of ['delivered', 'undeliverable', 'rejected', 'expired', 'timeout', 'failed'] as const) {
      expect(canMove(final, 'delivered')).toBe(false);
      expect(canMove(final, 'failed')).toBe(false);
      expect(canMove(final, 'accepted')).toBe(false);
    }
  });
});

describe('multipart final status', () => {
  const part = (
    status: Parameters<typeof finalOfParts>[0][number]['status'],
    errorCode: string | null = null,
  ) => ({
    status,
    errorCode,
  });
  it('is undecided while any part has no receipt', () => {
    expect(finalOfParts([part('delivered'), part(null)])).toBeUndefined();
    expect(finalOfParts([])).toBeUndefined();
  });
  it('is delivered only when every part was', () => {
    expect(finalOfParts([part('delivered'), part('delivered')])).toEqual({
      status: 'delivered',
      errorCode: null,
    });
  });
  it('is otherwise the worst part’s status and error', () => {
    expect(finalOfParts([part('delivered'), part('expired', '027')])).toEqual({
      status: 'expired',
      errorCode: '027',
    });
    expect(
      finalOfParts([part('expired', '027'), part('rejected', '011'), part('undeliverable', '001')]),
    ).toEqual({ status: 'rejected', errorCode: '011' });
    expect(finalOfParts([part('failed', 'x'), part('rejected', '011')])).toEqual({
      status: 'failed',
      errorCode: 'x',
    });
  });
});

describe('priority and back-off', () => {
  it('puts premium OTP, then OTP, ahead of notifications and marketing', () => {
    const order = (['marketing', 'otp', 'notification', 'premium_otp'] as const)
      .slice()
      .sort((a, b) => KIND_PRIORITY[b] - KIND_PRIORITY[a]);
    expect(order).toEqual(['premium_otp', 'otp', 'notification', 'marketing']);
  });
  it('doubles the wait from 1 s up to a minute', () => {
    expect([1, 2, 3, 4, 7, 8, 30].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 60000, 60000, 60000]);
  });
});

describe('number files', () => {
  it('reads one number per line (no header), normalised, with invalid and repeated rows named', () => {
    const r = readNumberTable(
      [['+86 138 0013 8000'], ['12'], ['8613800138000'], [''], ['447911123456']],
      100,
    );
    expect(r.recipients).toEqual([{ number: '8613800138000' }, { number: '447911123456' }]);
    expect(r.columns).toEqual([]);
    expect(r.problems).toEqual([
      { row: 2, number: '12', reason: 'NUMBER_INVALID' },
      { row: 3, number: '8613800138000', reason: 'NUMBER_DUPLICATE' },
    ]);
  });
  it('reads a header row: the number column by name and the others as variables', () => {
    const r = readNumberTable(
      [
        ['name', 'number', 'code'],
        ['Ann', '8613800138000', '11'],
        ['Bo', '+447911123456', '22'],
      ],
      100,
    );
    expect(r.columns).toEqual(['name', 'code']);
    expect(r.recipients).toEqual([
      { number: '8613800138000', vars: { name: 'Ann', code: '11' } },
      { number: '447911123456', vars: { name: 'Bo', code: '22' } },
    ]);
  });
  it('refuses a file with no number, and one with too many', () => {
    expect(() => readNumberTable([['name'], ['']], 10)).toThrow('SMS_IMPORT_NO_NUMBERS');
    expect(() => readNumberTable([['8613800138000'], ['8613800138001']], 1)).toThrow('BATCH_TOO_LARGE');
  });
});

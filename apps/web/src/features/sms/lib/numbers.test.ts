import { describe, expect, it } from 'vitest';
import { batchProgress, countsInOrder, parseNumbers, recipientOrigin, recipientsOf } from './numbers';

describe('numbers typed or pasted', () => {
  it('takes one per line, commas, semicolons and spaces between numbers', () => {
    expect(parseNumbers('8613800138000\n8613800138001\r\n\n  8613800138002  ')).toEqual([
      '8613800138000',
      '8613800138001',
      '8613800138002',
    ]);
    expect(parseNumbers('8613800138000, 8613800138001;8613800138002，8613800138003')).toEqual([
      '8613800138000',
      '8613800138001',
      '8613800138002',
      '8613800138003',
    ]);
    expect(parseNumbers('8613800138000 8613800138001\t+447700900123')).toEqual([
      '8613800138000',
      '8613800138001',
      '+447700900123',
    ]);
  });

  it('keeps the spaces, dashes and brackets inside one number as one number', () => {
    expect(parseNumbers('+86 138 0013 8000\n+1 (212) 555-0100\n44.7700.900123')).toEqual([
      '+8613800138000',
      '+12125550100',
      '447700900123',
    ]);
  });

  it('keeps what it cannot read and repeated numbers (the preview reports them)', () => {
    expect(parseNumbers('abc\n8613800138000\n8613800138000\n12')).toEqual([
      'abc',
      '8613800138000',
      '8613800138000',
      '12',
    ]);
    expect(parseNumbers('')).toEqual([]);
    expect(parseNumbers(' \n ,; ')).toEqual([]);
  });

  it('puts typed numbers before imported rows and says where a position came from', () => {
    const list = recipientsOf('111111111\n222222222', [{ number: '333333333', vars: { name: 'Ann' } }]);
    expect(list).toEqual([
      { number: '111111111' },
      { number: '222222222' },
      { number: '333333333', vars: { name: 'Ann' } },
    ]);
    expect(recipientOrigin(1, 2)).toEqual({ source: 'typed', position: 2 });
    expect(recipientOrigin(2, 2)).toEqual({ source: 'file', position: 1 });
  });
});

describe('batch progress', () => {
  it('counts final messages out of the batch', () => {
    expect(
      batchProgress({
        total: 4,
        state: 'dispatching',
        counts: { sent: 1, queued: 1, delivered: 1, rejected: 1 },
      }),
    ).toEqual({ final: 2, total: 4, percent: 50, done: false });
    expect(
      batchProgress({ total: 3, state: 'dispatching', counts: { delivered: 2, undeliverable: 1 } }),
    ).toEqual({ final: 3, total: 3, percent: 100, done: true });
    expect(batchProgress({ total: 3, state: 'cancelled', counts: {} }).done).toBe(true);
    expect(batchProgress({ total: 0, state: 'done', counts: {} })).toEqual({
      final: 0,
      total: 0,
      percent: 100,
      done: true,
    });
    expect(batchProgress({ total: 3, state: 'scheduled', counts: { accepted: 3 } }).percent).toBe(0);
    // A repeated recipient is not stored: the messages counted are the whole.
    expect(
      batchProgress({ total: 6, state: 'dispatching', counts: { delivered: 4, invalid_number: 1 } }),
    ).toEqual({ final: 5, total: 5, percent: 100, done: true });
    // Nothing counted yet: the recipients.
    expect(batchProgress({ total: 6, state: 'dispatching', counts: {} })).toEqual({
      final: 0,
      total: 6,
      percent: 0,
      done: false,
    });
  });

  it('lists the counts in the status order, without empty ones', () => {
    expect(
      countsInOrder({ delivered: 2, accepted: 1, failed: 0 }, ['accepted', 'delivered', 'failed']),
    ).toEqual([
      ['accepted', 1],
      ['delivered', 2],
    ]);
  });
});

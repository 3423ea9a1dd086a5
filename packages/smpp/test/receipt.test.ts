import { describe, expect, it } from 'vitest';
import {
  FINAL_RECEIPT,
  formatReceiptDate,
  formatReceiptText,
  MESSAGE_STATE,
  type MessageStateName,
  messageStateOfStat,
  parseReceiptDate,
  parseReceiptText,
  RECEIPT_STAT,
  receiptRequested,
} from '../src';

describe('receipt text', () => {
  it('formats and reads back the standard receipt', () => {
    const text = formatReceiptText({
      id: '12ab',
      ...FINAL_RECEIPT.expired,
      submitDate: Date.UTC(2026, 10, 26, 23, 59, 59),
      doneDate: new Date(Date.UTC(2026, 10, 27, 0, 1)),
      text: 'A text that is longer than twenty characters',
    });
    expect(text).toBe(
      'id:12ab sub:001 dlvrd:000 submit date:2611262359 done date:2611270001 stat:EXPIRED err:002 text:A text that is longe',
    );
    expect(parseReceiptText(text)).toEqual({
      id: '12ab',
      sub: '001',
      dlvrd: '000',
      submitDate: '2611262359',
      doneDate: '2611270001',
      stat: 'EXPIRED',
      err: '002',
      text: 'A text that is longe',
    });
    expect(parseReceiptText('not a receipt')).toBeUndefined();
  });

  it('reads back what it wrote for every message state, the excerpt limited to ASCII-and-GSM characters', () => {
    for (const state of Object.keys(MESSAGE_STATE) as MessageStateName[]) {
      const text = formatReceiptText({
        id: 'ff01',
        state,
        err: '042',
        submitDate: Date.UTC(2026, 0, 2, 3, 4),
        doneDate: Date.UTC(2026, 0, 2, 3, 5),
        text: 'Hello, 世界 and more text here',
      });
      const parsed = parseReceiptText(text);
      expect(parsed).toEqual({
        id: 'ff01',
        sub: '001',
        dlvrd: state === 'DELIVERED' ? '001' : '000',
        submitDate: '2601020304',
        doneDate: '2601020305',
        stat: RECEIPT_STAT[state],
        err: '042',
        text: 'Hello, ?? and more t',
      });
      expect(messageStateOfStat(parsed!.stat)).toBe(state);
      expect(parseReceiptDate(parsed!.doneDate)?.toISOString()).toBe('2026-01-02T03:05:00.000Z');
    }
    expect(messageStateOfStat('delivrd')).toBe('DELIVERED');
    expect(messageStateOfStat('LOST')).toBeUndefined();
  });

  it('reads receipts of other SMSCs: fields in another order or case, no text, seconds in dates', () => {
    expect(
      parseReceiptText(
        'id:0000012345 sub:001 dlvrd:001 submit date:261126235959 done date:261127000102 stat:DELIVRD err:000',
      ),
    ).toEqual({
      id: '0000012345',
      sub: '001',
      dlvrd: '001',
      submitDate: '261126235959',
      doneDate: '261127000102',
      stat: 'DELIVRD',
      err: '000',
      text: '',
    });
    expect(parseReceiptText('ID:ab12 STAT:UNDELIV ERR:011 Text:stat:x')).toMatchObject({
      id: 'ab12',
      stat: 'UNDELIV',
      err: '011',
      text: 'stat:x',
    });
    expect(parseReceiptText('id:1 sub:001 dlvrd:000')).toBeUndefined();
  });

  it('writes and reads dates with and without seconds (UTC)', () => {
    expect(formatReceiptDate(Date.UTC(2026, 10, 27, 0, 1, 59))).toBe('2611270001');
    expect(parseReceiptDate('2611270001')?.toISOString()).toBe('2026-11-27T00:01:00.000Z');
    expect(parseReceiptDate('261127000159')?.toISOString()).toBe('2026-11-27T00:01:59.000Z');
    expect(parseReceiptDate('nope')).toBeUndefined();
  });

  it('asks for a receipt by registered_delivery: 1 always, 2 for failures, 0 never', () => {
    expect(receiptRequested(1, true)).toBe(true);
    expect(receiptRequested(2, true)).toBe(false);
    expect(receiptRequested(2, false)).toBe(true);
    expect(receiptRequested(0, false)).toBe(false);
    expect(receiptRequested(0x11, false)).toBe(true);
  });
});

/// <reference path="../src/smpp.d.ts" />
import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import {
  deliveredText,
  encodeParts,
  formatId,
  isDeliveryReceipt,
  isTextCoding,
  normaliseId,
  readContent,
  receiptIdToSubmitForm,
  TokenBucket,
} from '../src';

/** A PDU as the other side reads it: written with the library, read back from its bytes. */
function roundTrip(command: string, options: Record<string, unknown>) {
  const pdu = smpp.PDU.fromBuffer(new smpp.PDU(command, { sequence_number: 1, ...options }).toBuffer());
  if (!pdu) throw new Error(`${command} did not read back`);
  return pdu;
}

describe('parts', () => {
  it('sends one GSM-7 part without a header, unpacked septets, the default data coding', () => {
    const [part, ...rest] = encodeParts('Hi @€', 0, 7);
    expect(rest).toHaveLength(0);
    expect(part).toMatchObject({ dataCoding: 0, esmClass: 0 });
    expect([...part!.shortMessage]).toEqual([0x48, 0x69, 0x20, 0x00, 0x1b, 0x65]);
    expect(encodeParts('Hi', 1, 7)[0]!.dataCoding).toBe(1);
  });

  it('splits long text with an 8-bit reference UDH; UCS-2 is data coding 8 whatever the default', () => {
    const parts = encodeParts('短信'.repeat(50), 0, 0x1ff);
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => [...p.shortMessage.subarray(0, 6)])).toEqual([
      [0x05, 0x00, 0x03, 0xff, 2, 1],
      [0x05, 0x00, 0x03, 0xff, 2, 2],
    ]);
    expect(parts.every((p) => p.dataCoding === 8 && p.esmClass === 0x40)).toBe(true);
    expect(parts[0]!.shortMessage.length).toBe(6 + 67 * 2);
    const gsm = encodeParts('a'.repeat(161), 0, 1);
    expect(gsm.map((p) => p.shortMessage.length)).toEqual([6 + 153, 6 + 8]);
  });

  it('reads back what it encoded: text, header and place in the message', () => {
    const text = `${'短信'.repeat(40)}!`;
    const parts = encodeParts(text, 0, 9).map((part) =>
      readContent(
        roundTrip('submit_sm', {
          destination_addr: '8613800138000',
          esm_class: part.esmClass,
          data_coding: part.dataCoding,
          short_message: part.shortMessage,
        }),
      ),
    );
    expect(parts.map((p) => p.concat)).toEqual([
      { ref: 9, total: 2, seq: 1 },
      { ref: 9, total: 2, seq: 2 },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.map((p) => [p.binary, p.udh])).toEqual([
      [false, '0003090201'],
      [false, '0003090202'],
    ]);
  });

  it('reads GSM-7 text, binary data as hex and the SAR TLVs', () => {
    const gsm = readContent(
      roundTrip('submit_sm', { data_coding: 0, short_message: encodeParts('Hi @€', 0, 1)[0]!.shortMessage }),
    );
    expect(gsm).toEqual({ text: 'Hi @€', binary: false });
    const binary = readContent(
      roundTrip('submit_sm', { data_coding: 4, short_message: Buffer.from([1, 2, 0xff]) }),
    );
    expect(binary).toEqual({ text: '0102ff', binary: true });
    const sar = readContent(
      roundTrip('submit_sm', {
        short_message: 'part two',
        sar_msg_ref_num: 300,
        sar_total_segments: 3,
        sar_segment_seqnum: 2,
      }),
    );
    expect(sar).toEqual({ text: 'part two', binary: false, concat: { ref: 300, total: 3, seq: 2 } });
    const payload = readContent(roundTrip('submit_sm', { short_message: '', message_payload: 'long one' }));
    expect(payload.text).toBe('long one');
  });

  it('reads a receipt deliver_sm: its kind by esm_class, its text from either field', () => {
    expect(isDeliveryReceipt(0x04)).toBe(true);
    expect(isDeliveryReceipt(0x44)).toBe(true);
    expect(isDeliveryReceipt(0x08)).toBe(false);
    expect(isDeliveryReceipt(undefined)).toBe(false);
    const receipt = roundTrip('deliver_sm', {
      esm_class: 0x04,
      short_message: Buffer.from('id:1 stat:DELIVRD'),
    });
    expect(deliveredText(receipt)).toBe('id:1 stat:DELIVRD');
    expect(deliveredText(roundTrip('deliver_sm', { message_payload: 'id:2 stat:UNDELIV' }))).toBe(
      'id:2 stat:UNDELIV',
    );
    expect([0, 1, 3, 8].every(isTextCoding)).toBe(true);
    expect([4, 0x10, 0xf0, 0x18].some(isTextCoding)).toBe(false);
  });
});

describe('message ids', () => {
  it('writes and normalises numeric ids (case, leading zeros) and leaves others as they are', () => {
    expect(formatId(255, 'hex')).toBe('ff');
    expect(formatId(255, 'decimal')).toBe('255');
    expect(normaliseId('00AB12', 'hex')).toBe('ab12');
    expect(normaliseId('000', 'hex')).toBe('0');
    expect(normaliseId('0012345', 'decimal')).toBe('12345');
    expect(normaliseId(' msg-7f ', 'hex')).toBe('msg-7f');
  });

  it('turns receipt-text ids into the submit_sm_resp form', () => {
    expect(receiptIdToSubmitForm('1193046', 'decimal', 'hex')).toBe('123456');
    expect(receiptIdToSubmitForm('123456', 'hex', 'decimal')).toBe('1193046');
    expect(receiptIdToSubmitForm('0000012345', 'decimal', 'decimal')).toBe('12345');
    // Beyond 2^53: exact.
    expect(receiptIdToSubmitForm('18446744073709551615', 'decimal', 'hex')).toBe('ffffffffffffffff');
  });
});

describe('token bucket', () => {
  it('counts down with a still clock and refills at the rate up to its size', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now = 60_000;
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false]);
  });

  it('knows how long until the next token', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 1, () => now);
    expect(bucket.waitMs()).toBe(0);
    expect(bucket.take()).toBe(true);
    expect(bucket.waitMs()).toBe(100);
    now = 60;
    expect(bucket.waitMs()).toBe(40);
    now = 100;
    expect(bucket.waitMs()).toBe(0);
  });
});

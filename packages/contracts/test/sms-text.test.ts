import { describe, expect, it } from 'vitest';
import {
  decodeGsm7,
  encodeGsm7,
  gsm7Septets,
  SMS_LIMITS,
  smsEncodingOf,
  smsPartCount,
  smsSegments,
} from '../src/sms-text';

const repeat = (char: string, n: number) => char.repeat(n);

describe('SMS text: encoding and parts', () => {
  it.each([
    ['Hello, world!', 'gsm7'],
    ['Prix: 10€ {ok} [x] ~ ^ | \\', 'gsm7'],
    ['Ça coûte 5 £, ñ ü Ø Δ', 'ucs2'], // û is not in GSM-7
    ['Ça marche à 5 £, ñ ü Ø Δ', 'gsm7'],
    ['您的验证码是 123456', 'ucs2'],
    ['Code 1234 👍', 'ucs2'],
    ['`backtick`', 'ucs2'],
    ['', 'gsm7'],
  ] as const)('%j is %s', (text, encoding) => {
    expect(smsEncodingOf(text)).toBe(encoding);
  });

  it.each([
    // [text, parts, units]
    [repeat('a', 160), 1, 160],
    [repeat('a', 161), 2, 161],
    [repeat('a', 306), 2, 306],
    [repeat('a', 307), 3, 307],
    [repeat('€', 80), 1, 160], // extension characters take two septets
    [repeat('€', 81), 2, 162],
    [repeat('中', 70), 1, 70],
    [repeat('中', 71), 2, 71],
    [repeat('中', 134), 2, 134],
    [repeat('中', 135), 3, 135],
    [repeat('👍', 35), 1, 70], // outside the BMP: two UCS-2 units each
    [repeat('👍', 36), 2, 72],
  ])('%#: parts and units', (text, parts, units) => {
    const segments = smsSegments(text);
    expect(segments.parts).toHaveLength(parts);
    expect(segments.units).toBe(units);
    expect(segments.parts.join('')).toBe(text);
    expect(smsPartCount(text)).toBe(parts);
  });

  it('never splits an escape pair or a surrogate pair, and no part is over its size', () => {
    // 152 plain septets then a euro sign: the euro cannot take septets 153 and 154 of part one.
    const gsm = `${repeat('a', 152)}€${repeat('b', 10)}`;
    const g = smsSegments(gsm);
    expect(g.parts[0]).toBe(repeat('a', 152));
    expect(g.parts[1]!.startsWith('€')).toBe(true);
    const ucs = `${repeat('中', 66)}👍${repeat('中', 10)}`;
    const u = smsSegments(ucs);
    expect(u.parts[0]).toBe(repeat('中', 66));
    expect([...u.parts[1]!][0]).toBe('👍');
    for (const text of [gsm, ucs, repeat('x€', 400), repeat('字👍', 300)]) {
      const s = smsSegments(text);
      const limit = SMS_LIMITS[s.encoding].part;
      for (const part of s.parts) {
        const units = [...part].reduce(
          (n, c) => n + (s.encoding === 'gsm7' ? (gsm7Septets(c) ?? 1) : c.length),
          0,
        );
        expect(units).toBeLessThanOrEqual(limit);
      }
      expect(s.parts.join('')).toBe(text);
    }
  });

  it('says what the last part can still take', () => {
    expect(smsSegments('hi').remaining).toBe(158);
    expect(smsSegments(repeat('a', 200)).remaining).toBe(153 - 47);
    expect(smsSegments('中').remaining).toBe(69);
  });

  it('may be forced to UCS-2, never to GSM-7 for a text GSM-7 cannot carry', () => {
    expect(smsSegments('hello', 'ucs2')).toMatchObject({ encoding: 'ucs2', units: 5, remaining: 65 });
    expect(() => smsSegments('中', 'gsm7')).toThrow(/GSM-7/);
  });

  it('encodes GSM-7 septets unpacked and decodes them back', () => {
    expect([...encodeGsm7('@A€')]).toEqual([0x00, 0x41, 0x1b, 0x65]);
    expect([...encodeGsm7('Δ_\n')]).toEqual([0x10, 0x11, 0x0a]);
    const text = 'Prix: 10€ {ok} [x] ~ ^ | \\ Ça à ñ Ø Δ @£$¥';
    expect(decodeGsm7(encodeGsm7(text))).toBe(text);
    expect(() => encodeGsm7('中')).toThrow(/U\+4E2D/);
    // Landmarks of the 03.38 table: the alphabet is in its places.
    expect(decodeGsm7(Uint8Array.from([0x0e, 0x1c, 0x1f, 0x24, 0x40, 0x5f, 0x60, 0x7f]))).toBe('ÅÆÉ¤¡§¿à');
    // An escape to a septet the extension table does not have reads as a space.
    expect(decodeGsm7(Uint8Array.from([0x41, 0x1b, 0x01, 0x42]))).toBe('A B');
  });
});

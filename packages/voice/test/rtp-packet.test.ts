import { describe, expect, it } from 'vitest';
import { decodeEvent, decodeRtp, encodeEvent, encodeRtp } from '../src';

describe('RTP packets and RFC 4733 events', () => {
  it('encodes the fixed header and reads it back', () => {
    const payload = Uint8Array.from({ length: 160 }, (_, i) => i);
    const buf = encodeRtp({
      payloadType: 8,
      marker: true,
      sequence: 65535,
      timestamp: 0xfffffff0,
      ssrc: 0xdeadbeef,
      payload,
    });
    expect(buf.length).toBe(172);
    expect([...buf.subarray(0, 12)]).toEqual([
      0x80, 0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0, 0xde, 0xad, 0xbe, 0xef,
    ]);
    const p = decodeRtp(buf)!;
    expect(p).toMatchObject({
      payloadType: 8,
      marker: true,
      sequence: 65535,
      timestamp: 0xfffffff0,
      ssrc: 0xdeadbeef,
    });
    expect([...p.payload]).toEqual([...payload]);
  });

  it('skips CSRCs, header extensions and padding; ignores RTCP and non-RTP', () => {
    const buf = Buffer.from([
      0xb1,
      0x00,
      0,
      1,
      0,
      0,
      0,
      2,
      0,
      0,
      0,
      3, // V=2, P=1, X=1, CC=1
      9,
      9,
      9,
      9, // CSRC
      0xbe,
      0xde,
      0,
      1,
      1,
      2,
      3,
      4, // extension of one word
      0xaa,
      0xbb, // payload
      0,
      2, // padding of 2
    ]);
    expect([...decodeRtp(buf)!.payload]).toEqual([0xaa, 0xbb]);
    expect(decodeRtp(Buffer.from([0x80, 200, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(decodeRtp(Buffer.from('hello world!'))).toBeUndefined();
  });

  it('telephone events carry key, end bit, volume and duration', () => {
    const e = encodeEvent({ key: '#', end: true, volume: 10, duration: 800 });
    expect([...e]).toEqual([11, 0x8a, 0x03, 0x20]);
    expect(decodeEvent(e)).toEqual({ key: '#', end: true, volume: 10, duration: 800 });
    expect(decodeEvent(Uint8Array.of(1, 0x0a, 0, 160))).toEqual({
      key: '1',
      end: false,
      volume: 10,
      duration: 160,
    });
    expect(() => encodeEvent({ key: 'x', end: false, volume: 0, duration: 0 })).toThrow();
    expect(decodeEvent(Uint8Array.of(99, 0, 0, 0))).toBeUndefined();
  });
});

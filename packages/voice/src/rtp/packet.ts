/** RTP packets (RFC 3550, fixed 12-byte header, no CSRC on send) and RFC 4733 telephone events. */

export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

export function encodeRtp(p: RtpPacket): Buffer {
  const buf = Buffer.allocUnsafe(12 + p.payload.length);
  buf[0] = 0x80; // version 2, no padding, no extension, no CSRC
  buf[1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  buf.writeUInt16BE(p.sequence & 0xffff, 2);
  buf.writeUInt32BE(p.timestamp >>> 0, 4);
  buf.writeUInt32BE(p.ssrc >>> 0, 8);
  buf.set(p.payload, 12);
  return buf;
}

/** Decodes a packet; undefined for anything that is not RTP version 2 (RTCP included). */
export function decodeRtp(buf: Uint8Array): RtpPacket | undefined {
  if (buf.length < 12 || buf[0]! >> 6 !== 2) return undefined;
  const pt = buf[1]! & 0x7f;
  if (pt >= 72 && pt <= 76) return undefined; // RTCP
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const csrc = buf[0]! & 0x0f;
  let offset = 12 + csrc * 4;
  if (buf[0]! & 0x10) {
    if (buf.length < offset + 4) return undefined;
    offset += 4 + view.getUint16(offset + 2) * 4;
  }
  let end = buf.length;
  if (buf[0]! & 0x20) end -= buf[buf.length - 1]!;
  if (offset > end) return undefined;
  return {
    payloadType: pt,
    marker: (buf[1]! & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    payload: buf.subarray(offset, end),
  };
}

export const DTMF_KEYS = '0123456789*#ABCD';

export interface TelephoneEvent {
  key: string;
  end: boolean;
  volume: number;
  /** In timestamp units (8 kHz samples). */
  duration: number;
}

export function encodeEvent(e: TelephoneEvent): Uint8Array {
  const code = DTMF_KEYS.indexOf(e.key.toUpperCase());
  if (code < 0) throw new Error(`not a key: ${e.key}`);
  return Uint8Array.of(
    code,
    (e.end ? 0x80 : 0) | (e.volume & 0x3f),
    (e.duration >> 8) & 0xff,
    e.duration & 0xff,
  );
}

export function decodeEvent(payload: Uint8Array): TelephoneEvent | undefined {
  if (payload.length < 4) return undefined;
  const key = DTMF_KEYS[payload[0]!];
  if (key === undefined) return undefined;
  return {
    key,
    end: (payload[1]! & 0x80) !== 0,
    volume: payload[1]! & 0x3f,
    duration: (payload[2]! << 8) | payload[3]!,
  };
}

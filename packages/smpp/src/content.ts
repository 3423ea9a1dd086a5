/// <reference path="./smpp.d.ts" />
import { encodeGsm7, smsSegments } from '@switchboard/contracts';
import type { DecodedMessage, Pdu } from 'smpp';

/** esm_class bits (SMPP 3.4 section 5.2.12). */
export const ESM_CLASS = {
  /** Bits 2-5 of a deliver_sm: what kind of message it is (0x04: an SMSC delivery receipt). */
  TYPE_MASK: 0x3c,
  DELIVERY_RECEIPT: 0x04,
  /** The short_message starts with a user data header. */
  UDHI: 0x40,
} as const;

/** Whether a deliver_sm is an SMSC delivery receipt (not a message or another acknowledgement). */
export const isDeliveryReceipt = (esmClass: number | undefined) =>
  ((esmClass ?? 0) & ESM_CLASS.TYPE_MASK) === ESM_CLASS.DELIVERY_RECEIPT;

/** Data codings whose text is read: SMSC default (GSM 03.38), IA5/ASCII, Latin-1, UCS-2. */
const TEXT_CODINGS: ReadonlySet<number> = new Set([0x00, 0x01, 0x03, 0x08]);

/** Whether a data_coding is one of the text codings (the coding group bits 4-7 zero). */
export const isTextCoding = (dataCoding: number) =>
  (dataCoding & 0xf0) === 0 && TEXT_CODINGS.has(dataCoding & 0x0f);

/** Where a part sits in a concatenated message (from the UDH, or the SAR TLVs). */
export interface ConcatInfo {
  ref: number;
  total: number;
  seq: number;
}

export interface Content {
  /** The decoded text; for data codings the library does not decode, the bytes in hex. */
  text: string;
  /** True when `text` is hex because the data coding is not a text coding we decode. */
  binary: boolean;
  /** The user data header, hex, when there is one. */
  udh?: string;
  concat?: ConcatInfo;
}

function decoded(value: Pdu['short_message']): DecodedMessage | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || Buffer.isBuffer(value)) return { message: value };
  return value;
}

function isEmpty(message: DecodedMessage | undefined): boolean {
  return !message || (message.message.length === 0 && !(message.udh && message.udh.length > 0));
}

/**
 * Reads a submit_sm's text, header and concatenation (from short_message, or message_payload
 * when short_message is empty), as the npm smpp library decoded them by data_coding.
 */
export function readContent(pdu: Pdu): Content {
  const short = decoded(pdu.short_message);
  const message = isEmpty(short) ? (decoded(pdu.message_payload) ?? short) : short;
  const body = message?.message ?? '';
  const binary = typeof body !== 'string';
  const udh = message?.udh ?? [];
  const content: Content = { text: binary ? body.toString('hex') : body, binary };
  if (udh.length > 0) content.udh = Buffer.concat(udh).toString('hex');
  const concat = concatFromUdh(udh) ?? concatFromSar(pdu);
  if (concat) content.concat = concat;
  return content;
}

function concatFromUdh(elements: Buffer[]): ConcatInfo | undefined {
  for (const ie of elements) {
    // 0x00: 8-bit reference (00 03 ref total seq); 0x08: 16-bit reference (08 04 ref ref total seq).
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) return { ref: ie[2]!, total: ie[3]!, seq: ie[4]! };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) {
      return { ref: ie.readUInt16BE(2), total: ie[4]!, seq: ie[5]! };
    }
  }
  return undefined;
}

function concatFromSar(pdu: Pdu): ConcatInfo | undefined {
  if (pdu.sar_msg_ref_num === undefined || !pdu.sar_total_segments || !pdu.sar_segment_seqnum)
    return undefined;
  return { ref: pdu.sar_msg_ref_num, total: pdu.sar_total_segments, seq: pdu.sar_segment_seqnum };
}

/**
 * A deliver_sm's text (short_message, or message_payload when that is empty) as the library
 * decoded it; bytes it did not decode as Latin-1 (a receipt is ASCII whatever its data_coding).
 */
export function deliveredText(pdu: Pdu): string {
  const short = decoded(pdu.short_message);
  const message = short && short.message.length > 0 ? short : decoded(pdu.message_payload);
  const body = message?.message ?? '';
  return typeof body === 'string' ? body : body.toString('latin1');
}

/** One part as it goes out: the bytes (UDH included) and its data_coding and esm_class. */
export interface EncodedPart {
  shortMessage: Buffer;
  dataCoding: number;
  esmClass: number;
}

/**
 * Splits a text into parts (GSM-7 or UCS-2 by content, as the price counted them) and encodes
 * each: GSM-7 as unpacked septets with the gateway's default data_coding (0), or Latin-1 bytes
 * for data_coding 1/3; UCS-2 big endian with data_coding 8. A text of several parts gets a UDH
 * per part (IEI 0x00, 8-bit reference `ref`) and the UDHI bit in esm_class.
 */
export function encodeParts(text: string, defaultDataCoding: number, ref: number): EncodedPart[] {
  const segments = smsSegments(text);
  const gsm = segments.encoding === 'gsm7';
  const dataCoding = gsm ? defaultDataCoding : 8;
  const total = segments.parts.length;
  return segments.parts.map((part, index) => {
    const body = gsm
      ? defaultDataCoding === 0
        ? Buffer.from(encodeGsm7(part))
        : Buffer.from(part, 'latin1')
      : Buffer.from(part, 'utf16le').swap16();
    if (total === 1) return { shortMessage: body, dataCoding, esmClass: 0 };
    const udh = Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, index + 1]);
    return { shortMessage: Buffer.concat([udh, body]), dataCoding, esmClass: ESM_CLASS.UDHI };
  });
}

/// <reference path="./smpp.d.ts" />
import type { DecodedMessage, Pdu } from 'smpp';

/** Where a part sits in a concatenated message (from the UDH, or the SAR TLVs). */
export interface ConcatInfo {
  ref: number;
  total: number;
  seq: number;
}

export interface Content {
  /** The decoded text; for data codings the simulator cannot decode, the bytes in hex. */
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

/** Reads a submit_sm's text, header and concatenation (from short_message, or message_payload). */
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

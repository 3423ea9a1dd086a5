/**
 * How an SMS text goes over the air: its encoding (GSM-7 when every character is in the GSM
 * 03.38 default alphabet or its extension table, else UCS-2) and its parts. One message carries
 * 160 GSM-7 septets or 70 UCS-2 units; a longer text is split into parts of 153 septets or 67
 * units (the user data header of a concatenated message takes the rest). An extension character
 * (€ [ ] { } | ^ ~ \ and form feed) takes two septets and is never split from its escape; a
 * character outside the Basic Multilingual Plane (most emoji) takes two UCS-2 units and is never
 * split either. The console's preview, the price (per part) and the SMPP client all count with
 * these functions, so the parts priced are the parts sent.
 */

/** The GSM 03.38 default alphabet, by septet value (0x1b is the escape to the extension table). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: character → septet after the escape. */
const GSM7_EXTENSION: Record<string, number> = {
  '\f': 0x0a,
  '^': 0x14,
  '{': 0x28,
  '}': 0x29,
  '\\': 0x2f,
  '[': 0x3c,
  '~': 0x3d,
  ']': 0x3e,
  '|': 0x40,
  '€': 0x65,
};

const BASIC_SEPTET = new Map<string, number>([...GSM7_BASIC].map((char, septet) => [char, septet]));
BASIC_SEPTET.delete('\u001b');

export type SmsEncoding = 'gsm7' | 'ucs2';

/** Units one message holds, alone and as a part of a concatenated message. */
export const SMS_LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** At most this many parts per message (the UDH counts parts in one byte; operators cap far lower). */
export const SMS_MAX_PARTS = 255;

/** Septets a character takes in GSM-7 (1, or 2 for the extension table), or null outside it. */
export function gsm7Septets(char: string): 1 | 2 | null {
  if (BASIC_SEPTET.has(char)) return 1;
  if (char in GSM7_EXTENSION) return 2;
  return null;
}

/** GSM-7 when every character fits it, else UCS-2. */
export function smsEncodingOf(text: string): SmsEncoding {
  for (const char of text) if (gsm7Septets(char) === null) return 'ucs2';
  return 'gsm7';
}

/** Units of one character: septets in GSM-7, UTF-16 code units in UCS-2. */
const unitsOf = (char: string, encoding: SmsEncoding): number =>
  encoding === 'gsm7' ? (gsm7Septets(char) ?? 1) : char.length;

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
  /** The text of each part, in order (one part for a text that fits one message). */
  parts: string[];
  /** Units the last part could still take before another part is needed. */
  remaining: number;
}

/**
 * The encoding and the parts of a text. An empty text is one empty part (a message can be empty;
 * whether it may be sent is the sender's rule). `encoding` forces one (a caller that must send
 * UCS-2); forcing GSM-7 on a text it cannot carry is refused.
 */
export function smsSegments(text: string, encoding: SmsEncoding = smsEncodingOf(text)): SmsSegments {
  const chars = [...text];
  if (encoding === 'gsm7' && chars.some((char) => gsm7Septets(char) === null)) {
    throw new Error('text has characters outside GSM-7');
  }
  const limits = SMS_LIMITS[encoding];
  const units = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  if (units <= limits.single) {
    return { encoding, units, parts: [text], remaining: limits.single - units };
  }
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const char of chars) {
    const size = unitsOf(char, encoding);
    if (used + size > limits.part) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += size;
  }
  parts.push(current);
  return { encoding, units, parts, remaining: limits.part - used };
}

/** Parts a text takes (what a message is priced by). */
export const smsPartCount = (text: string): number => smsSegments(text).parts.length;

/**
 * The GSM-7 septets of a text, unpacked (one septet per byte, an extension character as the
 * escape 0x1b and its septet), as SMPP carries GSM-7 with data_coding 0 on most SMSCs.
 */
export function encodeGsm7(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const basic = BASIC_SEPTET.get(char);
    if (basic !== undefined) out.push(basic);
    else if (char in GSM7_EXTENSION) out.push(0x1b, GSM7_EXTENSION[char]!);
    else throw new Error(`not a GSM-7 character: U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
  }
  return Uint8Array.from(out);
}

/** The text of unpacked GSM-7 septets (an unknown escape reads as a space, as GSM 03.38 says). */
export function decodeGsm7(septets: Uint8Array): string {
  const extension = new Map(Object.entries(GSM7_EXTENSION).map(([char, septet]) => [septet, char]));
  let text = '';
  for (let i = 0; i < septets.length; i++) {
    const septet = septets[i]!;
    if (septet === 0x1b) {
      const next = septets[++i];
      text += next === undefined ? '' : (extension.get(next) ?? ' ');
    } else text += GSM7_BASIC[septet & 0x7f] ?? ' ';
  }
  return text;
}

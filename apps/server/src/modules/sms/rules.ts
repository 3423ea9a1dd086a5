import {
  isFinalSmsStatus,
  SMS_VARIABLE_NAME,
  type SmsEncoding,
  type SmsKind,
  type SmsNumberImport,
  type SmsStatus,
  smsSegments,
} from '@switchboard/contracts';
import { AppError } from '../../platform/envelope';
import { parseNumber } from '../rate';
import type { GatewayReceiptStatus } from './ports';

/**
 * The SMS engine's pure rules: filling in variables, priorities, a multipart message's final
 * status, back-off, status transitions. No I/O: unit-tested.
 */

/** Dispatch order: higher first. OTP and premium OTP go ahead of bulk. */
export const KIND_PRIORITY: Record<SmsKind, number> = {
  premium_otp: 3,
  otp: 2,
  notification: 1,
  marketing: 0,
};

/** Parts and encoding of a text as it will be sent. */
export function partsOf(text: string): { parts: number; encoding: SmsEncoding } {
  const s = smsSegments(text);
  return { parts: s.parts.length, encoding: s.encoding };
}

/** How bad a receipt's outcome is (the worst part decides a multipart message). */
const SEVERITY: Record<GatewayReceiptStatus, number> = {
  delivered: 0,
  expired: 1,
  undeliverable: 2,
  rejected: 3,
  failed: 4,
};

/**
 * A message's status from its parts' receipts: undefined while any part has none; delivered when
 * every part was; otherwise the worst part's status and error code.
 */
export function finalOfParts(
  parts: { status: GatewayReceiptStatus | null; errorCode: string | null }[],
): { status: GatewayReceiptStatus; errorCode: string | null } | undefined {
  if (parts.length === 0 || parts.some((p) => p.status === null)) return undefined;
  let worst = parts[0]!;
  for (const p of parts) if (SEVERITY[p.status!] > SEVERITY[worst.status!]) worst = p;
  return { status: worst.status!, errorCode: worst.status === 'delivered' ? null : worst.errorCode };
}

/** The statuses each status may move to (a final status moves nowhere). */
const NEXT: Record<SmsStatus, readonly SmsStatus[]> = {
  accepted: ['queued', 'failed', 'arrears', 'invalid_number'],
  queued: ['accepted', 'sent', 'failed', 'timeout'],
  sent: ['delivered', 'undeliverable', 'rejected', 'expired', 'failed', 'timeout'],
  delivered: [],
  undeliverable: [],
  rejected: [],
  expired: [],
  timeout: [],
  invalid_number: [],
  arrears: [],
  failed: [],
};

export function canMove(from: SmsStatus, to: SmsStatus): boolean {
  return !isFinalSmsStatus(from) && NEXT[from].includes(to);
}

/** The wait before the next try of a message a gateway could not take now (1 s, 2 s, 4 s … 60 s). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
}

/** The wait before a callback's next attempt (10 s, 20 s, 40 s … at most 1 h). */
export function callbackDelayMs(attempts: number, baseMs: number): number {
  return Math.min(3_600_000, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/** UTC day bounds of a date: [start, end). */
export function dayOf(date: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** Header names of the number column (either language). */
const NUMBER_HEADERS = new Set([
  'number',
  'numbers',
  'phone',
  'mobile',
  'msisdn',
  'to',
  '号码',
  '手机号',
  '手机号码',
  '电话',
]);
const looksLikeNumber = (cell: string) =>
  /^[+\d\s\-().]+$/.test(cell) && (cell.match(/\d/g)?.length ?? 0) >= 4;

/**
 * The recipients of an imported table (txt: one number per line; csv/xlsx: a header row naming a
 * `number` column, or the first, and variables): normalised numbers, and each invalid or repeated
 * number as a problem of its row (1-based, as a sheet shows it). A first row that is all numbers
 * is data, not a header.
 */
export function readNumberTable(table: string[][], max: number): SmsNumberImport {
  const rows = table.map((row) => row.map((cell) => (cell ?? '').trim()));
  const first = rows[0] ?? [];
  const header = first.some((cell) => cell !== '' && !looksLikeNumber(cell));
  let numberAt = 0;
  const variables: { at: number; name: string }[] = [];
  if (header) {
    const found = first.findIndex((cell) => NUMBER_HEADERS.has(cell.toLowerCase()));
    numberAt = found >= 0 ? found : 0;
    for (const [at, name] of first.entries()) {
      if (at !== numberAt && SMS_VARIABLE_NAME.test(name)) variables.push({ at, name });
    }
  }
  const recipients: SmsNumberImport['recipients'] = [];
  const problems: SmsNumberImport['problems'] = [];
  const seen = new Set<string>();
  for (let i = header ? 1 : 0; i < rows.length; i++) {
    const row = rows[i]!;
    const given = row[numberAt] ?? '';
    if (given === '') continue;
    const parsed = parseNumber(given);
    if (!parsed) {
      problems.push({ row: i + 1, number: given.slice(0, 32), reason: 'NUMBER_INVALID' });
      continue;
    }
    if (seen.has(parsed.digits)) {
      problems.push({ row: i + 1, number: given.slice(0, 32), reason: 'NUMBER_DUPLICATE' });
      continue;
    }
    seen.add(parsed.digits);
    const vars = Object.fromEntries(variables.map((v) => [v.name, (row[v.at] ?? '').slice(0, 1000)]));
    recipients.push(variables.length > 0 ? { number: parsed.digits, vars } : { number: parsed.digits });
  }
  if (recipients.length > max) throw new AppError('BATCH_TOO_LARGE', 400, { field: 'file', max });
  if (recipients.length === 0 && problems.length === 0) throw new AppError('SMS_IMPORT_NO_NUMBERS', 400);
  return { recipients, columns: variables.map((v) => v.name), problems };
}

import { isFinalSmsStatus, type Recipient, type SmsBatchRow, type SmsStatus } from '@switchboard/contracts';

/** Separators between numbers typed or pasted: line ends, commas and semicolons (also full-width). */
const LIST_SEPARATORS = /[\r\n,;，；、]+/;
/** Characters people write inside one number: spaces, dashes, dots, brackets. */
const NUMBER_DECORATION = /[\s\-.()（）]/g;
/** A group long enough to be a number of its own (a space then separates two numbers). */
const WHOLE_NUMBER = /^\+?\d{7,}$/;

/**
 * The numbers of the numbers field, in the order written: one per line, and commas, semicolons or
 * spaces between numbers tolerated. A space inside one number (`+86 138 0013 8000`) is kept as
 * part of it: the pieces only become numbers of their own when each is a whole number (7+ digits).
 * Nothing is checked or removed here (invalid and repeated numbers are the server's preview).
 */
export function parseNumbers(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(LIST_SEPARATORS)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const groups = trimmed.split(/\s+/);
    if (groups.length > 1 && groups.every((g) => WHOLE_NUMBER.test(g))) {
      out.push(...groups);
      continue;
    }
    const number = trimmed.replace(NUMBER_DECORATION, '');
    if (number !== '') out.push(number);
  }
  return out;
}

/**
 * The recipients of one send: the numbers typed, then the rows imported from a file (each with
 * its variables). Positions in this list are what the preview's problems point at.
 */
export function recipientsOf(typed: string, imported: readonly Recipient[]): Recipient[] {
  return [...parseNumbers(typed).map((number) => ({ number })), ...imported];
}

/** Where a recipient of the list came from, for showing a preview problem (line typed or file row). */
export function recipientOrigin(
  index: number,
  typedCount: number,
): { source: 'typed' | 'file'; position: number } {
  return index < typedCount
    ? { source: 'typed', position: index + 1 }
    : { source: 'file', position: index - typedCount + 1 };
}

/** A batch's progress: its messages in a final state out of all of them. */
export interface BatchProgress {
  final: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
  /** Nothing left to happen: every message final, or the batch cancelled. */
  done: boolean;
}

export function batchProgress(batch: Pick<SmsBatchRow, 'counts' | 'total' | 'state'>): BatchProgress {
  // The messages stored (a repeated number is not stored, so `total`, the recipients given, can
  // be more); before any is counted, the recipients.
  const counted = Object.values(batch.counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const total = counted > 0 ? counted : batch.total;
  const final = (Object.entries(batch.counts) as [SmsStatus, number | undefined][])
    .filter(([status]) => isFinalSmsStatus(status))
    .reduce((sum, [, n]) => sum + (n ?? 0), 0);
  const percent = total === 0 ? 100 : Math.floor((final * 100) / total);
  const done = batch.state === 'cancelled' || batch.state === 'done' || (total > 0 && final >= total);
  return { final, total, percent, done };
}

/** The statuses of a batch's counts in the order of the status list (non-final first). */
export function countsInOrder(
  counts: SmsBatchRow['counts'],
  order: readonly SmsStatus[],
): [SmsStatus, number][] {
  return order.flatMap((status) => {
    const n = counts[status];
    return n ? [[status, n] as [SmsStatus, number]] : [];
  });
}

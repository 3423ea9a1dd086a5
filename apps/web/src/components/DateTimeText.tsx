import { formatDateTime } from '@/lib/format';

/**
 * A date and time in a table cell (`YYYY-MM-DD HH:mm:ss`), kept on one line: a squeezed table on
 * a phone scrolls sideways in its card rather than break a date into pieces.
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
}

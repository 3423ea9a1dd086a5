import { createHash } from 'node:crypto';

/** A stable UUID for seeded rows, so a second seed finds the row instead of duplicating it. */
export function stableId(key: string): string {
  const h = createHash('sha1').update(`switchboard:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

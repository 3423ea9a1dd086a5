import { formatMoney, type Locale } from '@switchboard/contracts';

/**
 * What a column holds, which decides how it is written to a sheet and read back from one:
 * - text: as is;
 * - integer: a whole number;
 * - boolean: yes/no (read: true/false, 1/0, yes/no, y/n, 是/否, enabled/disabled, 启用/停用);
 * - money: bigint micro-units in code, an exact decimal in the sheet (number format with the
 *   column's decimals), a decimal string when read (the row schema's `money` codec parses it);
 * - datetime: a Date, written `YYYY-MM-DD HH:mm:ss` (UTC);
 * - enum: a code written as the label of the caller's language (`labels`), read back from either
 *   language's label or the code itself.
 */
export type ColumnKind = 'text' | 'integer' | 'boolean' | 'money' | 'datetime' | 'enum';

export interface ResourceColumn<Row> {
  /** The row's field (and the header text a file may use instead of either language's). */
  key: string;
  header: Record<Locale, string>;
  kind?: ColumnKind;
  /** The cell's value for export (text made in the reader's language); default `row[key]`. */
  value?: (row: Row, locale: Locale) => unknown;
  /** Money: decimals shown (default 2). */
  decimals?: number;
  /** Enum: the label of each code in both languages. */
  labels?: Record<string, Record<Locale, string>>;
  /** Column width in characters (default from the header). */
  width?: number;
  /** Import: the file must have this column. */
  required?: boolean;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  y: true,
  n: false,
  enabled: true,
  disabled: false,
  是: true,
  否: false,
  启用: true,
  停用: false,
  禁用: false,
};

export const BOOLEAN_TEXT: Record<Locale, [string, string]> = {
  'en-US': ['Yes', 'No'],
  'zh-CN': ['是', '否'],
};

/** How header text is compared: case, spaces and a required-marker `*` do not matter. */
export function normaliseHeader(text: string): string {
  return text.replace(/[*＊\s]/g, '').toLowerCase();
}

/**
 * Maps a file's header row to columns: by key or by the header text of either language. Answers
 * the column of each cell (undefined for empty header cells) and the problems found.
 */
export function mapHeader<Row>(
  header: string[],
  columns: readonly ResourceColumn<Row>[],
): {
  mapping: (ResourceColumn<Row> | undefined)[];
  unknown: string[];
  duplicate: ResourceColumn<Row>[];
  missing: ResourceColumn<Row>[];
} {
  const byName = new Map<string, ResourceColumn<Row>>();
  for (const column of columns) {
    for (const name of [column.key, column.header['en-US'], column.header['zh-CN']]) {
      byName.set(normaliseHeader(name), column);
    }
  }
  const seen = new Set<ResourceColumn<Row>>();
  const unknown: string[] = [];
  const duplicate: ResourceColumn<Row>[] = [];
  const mapping = header.map((text) => {
    const name = normaliseHeader(text);
    if (name === '') return undefined;
    const column = byName.get(name);
    if (!column) {
      unknown.push(text.trim());
      return undefined;
    }
    if (seen.has(column)) {
      duplicate.push(column);
      return undefined;
    }
    seen.add(column);
    return column;
  });
  const missing = columns.filter((column) => column.required && !seen.has(column));
  return { mapping, unknown, duplicate, missing };
}

/**
 * A cell's text as read from a file into the value the row schema gets: undefined for an empty
 * cell (the schema's default applies), `{invalid: true}` when the text is not of the column's kind.
 */
export function readCell<Row>(
  column: ResourceColumn<Row>,
  text: string,
): { value: unknown } | { invalid: true } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  switch (column.kind ?? 'text') {
    case 'integer':
      return /^[+-]?\d{1,15}$/.test(trimmed) ? { value: Number(trimmed) } : { invalid: true };
    case 'boolean': {
      const value = BOOLEAN_WORDS[trimmed.toLowerCase()];
      return value === undefined ? { invalid: true } : { value };
    }
    case 'enum': {
      const wanted = normaliseHeader(trimmed);
      for (const [code, label] of Object.entries(column.labels ?? {})) {
        if ([code, label['en-US'], label['zh-CN']].some((name) => normaliseHeader(name) === wanted))
          return { value: code };
      }
      return { invalid: true };
    }
    case 'money':
      // Thousands separators as a sheet may show them; the money codec judges the rest.
      return { value: trimmed.replace(/,/g, '') };
    default:
      return { value: trimmed };
  }
}

/** `YYYY-MM-DD HH:mm:ss` of an instant, in UTC. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Excel number format of a money column with `decimals` places and thousands separators. */
export function moneyFormat(decimals: number): string {
  // Two decimals always shown (as balances are), more only where the amount has them.
  if (decimals <= 0) return '#,##0';
  return `#,##0.${'0'.repeat(Math.min(decimals, 2))}${'#'.repeat(Math.max(decimals - 2, 0))}`;
}

/**
 * A cell's value for a sheet: money as the exact decimal turned into a number (values of 18
 * digits lose nothing a sheet could show: Excel keeps 15 significant digits; beyond that the
 * exact text is written), dates as `YYYY-MM-DD HH:mm:ss` text in UTC, booleans and enums in the
 * caller's language.
 */
export function exportCell<Row>(column: ResourceColumn<Row>, row: Row, locale: Locale): unknown {
  const raw = column.value ? column.value(row, locale) : (row as Record<string, unknown>)[column.key];
  if (raw === null || raw === undefined) return null;
  switch (column.kind ?? 'text') {
    case 'money': {
      const text = typeof raw === 'bigint' ? formatMoney(raw) : String(raw);
      const number = Number(text);
      const digits = text
        .replace(/[^0-9]/g, '')
        .replace(/^0+/, '')
        .replace(/0+$/, '');
      return Number.isFinite(number) && digits.length <= 15 ? number : text;
    }
    case 'datetime':
      return raw instanceof Date ? formatDateTime(raw) : String(raw);
    case 'boolean':
      return BOOLEAN_TEXT[locale][raw ? 0 : 1];
    case 'enum':
      return column.labels?.[String(raw)]?.[locale] ?? String(raw);
    case 'integer':
      return typeof raw === 'number' ? raw : Number(raw);
    default:
      return String(raw);
  }
}

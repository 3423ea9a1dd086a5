import {
  describeIssues,
  type ErrorCode,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportResult,
  type ImportRowError,
  type Locale,
  translateError,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { AppError } from '../envelope';
import { mapHeader, type ResourceColumn, readCell } from './columns';

/** A row the row schema accepted: its number in the sheet and its parsed value. */
export interface ImportRow<T> {
  row: number;
  value: T;
}

/** A problem a group's own rule found in an accepted row (a duplicate name, a price too low). */
export interface RowProblem {
  /** Index into the accepted rows handed to the rule. */
  index: number;
  field: string;
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export interface CheckedImport<T> {
  rows: ImportRow<T>[];
  errors: ImportRowError[];
  total: number;
  columns: ImportResult['columns'];
  preview: ImportResult['preview'];
}

/** The most problems one answer lists (a wholly wrong file would otherwise list every cell). */
export const IMPORT_MAX_ERRORS = 500;

const titleOf = <Row>(column: ResourceColumn<Row> | undefined, field: string, locale: Locale) =>
  column ? column.header[locale] : field;

/**
 * Checks the rows of a file against a group's columns and row schema: the header row (row 1) is
 * mapped by key or by either language's header text; every data row (empty ones skipped) is read
 * cell by cell into the column's kind and validated by the schema. Every problem is reported with
 * its row number, column and message in the caller's language; none are written here.
 */
export function checkImport<Row, S extends z.ZodType>(
  table: string[][],
  columns: readonly ResourceColumn<Row>[],
  schema: S,
  locale: Locale,
): CheckedImport<z.output<S>> {
  const [header = [], ...body] = table;
  const { mapping, unknown, duplicate, missing } = mapHeader(header, columns);
  const errors: ImportRowError[] = [];
  const fileError = (
    field: string,
    column: string,
    code: ErrorCode,
    params: Record<string, string | number>,
  ) => errors.push({ row: 1, field, column, message: translateError(code, locale, params) });
  for (const text of unknown) fileError('header', text, 'IMPORT_UNKNOWN_COLUMN', { column: text });
  for (const column of duplicate)
    fileError(column.key, column.header[locale], 'IMPORT_UNKNOWN_COLUMN', { column: column.header[locale] });
  for (const column of missing)
    fileError(column.key, column.header[locale], 'IMPORT_MISSING_COLUMN', { column: column.header[locale] });

  const used = mapping.filter((column): column is ResourceColumn<Row> => column !== undefined);
  const result: CheckedImport<z.output<S>> = {
    rows: [],
    errors,
    total: 0,
    columns: used.map((column) => ({ key: column.key, title: column.header[locale] })),
    preview: [],
  };
  const data = body
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  result.total = data.length;
  if (data.length > IMPORT_MAX_ROWS)
    throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { max: IMPORT_MAX_ROWS });
  if (errors.length > 0) return result;
  if (data.length === 0) {
    fileError('file', '', 'IMPORT_EMPTY', {});
    return result;
  }

  for (const { cells, row } of data) {
    const values: Record<string, string> = {};
    const input: Record<string, unknown> = {};
    const rowErrors: ImportRowError[] = [];
    mapping.forEach((column, index) => {
      if (!column) return;
      const text = cells[index] ?? '';
      values[column.key] = text;
      const read = readCell(column, text);
      if ('invalid' in read) {
        rowErrors.push({
          row,
          field: column.key,
          column: column.header[locale],
          message: translateError('FIELD_INVALID', locale, { field: column.header[locale] }),
        });
      } else if (read.value !== undefined) {
        input[column.key] = read.value;
      }
    });
    if (result.preview.length < IMPORT_PREVIEW_ROWS) result.preview.push({ row, values });
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const byTitle = parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        return {
          ...issue,
          path: [
            titleOf(
              columns.find((c) => c.key === key),
              key,
              locale,
            ),
          ],
        };
      });
      const problems = describeIssues(byTitle, locale);
      parsed.error.issues.forEach((issue) => {
        const key = String(issue.path[0] ?? '');
        const title = titleOf(
          columns.find((c) => c.key === key),
          key,
          locale,
        );
        if (rowErrors.some((e) => e.field === key)) return;
        const problem = problems.find((p) => p.field === title);
        if (problem) rowErrors.push({ row, field: key, column: title, message: problem.message });
      });
    }
    if (rowErrors.length > 0) {
      if (errors.length < IMPORT_MAX_ERRORS)
        errors.push(...rowErrors.slice(0, IMPORT_MAX_ERRORS - errors.length));
    } else if (parsed.success) {
      result.rows.push({ row, value: parsed.data });
    }
  }
  return result;
}

/** Adds a group rule's problems to a checked import, in the caller's language. */
export function addRowProblems<Row, T>(
  checked: CheckedImport<T>,
  problems: RowProblem[],
  columns: readonly ResourceColumn<Row>[],
  locale: Locale,
): void {
  for (const problem of problems) {
    const accepted = checked.rows[problem.index];
    if (!accepted || checked.errors.length >= IMPORT_MAX_ERRORS) continue;
    const title = titleOf(
      columns.find((c) => c.key === problem.field),
      problem.field,
      locale,
    );
    checked.errors.push({
      row: accepted.row,
      field: problem.field,
      column: title,
      message: translateError(problem.code, locale, { field: title, ...problem.params }),
    });
  }
  checked.errors.sort((a, b) => a.row - b.row);
}

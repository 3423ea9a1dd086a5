import { PassThrough } from 'node:stream';
import { EXPORT_WINDOW_DAYS, type Locale, XLSX_MIME } from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../envelope';
import { exportCell, moneyFormat, type ResourceColumn } from './columns';

/**
 * Refuses an export of time-based rows (ledger, logs) without a `from`–`to` window of at most
 * EXPORT_WINDOW_DAYS days ("export only for the past week" at a time).
 */
export function checkExportWindow(
  from: Date | undefined,
  to: Date | undefined,
  days = EXPORT_WINDOW_DAYS,
): void {
  if (!from || !to || to.getTime() < from.getTime() || to.getTime() - from.getTime() > days * 86_400_000) {
    throw new AppError('EXPORT_WINDOW_REQUIRED', 400, { days });
  }
}

/** `contacts-2026-11-25.xlsx`: the group's name and today's date (UTC). */
export function exportFilename(base: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.xlsx`;
}

/**
 * Writes rows as an .xlsx workbook (one sheet, a bold frozen header row in the caller's language)
 * through exceljs's streaming writer: each row is committed as written, so the file goes out as
 * it is made rather than built whole in memory. Rows may come as they are read (an async
 * iterable, e.g. batches from the database): reading waits while the download is behind, so memory
 * stays flat whatever the number of rows.
 */
export async function writeXlsx<Row>(
  output: PassThrough,
  columns: readonly ResourceColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  locale: Locale,
  sheetName: string,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    key: column.key,
    header: column.header[locale],
    width: column.width ?? Math.max(12, column.header[locale].length + 4),
    style:
      column.kind === 'money'
        ? { numFmt: moneyFormat(column.decimals ?? 2) }
        : column.kind === 'integer'
          ? { numFmt: '0' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow(columns.map((column) => exportCell(column, row, locale))).commit();
    // Backpressure: wait while the compressor is behind (exceljs hands it the sheet without
    // waiting) or the download is.
    const compressor = compressorOf(sheet);
    if (compressor?._writableState?.needDrain) await drained(compressor);
    if (output.writableNeedDrain) await drained(output);
    // The download was abandoned: stop reading rows.
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** A stream one writes to, as far as backpressure goes (node's, or the readable-stream package's). */
interface Sink {
  _writableState?: { needDrain?: boolean };
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/**
 * Where exceljs's streaming writer sends a sheet's XML: the zip entry's stream towards the
 * compressor, which exceljs writes to without heeding its buffer (its StreamBuf ignores what
 * `write` answers). Reached through exceljs's internals (`stream.pipes`); undefined when they are
 * not there.
 */
function compressorOf(sheet: ExcelJS.Worksheet): Sink | undefined {
  const first = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | Sink
    | undefined;
  return first && typeof first.once === 'function' && first._writableState ? first : undefined;
}

/** Waits until a stream wants more, or is closed. */
function drained(stream: Sink): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

/** Sends rows as an .xlsx download named `filename` (Content-Disposition, UTF-8 safe). */
export function sendXlsx<Row>(
  reply: FastifyReply,
  options: {
    filename: string;
    columns: readonly ResourceColumn<Row>[];
    rows: Iterable<Row> | AsyncIterable<Row>;
    locale: Locale;
    sheetName: string;
  },
): FastifyReply {
  const stream = new PassThrough();
  writeXlsx(stream, options.columns, options.rows, options.locale, options.sheetName).catch(
    (error: unknown) => {
      reply.log.error({ err: error }, 'export failed while streaming');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const ascii = options.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', XLSX_MIME)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(options.filename)}`,
    )
    .header('cache-control', 'no-store')
    .send(stream);
}

import { z } from 'zod';

/**
 * Building blocks of what travels over HTTP. Response schemas describe the JSON on the wire
 * (`z.input`, what the console receives) and what the server hands over (`z.output`): a
 * timestamp is an ISO 8601 string on the wire and a Date on the server, converted by the
 * serializer (zod codecs).
 */

/** An instant: ISO 8601 text on the wire, a Date in the server. */
export const dateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An id: missing is FIELD_REQUIRED, not text FIELD_INVALID_TYPE, text that is no UUID FIELD_INVALID. */
export const uuid = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? 'FIELD_REQUIRED'
      : typeof issue.input !== 'string'
        ? 'FIELD_INVALID_TYPE'
        : 'FIELD_INVALID',
});

/** The earliest and latest instants a query may name (PostgreSQL has no year 0; 5 digits are nobody's date). */
export const DATE_QUERY_MIN = Date.UTC(1900, 0, 1);
export const DATE_QUERY_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A date or instant in a query string (`2026-11-25`, `2026-11-25 08:00:00`, ISO 8601), within
 * 1900–9999: anything else is FIELD_INVALID, never a database error.
 */
export const dateQuery = z
  .string()
  .trim()
  .max(40, 'FIELD_TOO_LONG')
  .transform((text, ctx) => {
    const date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text);
    const time = date.getTime();
    if (Number.isNaN(time) || time < DATE_QUERY_MIN || time > DATE_QUERY_MAX) {
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
      return z.NEVER;
    }
    return date;
  });

/** A boolean in a query string: true/false or 1/0. */
export const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The answer envelope of every call (spec section 7), around the call's own result. */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int(),
    result,
    timestamp: z.number().int(),
  });

/** An error answer: the envelope with a stable code and, for invalid input, one problem per field. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.number().int(),
  result: z.unknown(),
  timestamp: z.number().int(),
  errorCode: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** A call whose result carries nothing (`result: null`). */
export const noResult = z.null();

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

/**
 * The earliest and latest instants a user may name (queries, schedules, tests): the years the
 * product means, 2000–2100 (UTC). Day arithmetic on them stays within four-digit years and far
 * inside what PostgreSQL and JavaScript hold, whatever is added to them.
 */
export const DATE_MIN_DAY = '2000-01-01';
export const DATE_MAX_DAY = '2100-12-31';
export const DATE_QUERY_MIN = Date.parse(`${DATE_MIN_DAY}T00:00:00Z`);
export const DATE_QUERY_MAX = Date.parse(`${DATE_MAX_DAY}T23:59:59.999Z`);

/** Whether an instant lies within DATE_QUERY_MIN..DATE_QUERY_MAX. */
export const dateInBounds = (time: number): boolean =>
  !Number.isNaN(time) && time >= DATE_QUERY_MIN && time <= DATE_QUERY_MAX;

/** The issue of a date outside the bounds: DATE_OUT_OF_RANGE, naming them (a new object each time: zod rewrites the one it is given). */
const outOfRange = () => ({ message: 'DATE_OUT_OF_RANGE', params: { min: DATE_MIN_DAY, max: DATE_MAX_DAY } });

/** A date alone (`2026-11-25`): a UTC day. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** `2026-11-25`, `2026-11-25 08:00`, `2026-11-25T08:00:00.000Z`, `…+08:00`: nothing the JavaScript parser merely guesses at. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A query's date or instant text as an instant, or NaN (a space may stand for the `T`; 2026-02-30 is no day). */
function parseQueryDate(text: string): number {
  if (!DATE_TEXT.test(text)) return NaN;
  const time = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text).getTime();
  if (DATE_ONLY.test(text) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) !== text)
    return NaN;
  return time;
}

const dateText = z.string().trim().max(40, 'FIELD_TOO_LONG');

/**
 * What the OpenAPI document says of a date field (`x-date`: tools such as the hostile-input walk
 * find every date field by it, whatever its name).
 */
const dateMeta = (kind: 'start' | 'end' | 'day' | 'instant') => ({
  'x-date': kind,
  description: `A date (2026-11-25) or an instant (ISO 8601), ${DATE_MIN_DAY} to ${DATE_MAX_DAY}${
    kind === 'end' ? '; a date alone includes its whole day' : ''
  }`,
});

/** The instant of a query's date text, or an issue (FIELD_INVALID, DATE_OUT_OF_RANGE) and null. */
function checkedInstant(text: string, ctx: z.RefinementCtx): number | null {
  const time = parseQueryDate(text);
  if (Number.isNaN(time)) ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
  else if (!dateInBounds(time)) ctx.addIssue({ code: 'custom', ...outOfRange() });
  else return time;
  return null;
}

/**
 * A date or instant in a query string (`2026-11-25`, `2026-11-25 08:00:00`, ISO 8601) that starts
 * a period: the instant it names (a date: its midnight, UTC). Within 2000–2100, else
 * DATE_OUT_OF_RANGE; no date at all is FIELD_INVALID; never a database error.
 */
export const dateQuery = dateText
  .transform((text, ctx) => {
    const time = checkedInstant(text, ctx);
    return time === null ? z.NEVER : new Date(time);
  })
  .meta(dateMeta('start'));

/**
 * The end of a period (`dateTo`, `to`), as the first instant after it, so that every list
 * compares `created < end`: a date alone names its whole day (`2026-11-25` ends at the next
 * midnight, UTC); an instant is included to its millisecond (`…T23:59:59.999Z` ends 1 ms later).
 * The text is bounded as `dateQuery`.
 */
export const dateQueryEnd = dateText
  .transform((text, ctx) => {
    const time = checkedInstant(text, ctx);
    if (time === null) return z.NEVER;
    return new Date(DATE_ONLY.test(text) ? time + DAY_MS : time + 1);
  })
  .meta(dateMeta('end'));

/** A UTC day as `YYYY-MM-DD` text (kept as text), within 2000–2100. */
export const dayQuery = z
  .string()
  .trim()
  .regex(DATE_ONLY, 'FIELD_INVALID')
  .refine((text) => !Number.isNaN(parseQueryDate(text)), 'FIELD_INVALID')
  .refine((text) => dateInBounds(parseQueryDate(text)), outOfRange())
  .meta({ 'x-date': 'day', description: `A day (YYYY-MM-DD), ${DATE_MIN_DAY} to ${DATE_MAX_DAY}` });

/** An instant a user sends in a body (a schedule, a test's moment): ISO 8601 within 2000–2100. */
export const dateTimeInput = dateTime
  .refine((date) => dateInBounds(date.getTime()), outOfRange())
  .meta({
    'x-date': 'instant',
    description: `An instant (ISO 8601 with offset), ${DATE_MIN_DAY} to ${DATE_MAX_DAY}`,
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

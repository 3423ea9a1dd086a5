import type { z } from 'zod';
import type { Locale } from './constants';
import { type ErrorCode, isErrorCode, translateError } from './errors';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Turns zod issues into messages in the user's language, one per field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, message: describeIssue(issue, field, locale) });
  }
  return problems;
}

/** What a message's placeholders are filled from: the parts of a zod issue that carry figures. */
export interface IssueFigures {
  code: string;
  /** What a size issue measures: 'string', 'number', 'int', 'bigint', 'array', 'set', 'date'… */
  origin?: string | undefined;
  maximum?: unknown;
  minimum?: unknown;
  params?: Record<string, unknown> | undefined;
}

/**
 * The values for an issue's message: `{field}` (a name or a label), a length's `{max}` or
 * `{min}`, and a custom rule's own figures (money's `{max}` decimals, a top-up's `{min}` and
 * `{max}`), which travel in the issue's `params`. The server's messages and the console's form
 * messages both fill their placeholders from here.
 */
export function issueParams(issue: IssueFigures, field: string): Record<string, string | number> {
  const params: Record<string, string | number> = { field };
  if (issue.code === 'too_big') params.max = figure(issue.maximum, issue.origin);
  if (issue.code === 'too_small') params.min = figure(issue.minimum, issue.origin);
  if (issue.code === 'custom' && issue.params) {
    for (const [key, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    }
  }
  return params;
}

/** A bound as shown: a number, or a date's day (`2026-11-25`). */
function figure(bound: unknown, origin: string | undefined): string | number {
  if (origin === 'date') return new Date(Number(bound)).toISOString().slice(0, 10);
  return Number(bound);
}

/** The size codes a schema may name whatever it measures: the message follows the type instead. */
const SIZE_CODES = new Set<string>([
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'FIELD_TOO_LARGE',
  'FIELD_TOO_SMALL',
  'FIELD_TOO_MANY',
  'FIELD_TOO_FEW',
  'FIELD_TOO_LATE',
  'FIELD_TOO_EARLY',
]);

/**
 * The error code of an issue, for the server's answers and the console's forms alike: the code a
 * schema set, except that a size is said in the unit of what was measured (text has characters,
 * a number a value, a list items, a date a day), whichever size code the schema named; text that
 * must have at least 1 character is required.
 */
export function issueCode(issue: IssueFigures & { message: string }): ErrorCode {
  const size = issue.code === 'too_big' || issue.code === 'too_small';
  if (isErrorCode(issue.message) && !(size && SIZE_CODES.has(issue.message))) return issue.message;
  if (!size) return issue.code === 'invalid_type' ? 'FIELD_INVALID_TYPE' : 'FIELD_INVALID';
  const big = issue.code === 'too_big';
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return big ? 'FIELD_TOO_LARGE' : 'FIELD_TOO_SMALL';
    case 'array':
    case 'set':
      return big ? 'FIELD_TOO_MANY' : 'FIELD_TOO_FEW';
    case 'date':
      return big ? 'FIELD_TOO_LATE' : 'FIELD_TOO_EARLY';
    default:
      if (!big && Number(issue.minimum) === 1) return 'FIELD_REQUIRED';
      return big ? 'FIELD_TOO_LONG' : 'FIELD_TOO_SHORT';
  }
}

function describeIssue(issue: z.core.$ZodIssue, field: string, locale: Locale): string {
  return translateError(
    issueCode(issue as IssueFigures & { message: string }),
    locale,
    issueParams(issue, field),
  );
}

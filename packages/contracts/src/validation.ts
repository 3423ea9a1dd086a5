import type { z } from 'zod';
import type { Locale } from './constants';
import { isErrorCode, translateError } from './errors';

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
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params) {
    for (const [key, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    }
  }
  return params;
}

function describeIssue(issue: z.core.$ZodIssue, field: string, locale: Locale): string {
  const params = issueParams(issue, field);
  if (isErrorCode(issue.message)) return translateError(issue.message, locale, params);
  switch (issue.code) {
    case 'invalid_type':
      return translateError('FIELD_INVALID_TYPE', locale, params);
    case 'too_big':
      return translateError('FIELD_TOO_LONG', locale, params);
    case 'too_small':
      return translateError('FIELD_TOO_SHORT', locale, params);
    default:
      return translateError('FIELD_INVALID', locale, params);
  }
}

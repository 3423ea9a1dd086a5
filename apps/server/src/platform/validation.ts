import { describeIssues, type FieldProblem, type Locale } from '@switchboard/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** Input refused by a route's schema: the issues become one translated message per field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;

  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    /** Fields whose text PostgreSQL cannot store (NUL characters, lone surrogates). */
    readonly unstorable: readonly string[] = [],
  ) {
    super('request validation failed');
  }

  problems(locale: Locale): FieldProblem[] {
    if (this.unstorable.length > 0) {
      return this.unstorable.map((field) => ({
        field,
        message: describeIssues(
          [{ code: 'custom', path: field.split('.'), message: 'TEXT_INVALID_CHARACTERS', input: undefined }],
          locale,
        )[0]!.message,
      }));
    }
    return describeIssues(this.issues, locale);
  }
}

/** A NUL, or half of a surrogate pair without its other half: text PostgreSQL refuses to store. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The dotted paths of every string in `input` (values and keys, at any depth) that PostgreSQL
 * cannot store. Walked without recursion: a deeply nested body must not exhaust the stack.
 */
export function unstorableText(input: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0 && found.length < 20) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) found.push(path || 'body');
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) found.push(childPath);
        else stack.push({ value: child, path: childPath });
      }
    }
  }
  return found;
}

/**
 * Validates params, query and body with the route's zod schema from the contracts. Text that
 * cannot be stored is refused first, for every field of every route, so no handler ever sees it.
 * A missing body or query validates as an empty object (its required fields are then named).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const input = data ?? {};
    const unstorable = unstorableText(input);
    if (unstorable.length > 0) return { error: new RequestValidationError([], unstorable) };
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues) };
  };

/**
 * A credential or identifier taken from a header (token, Basic user and password, key, nonce):
 * visible ASCII only, 1 to `max` characters, else undefined. Refused at the edge, so a NUL or a
 * control character never reaches a query (a 500) and an overlong value is not hashed or stored.
 */
export function headerCredential(value: unknown, max: number): string | undefined {
  if (Array.isArray(value)) return headerCredential(value[0], max);
  if (typeof value !== 'string' || value.length === 0 || value.length > max) return undefined;
  return /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

import {
  type Envelope,
  type ErrorCode,
  envelopeSchema,
  type FieldProblem,
  type Locale,
  translateError,
} from '@switchboard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requestLocale } from './i18n';

/** An error meant for the user: a stable code, an HTTP status and optional details. */
export class AppError extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    readonly status = 400,
    readonly params: Record<string, string | number> = {},
    /** Extra data for the client (e.g. {captchaRequired: true}). */
    readonly result: unknown = null,
    readonly fieldErrors?: FieldProblem[],
  ) {
    super(errorCode);
  }
}

export function envelope<T>(result: T, message = '', code = 200): Envelope<T> {
  return { success: code < 400, message, code, result, timestamp: Date.now() };
}

/** A success answer with a translated message. */
export function ok<T>(request: FastifyRequest, result: T, messageCode: ErrorCode = 'OK'): Envelope<T> {
  return envelope(result, translateError(messageCode, requestLocale(request)));
}

export function errorEnvelope(error: AppError, locale: Locale): Envelope {
  const body: Envelope = envelope(
    error.result,
    error.fieldErrors?.[0]?.message ?? translateError(error.errorCode, locale, error.params),
    error.status,
  );
  body.errorCode = error.errorCode;
  if (error.fieldErrors) body.errors = error.fieldErrors;
  return body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // A refusal that says how long to wait says it to programs too (seconds, RFC 9110).
  const wait = Number(error.params.wait);
  if (error.status === 429 && wait > 0 && !reply.hasHeader('retry-after')) reply.header('retry-after', wait);
  return reply.status(error.status).send(errorEnvelope(error, requestLocale(request)));
}

/** A route's success answer: the envelope around `result` (its schema from the contracts). */
export const okResponse = <T extends z.ZodType>(result: T) => ({ 200: envelopeSchema(result) });

/**
 * An error about fields, decided by a rule rather than a schema (a number that is not valid for
 * its country, a name already taken): each field with its message in the caller's language.
 */
export function fieldError(
  request: FastifyRequest,
  problems: { field: string; code: ErrorCode }[],
  errorCode: ErrorCode = 'VALIDATION_FAILED',
  status = 400,
): AppError {
  const locale = requestLocale(request);
  return new AppError(
    errorCode,
    status,
    {},
    null,
    problems.map((p) => ({ field: p.field, message: translateError(p.code, locale) })),
  );
}

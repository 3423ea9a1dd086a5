import {
  describeIssues,
  type Envelope,
  type ErrorCode,
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
  return reply.status(error.status).send(errorEnvelope(error, requestLocale(request)));
}

/** Validates input with a shared zod schema; a failure is a 400 with per-field messages. */
export function parse<S extends z.ZodType>(request: FastifyRequest, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues, requestLocale(request));
  throw new AppError('VALIDATION_FAILED', 400, {}, null, problems);
}

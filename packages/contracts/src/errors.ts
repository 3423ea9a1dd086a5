import type { Locale } from './constants';
import { businessErrorTexts } from './errors/business';
import { callCentreErrorTexts } from './errors/call-centre';
import { messagingErrorTexts } from './errors/messaging';
import { platformErrorTexts } from './errors/platform';
import { voiceIvrErrorTexts } from './errors/voice-ivr';
import { voiceTaskErrorTexts } from './errors/voice-task';
import { voiceToolsErrorTexts } from './errors/voice-tools';
import { voiceTrunkErrorTexts } from './errors/voice-trunk';

/** The parts of the error texts, by domain (a code is defined in one part only). */
export const ERROR_TEXT_PARTS = [
  platformErrorTexts,
  businessErrorTexts,
  messagingErrorTexts,
  voiceTaskErrorTexts,
  voiceTrunkErrorTexts,
  voiceIvrErrorTexts,
  voiceToolsErrorTexts,
  callCentreErrorTexts,
] as const;

/**
 * Stable error codes. The server answers `code` with the HTTP status and `message` in the
 * caller's language; clients may switch on `errorCode`. The texts are kept by domain in
 * `errors/`; this is their one import path.
 */
export const errorTexts = {
  ...platformErrorTexts,
  ...businessErrorTexts,
  ...messagingErrorTexts,
  ...voiceTaskErrorTexts,
  ...voiceTrunkErrorTexts,
  ...voiceIvrErrorTexts,
  ...voiceToolsErrorTexts,
  ...callCentreErrorTexts,
} as const;

export type ErrorCode = keyof typeof errorTexts;
export const ERROR_CODES = Object.keys(errorTexts) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorTexts, value);
}

/** The text of a code in a language, with `{name}` placeholders filled in. */
export function translateError(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template: string = errorTexts[code][locale] ?? errorTexts[code]['en-US'];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

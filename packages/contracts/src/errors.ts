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

/**
 * The text of a code in a language, with `{name}` placeholders filled in. `{wait}` is a wait: its
 * parameter the seconds until the caller may try again, written in the reader's words ("in 45
 * seconds", "45 秒后"), and "later" ("稍后") when no parameter says how long.
 */
export function translateError(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template: string = errorTexts[code][locale] ?? errorTexts[code]['en-US'];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'wait') return waitText(params.wait, locale);
    return name in params ? String(params[name]) : whole;
  });
}

/** A wait in words: seconds under two minutes, else whole minutes (rounded up), else "later". */
export function waitText(seconds: string | number | undefined, locale: Locale): string {
  const s = Math.ceil(Number(seconds));
  const zh = locale === 'zh-CN';
  if (seconds === undefined || !Number.isFinite(s) || s <= 0) return zh ? '稍后' : 'later';
  if (s < 120) return zh ? `${s} 秒后` : `in ${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return zh ? `${minutes} 分钟后` : `in ${minutes} minutes`;
}

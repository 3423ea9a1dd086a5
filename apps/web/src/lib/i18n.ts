import { DEFAULT_LOCALE, LOCALES, type Locale } from '@switchboard/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Where the chosen language is remembered. Not part of the session: it survives logout. */
export const LOCALE_STORAGE_KEY = 'switchboard.locale';

export const NAMESPACES = [
  'common',
  'auth',
  'account',
  'home',
  'notices',
  'contact',
  'legal',
  'register',
  'menu',
  'layout',
  'system',
  'branding',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

/** Names of the languages, each written in its own language (shown in the switch). */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** `{ 'en-US': { common: {...}, auth: {...} }, 'zh-CN': {...} }` from src/locales/<lang>/<ns>.json. */
export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match;
    if (!lang || !ns) continue;
    resources[lang] ??= {};
    resources[lang][ns] = content;
  }
  return resources;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function applyLocaleSideEffects(locale: Locale) {
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const initialLocale = storedLocale();
applyLocaleSideEffects(initialLocale);

void i18n.use(initReactI18next).init({
  resources: localeResources(),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The language in use now (what requests send in X-Locale). */
export function currentLocale(): Locale {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Switches app messages, dayjs and (through the providers) antd together, and remembers it. */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies to this page.
  }
  applyLocaleSideEffects(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@switchboard/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { LocaleBundle } from '@/locales/bundle';

/** Where the chosen language is remembered. Not part of the session: it survives logout. */
export const LOCALE_STORAGE_KEY = 'switchboard.locale';

export const NAMESPACES = [
  'common',
  'auth',
  'account',
  'home',
  'notices',
  'contact',
  'ledger',
  'legal',
  'register',
  'menu',
  'layout',
  'system',
  'branding',
  'apiDocs',
  'billing',
  'apiAccess',
  'rates',
  'agent',
  'smsTemplate',
  'sms',
  'routing',
  'gateway',
  'smppAccount',
  'smsStats',
  'smsTest',
  'monitor',
  'dict',
  'country',
  'menuAdmin',
  'jobs',
  'role',
  'callTask',
  'trunk',
  'caller',
  'ivr',
  'voiceTools',
  'callCentre',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Names of the languages, each written in its own language (shown in the switch). */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export type { LocaleBundle };

const BUNDLES: Record<Locale, () => Promise<{ default: LocaleBundle }>> = {
  'en-US': () => import('@/locales/en-US'),
  'zh-CN': () => import('@/locales/zh-CN'),
};

const loaded = new Map<Locale, LocaleBundle>();
const loading = new Map<Locale, Promise<void>>();

/** Loads a language's bundle once and hands its texts to i18next. */
export function loadLocale(locale: Locale): Promise<void> {
  const pending =
    loading.get(locale) ??
    BUNDLES[locale]().then(({ default: bundle }) => {
      for (const [path, content] of Object.entries(bundle.messages)) {
        const ns = /([^/]+)\.json$/.exec(path)?.[1];
        if (ns) i18n.addResourceBundle(locale, ns, content, true, true);
      }
      loaded.set(locale, bundle);
    });
  loading.set(locale, pending);
  // A failed load (network) may be tried again by the next switch.
  pending.catch(() => loading.delete(locale));
  return pending;
}

/** The antd locale of a loaded language (undefined until its bundle has arrived). */
export function antdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale)?.antd;
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
  dayjs.locale(loaded.get(locale)?.dayjs ?? 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const initialLocale = storedLocale();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Resolves when the stored language's texts are in (render after it). English, the fallback,
 * follows in the background when another language is in use.
 */
export const i18nReady: Promise<void> = loadLocale(initialLocale).then(async () => {
  applyLocaleSideEffects(initialLocale);
  // Resolves the language again now that it has texts.
  await i18n.changeLanguage(initialLocale);
  if (initialLocale !== DEFAULT_LOCALE) void loadLocale(DEFAULT_LOCALE).catch(() => {});
});

/** The language in use now (what requests send in X-Locale). */
export function currentLocale(): Locale {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The current language, for components: they render again when it changes. */
export function useLocale(): Locale {
  useTranslation();
  return currentLocale();
}

/** Switches app messages, dayjs and (through the providers) antd together, and remembers it. */
export async function changeLocale(locale: Locale): Promise<void> {
  // Texts first: a language whose texts cannot be loaded is neither applied nor remembered.
  await loadLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies to this page.
  }
  applyLocaleSideEffects(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };

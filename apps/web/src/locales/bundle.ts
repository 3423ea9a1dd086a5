import type { Locale as AntdLocale } from 'antd/es/locale';

/**
 * One language's texts (src/locales/<lang>/<ns>.json by path), antd locale and dayjs locale name.
 * Each language is its own chunk, loaded when it is first used (lib/i18n.ts): the login page
 * carries neither.
 */
export interface LocaleBundle {
  messages: Record<string, Record<string, unknown>>;
  antd: AntdLocale;
  dayjs: string;
}

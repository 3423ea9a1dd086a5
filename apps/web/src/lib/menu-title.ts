import { useTranslation } from 'react-i18next';

/**
 * A menu title through i18n: its key (`menu.home`, looked up in the `menu` namespace) where it
 * has one, else `fallback` (the server's title, or a key with no text yet).
 */
export function useMenuTitleKey(): (titleKey: string | null | undefined, fallback: string) => string {
  const { t } = useTranslation('menu');
  return (titleKey, fallback) => {
    const key = titleKey?.replace(/^menu\./, '');
    // Keys come from the server: look them up loosely, falling back to the server's title.
    return key ? String(t(key as 'home', { defaultValue: fallback })) : fallback;
  };
}

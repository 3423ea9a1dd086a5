import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { LOCALES } from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';
import { changeLocale, LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { MenuButton } from './MenuButton';
import { SvgIcon } from './SvgIcon';

/** English / 简体中文: switches messages, antd and dayjs together and remembers the choice. */
export function LanguageSwitch({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <MenuButton
      label={LOCALE_NAMES[current]}
      icon={<SvgIcon icon={GlobalOutlined} />}
      ariaLabel={t('language')}
      testId="language-switch"
      theme={theme}
    >
      {(close) =>
        LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            role="menuitemradio"
            aria-checked={locale === current}
            className="sb-menu-item"
            data-testid={`language-${locale}`}
            lang={locale}
            onClick={() => {
              close();
              changeLocale(locale).catch(() => notify.error(t('errors.languageFailed')));
            }}
          >
            {LOCALE_NAMES[locale]}
          </button>
        ))
      }
    </MenuButton>
  );
}

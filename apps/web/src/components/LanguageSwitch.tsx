import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@switchboard/contracts';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale, LOCALE_NAMES } from '@/lib/i18n';

/** English / 简体中文: switches messages, antd and dayjs together and remembers the choice. */
export function LanguageSwitch({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const current: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en-US';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LOCALES.map((locale) => ({
          key: locale,
          label: <span data-testid={`language-${locale}`}>{LOCALE_NAMES[locale]}</span>,
        })),
        onClick: ({ key }) => {
          if (!isLocale(key)) return;
          changeLocale(key).catch(() => {
            void message.error(t('errors.languageFailed'));
          });
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language')}
        data-testid="language-switch"
        style={theme === 'dark' ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {LOCALE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}

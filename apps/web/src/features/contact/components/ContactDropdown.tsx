import { CopyOutlined, CustomerServiceOutlined, LoadingOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/features/branding';
import { useContactInfo } from '../api/get-contact-info';
import { useCopy } from '../use-copy';

/**
 * "Contact us": the customer group link and each support account; choosing an account copies it
 * and says so. Shown only on the main brand's domain (for the sign-in layout and the header).
 */
export function ContactDropdown({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  const { t } = useTranslation('contact');
  const brand = useBrand();
  const info = useContactInfo();
  const copy = useCopy();
  // Not before the brand is known: a partner domain never shows it, not even for a moment.
  if (!brand?.isMainBrand) return null;
  const contacts = info.data?.contacts ?? [];
  const groupLink = info.data?.groupLink;
  const items: NonNullable<MenuProps['items']> = [
    ...(groupLink
      ? [
          {
            key: 'group',
            icon: <TeamOutlined />,
            label: (
              <a href={groupLink} target="_blank" rel="noopener noreferrer" data-testid="contact-group-link">
                {t('group')}
              </a>
            ),
          },
          ...(contacts.length > 0 ? [{ type: 'divider' as const }] : []),
        ]
      : []),
    ...contacts.map((c) => ({
      key: `contact:${c.telegram}`,
      label: (
        <span data-testid="support-contact">
          {c.name}: {c.telegram}
        </span>
      ),
      extra: (
        <Tooltip title={t('copy')}>
          <CopyOutlined aria-label={t('copyAccount', { value: c.telegram })} role="button" />
        </Tooltip>
      ),
      onClick: () => void copy(c.telegram),
    })),
  ];
  // "None yet" only once the answer says so: loading and failure say what they are.
  if (items.length === 0) {
    if (info.isPending)
      items.push({
        key: 'loading',
        icon: <LoadingOutlined />,
        label: <span data-testid="contact-loading">{t('loading')}</span>,
        disabled: true,
      });
    else if (info.isError) items.push({ key: 'failed', label: t('loadFailed'), disabled: true });
    else items.push({ key: 'none', label: t('none'), disabled: true });
  }
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button
        type="text"
        icon={<CustomerServiceOutlined />}
        data-testid="contact-us"
        style={theme === 'dark' ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {t('title')}
      </Button>
    </Dropdown>
  );
}

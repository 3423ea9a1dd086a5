import { CopyOutlined, CustomerServiceOutlined, TeamOutlined } from '@ant-design/icons';
import type { ContactInfo } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/features/branding';
import { apiClient } from '@/lib/api-client';

export function getContactInfo(signal?: AbortSignal): Promise<ContactInfo> {
  return apiClient.get<ContactInfo>('/outApi/contactInfo', undefined, signal);
}

export function useContactInfo() {
  return useQuery({
    queryKey: ['contactInfo'],
    meta: { errorDisplay: 'inline' },
    queryFn: ({ signal }) => getContactInfo(signal),
    staleTime: 5 * 60_000,
  });
}

/** Copies a support account to the clipboard and confirms it. */
export function useCopy() {
  const { message } = App.useApp();
  const { t } = useTranslation('contact');
  return async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      message.success(t('copied', { value }));
    } catch {
      message.error(t('copyFailed'));
    }
  };
}

/** "Contact us": the group link and each support account with copy; only on the main brand's domain. */
export function ContactDropdown({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  const { t } = useTranslation('contact');
  const brand = useBrand();
  const info = useContactInfo();
  const copy = useCopy();
  if (!brand.isMainBrand) return null;
  const contacts = info.data?.contacts ?? [];
  const items: MenuProps['items'] = [
    ...(info.data?.groupLink
      ? [
          {
            key: 'group',
            icon: <TeamOutlined />,
            label: (
              <a href={info.data.groupLink} target="_blank" rel="noopener noreferrer">
                {t('group')}
              </a>
            ),
          },
        ]
      : []),
    ...contacts.map((c) => ({
      key: c.telegram,
      label: (
        <span data-testid="support-contact">
          {c.name}: {c.telegram}
        </span>
      ),
      extra: <CopyOutlined aria-label={t('copy')} />,
      onClick: () => void copy(c.telegram),
    })),
  ];
  if (items.length === 0) items.push({ key: 'none', label: t('none'), disabled: true });
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

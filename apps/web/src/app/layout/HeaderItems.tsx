import { ExperimentOutlined, SettingOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { NoticeBell } from '@/features/announcement';
import { useBrand } from '@/features/brand';
import { ContactDropdown } from '@/features/contact';
import { useSession } from '@/lib/session';
import { useMediaQuery } from '@/lib/use-media-query';
import { type HeaderItemRules, headerItemPresence, inUserMenu } from './header-items';
import { RECHARGE_PATH, UserMenu } from './UserMenu';

type Tone = 'light' | 'dark';

interface HeaderItem extends HeaderItemRules {
  /**
   * `hidden`: a `keepMounted` item whose rules hide it renders nothing visible. `inUserMenu`: the
   * keys of the items the user menu offers instead (narrow screens).
   */
  render: (
    tone: Tone,
    actions: { openSettings: () => void; hidden: boolean; inUserMenu: ReadonlySet<string> },
  ) => ReactNode;
}

const textColor = (tone: Tone) => (tone === 'dark' ? { color: 'rgba(255,255,255,0.85)' } : undefined);

function HeaderLink({
  to,
  icon,
  label,
  tone,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  tone: Tone;
  testId: string;
}) {
  return (
    <Link to={to} data-testid={testId}>
      <Button type="text" icon={icon} style={textColor(tone)} tabIndex={-1}>
        {label}
      </Button>
    </Link>
  );
}

function TestToolLink({ tone }: { tone: Tone }) {
  const { t } = useTranslation('layout');
  return (
    <HeaderLink
      to="/TestToolRecord"
      icon={<ExperimentOutlined />}
      label={t('header.testTool')}
      tone={tone}
      testId="header-test-tool"
    />
  );
}

function RechargeLink({ tone }: { tone: Tone }) {
  const { t } = useTranslation('layout');
  return (
    <HeaderLink
      to={RECHARGE_PATH}
      icon={<WalletOutlined />}
      label={t('header.recharge')}
      tone={tone}
      testId="header-recharge"
    />
  );
}

function SettingsButton({ tone, onOpen }: { tone: Tone; onOpen: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Button
      type="text"
      icon={<SettingOutlined />}
      onClick={onOpen}
      aria-label={t('header.settings')}
      style={textColor(tone)}
      data-testid="settings-button"
    />
  );
}

/**
 * The header's items, in order. The notification bell slot is `bell`; further items (e.g. a help
 * menu) are one more entry here with their rules.
 */
export const HEADER_ITEMS: HeaderItem[] = [
  // Below 400 px and for a flagged user the bell's icon goes, but it stays mounted: its socket
  // still reloads the notices and pops up announcements of open type 1 and 2.
  {
    key: 'bell',
    hideBelow400: true,
    userMenuWhenNarrow: true,
    hiddenForFlaggedUser: true,
    keepMounted: true,
    render: (tone, { hidden }) => <NoticeBell theme={tone} iconHidden={hidden} />,
  },
  {
    key: 'testTool',
    hideBelow400: true,
    adminOnly: true,
    hiddenForFlaggedUser: true,
    render: (tone) => <TestToolLink tone={tone} />,
  },
  {
    key: 'recharge',
    hideBelow400: true,
    userMenuWhenNarrow: true,
    hiddenForFlaggedUser: true,
    hiddenOnBrandFlag: 'hideRecharge',
    render: (tone) => <RechargeLink tone={tone} />,
  },
  {
    key: 'contact',
    hideBelow400: true,
    userMenuWhenNarrow: true,
    hiddenForFlaggedUser: true,
    brandSpecific: true,
    render: (tone) => <ContactDropdown theme={tone} />,
  },
  {
    key: 'language',
    hideBelow400: true,
    hiddenForFlaggedUser: true,
    hiddenOnBrandFlag: 'hideLanguage',
    userMenuWhenNarrow: true,
    render: (tone) => <LanguageSwitch theme={tone} />,
  },
  {
    key: 'settings',
    render: (tone, { openSettings }) => <SettingsButton tone={tone} onOpen={openSettings} />,
  },
  {
    key: 'user',
    render: (tone, { inUserMenu }) => <UserMenu tone={tone} moved={inUserMenu} />,
  },
];

/** Below 400 px most header items are hidden (spec section 9). */
const NARROW_HEADER = '(max-width: 399.98px)';

export function HeaderItems({ tone, openSettings }: { tone: Tone; openSettings: () => void }) {
  const session = useSession();
  const brand = useBrand();
  const narrow = useMediaQuery(NARROW_HEADER);
  const ctx = {
    narrow,
    isAdmin: session?.userInfo.isAdmin ?? false,
    flaggedUser: session?.userInfo.hideHeaderItems ?? false,
    brand,
  };
  const movedToUserMenu = new Set(HEADER_ITEMS.filter((item) => inUserMenu(item, ctx)).map((i) => i.key));
  return (
    <Flex align="center" gap={4} data-testid="header-items">
      {HEADER_ITEMS.map((item) => ({ item, presence: headerItemPresence(item, ctx) }))
        .filter(({ presence }) => presence !== 'absent')
        .map(({ item, presence }) => (
          <span key={item.key} data-testid={`header-item-${item.key}`}>
            {item.render(tone, {
              openSettings,
              hidden: presence === 'mountedHidden',
              inUserMenu: movedToUserMenu,
            })}
          </span>
        ))}
    </Flex>
  );
}

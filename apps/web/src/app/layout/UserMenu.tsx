import {
  ApartmentOutlined,
  BellOutlined,
  CheckOutlined,
  CustomerServiceOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale } from '@switchboard/contracts';
import { App, Avatar, Badge, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALL_NOTICES_PATH, useUnreadNotices } from '@/features/announcement';
import { useSignOut } from '@/features/auth';
import { useBrand } from '@/features/brand';
import { ChangePasswordModal, PROFILE_PATH, useCurrentUserDeparts } from '@/features/user';
import { changeLocale, isLocale, LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type Session, useSession } from '@/lib/session';
import { useDepartmentDialog } from './department-dialog';

const LOCALE_KEY = 'locale:';

/** Where the header items the user menu takes over on a phone lead. */
export const RECHARGE_PATH = '/SysCustomerPay';
export const CONTACT_US_PATH = '/contactUs';

/** "Notifications" with the unread count (asked only once the menu shows it). */
function NoticesLabel() {
  const { t } = useTranslation('notices');
  const notices = useUnreadNotices();
  const unread = (notices.data?.anntMsgTotal ?? 0) + (notices.data?.sysMsgTotal ?? 0);
  return (
    <span data-testid="user-menu-notices">
      {t('bell')} <Badge count={unread} size="small" data-testid="user-menu-notices-count" />
    </span>
  );
}

/**
 * The user's dropdown: my account, change password, switch department (only with several
 * departments); where the header has no room for them (`moved`, below 400 px) Recharge, the
 * notifications, Contact us and the language; log out (confirmed).
 */
export function UserMenu({
  tone,
  moved = new Set(),
}: {
  tone: 'light' | 'dark';
  moved?: ReadonlySet<string>;
}) {
  const session = useSession();
  if (!session) return null;
  return <SignedInUserMenu tone={tone} session={session} moved={moved} />;
}

function SignedInUserMenu({
  tone,
  session,
  moved,
}: {
  tone: 'light' | 'dark';
  session: Session;
  moved: ReadonlySet<string>;
}) {
  const { t } = useTranslation(['layout', 'common', 'contact']);
  const brand = useBrand();
  const withLanguage = moved.has('language');
  // Contact us is the main brand's only (as its header menu).
  const withContact = moved.has('contact') && brand?.isMainBrand === true;
  const headerItems: NonNullable<MenuProps['items']> = [
    ...(moved.has('recharge')
      ? [
          {
            key: 'recharge',
            icon: <WalletOutlined />,
            label: <span data-testid="user-menu-recharge">{t('header.recharge')}</span>,
          },
        ]
      : []),
    ...(moved.has('bell') ? [{ key: 'notices', icon: <BellOutlined />, label: <NoticesLabel /> }] : []),
    ...(withContact
      ? [
          {
            key: 'contact',
            icon: <CustomerServiceOutlined />,
            label: <span data-testid="user-menu-contact">{t('contact:title')}</span>,
          },
        ]
      : []),
  ];
  const { modal } = App.useApp();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const locale = useLocale();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const departmentDialog = useDepartmentDialog();
  // The department dialog asks for the same list: one request for both.
  const departs = useCurrentUserDeparts(session.username);
  const severalDepartments = (departs.data?.list.length ?? 0) > 1;

  const confirmLogout = () => {
    modal.confirm({
      title: t('common:logout.title'),
      content: t('common:logout.content'),
      okText: t('common:actions.logout'),
      cancelText: t('common:actions.cancel'),
      onOk: signOut,
    });
  };

  const switchTo = (next: Locale) => {
    changeLocale(next).catch(() => notify.error(t('common:errors.languageFailed')));
  };

  const items: NonNullable<MenuProps['items']> = [
    {
      key: 'profile',
      icon: <IdcardOutlined />,
      label: <span data-testid="menu-profile">{t('userMenu.profile')}</span>,
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-change-password">{t('userMenu.changePassword')}</span>,
    },
    ...(severalDepartments
      ? [
          {
            key: 'department',
            icon: <ApartmentOutlined />,
            label: <span data-testid="switch-department">{t('userMenu.switchDepartment')}</span>,
          },
        ]
      : []),
    ...(headerItems.length > 0 ? [{ type: 'divider' as const }, ...headerItems] : []),
    ...(withLanguage
      ? [
          { type: 'divider' as const },
          {
            type: 'group' as const,
            key: 'language',
            label: t('common:language'),
            children: LOCALES.map((option) => ({
              key: `${LOCALE_KEY}${option}`,
              // The current language is ticked; the others keep its room so the names line up.
              icon: <CheckOutlined style={{ visibility: option === locale ? 'visible' : 'hidden' }} />,
              label: (
                <span
                  lang={option}
                  data-testid={`user-menu-language-${option}`}
                  aria-current={option === locale}
                >
                  {LOCALE_NAMES[option]}
                </span>
              ),
            })),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout-button">{t('common:actions.logout')}</span>,
    },
  ];

  return (
    <>
      {/* Its trigger is at the window's right edge: the menu lines up with the trigger's right side
          rather than overflowing and being pushed back in. */}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'profile') void navigate(PROFILE_PATH);
            if (key === 'password') setPasswordOpen(true);
            if (key === 'department') departmentDialog.open();
            if (key === 'recharge') void navigate(RECHARGE_PATH);
            if (key === 'notices') void navigate(ALL_NOTICES_PATH);
            if (key === 'contact') void navigate(CONTACT_US_PATH);
            if (key === 'logout') confirmLogout();
            const chosen = key.startsWith(LOCALE_KEY) ? key.slice(LOCALE_KEY.length) : null;
            if (isLocale(chosen) && chosen !== locale) switchTo(chosen);
          },
        }}
      >
        <Button
          type="text"
          data-testid="user-menu"
          style={tone === 'dark' ? { color: 'rgba(255,255,255,0.85)' } : undefined}
        >
          <Avatar size="small" src={session.userInfo.avatar ?? undefined} icon={<UserOutlined />} />
          <span data-testid="header-user" className="header-user-name">
            {session.userInfo.realname || session.userInfo.username}
          </span>
        </Button>
      </Dropdown>
      <ChangePasswordModal
        open={passwordOpen}
        username={session.userInfo.username}
        onClose={() => setPasswordOpen(false)}
      />
    </>
  );
}

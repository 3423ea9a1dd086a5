import { ApartmentOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from '@/features/account';
import { useSignOut } from '@/features/auth';
import { useSession } from '@/lib/session';
import { useDepartmentDialog } from './department-dialog';

/** The user's dropdown: change password, switch department, log out (with confirmation). */
export function UserMenu({ tone }: { tone: 'light' | 'dark' }) {
  const { t } = useTranslation(['layout', 'common']);
  const session = useSession();
  const { modal } = App.useApp();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const departmentDialog = useDepartmentDialog();
  if (!session) return null;

  const confirmLogout = () => {
    modal.confirm({
      title: t('common:logout.title'),
      content: t('common:logout.content'),
      okText: t('common:actions.logout'),
      cancelText: t('common:actions.cancel'),
      onOk: signOut,
    });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'password',
              icon: <KeyOutlined />,
              label: <span data-testid="menu-change-password">{t('userMenu.changePassword')}</span>,
            },
            {
              key: 'department',
              icon: <ApartmentOutlined />,
              label: <span data-testid="switch-department">{t('userMenu.switchDepartment')}</span>,
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="logout-button">{t('common:actions.logout')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setPasswordOpen(true);
            if (key === 'department') departmentDialog.open();
            if (key === 'logout') confirmLogout();
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

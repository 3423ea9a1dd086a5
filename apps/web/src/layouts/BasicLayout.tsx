import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Layout, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { SideMenu } from '@/app/menu/SideMenu';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { DepartmentGate } from '@/features/account';
import { useSignOut } from '@/features/auth';
import { BrandLogo, useBrand } from '@/features/branding';
import { ContactDropdown } from '@/features/contact';
import { NoticeBell } from '@/features/notices';
import { useSession } from '@/lib/session';
import { useMediaQuery } from '@/lib/use-media-query';

/** The sidebar is closed below 1088 px (spec section 9). */
const SIDER_CLOSED_BELOW = '(max-width: 1087.98px)';

/**
 * The signed-in frame: header with brand, language switch, user and logout. Side menu and tabs
 * come with the full shell.
 */
export default function BasicLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { modal } = App.useApp();
  const signOut = useSignOut();
  const brand = useBrand();
  const narrow = useMediaQuery(SIDER_CLOSED_BELOW);
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => setCollapsed(narrow), [narrow]);

  const confirmLogout = () => {
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      okText: t('actions.logout'),
      cancelText: t('actions.cancel'),
      onOk: signOut,
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={180}
        collapsedWidth={80}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        data-testid="sider"
      >
        <SideMenu theme="dark" collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            paddingInline: 24,
          }}
        >
          <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <BrandLogo size={28} />
            <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
              {brand.brandName}
            </Typography.Text>
          </Link>
          <Flex align="center" gap={8}>
            <NoticeBell />
            <ContactDropdown theme="dark" />
            {brand.hideLanguage ? null : <LanguageSwitch theme="dark" />}
            {session ? (
              <Space size={8} style={{ color: 'rgba(255,255,255,0.85)' }} data-testid="header-user">
                <Avatar size="small" src={session.userInfo.avatar ?? undefined} icon={<UserOutlined />} />
                <span>{session.userInfo.realname || session.userInfo.username}</span>
              </Space>
            ) : null}
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={confirmLogout}
              data-testid="logout-button"
              style={{ color: 'rgba(255,255,255,0.85)' }}
            >
              {t('actions.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
        {session ? <DepartmentGate session={session} /> : null}
      </Layout>
    </Layout>
  );
}

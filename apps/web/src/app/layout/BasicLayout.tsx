import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Typography } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useDepartmentDialog } from '@/app/layout/department-dialog';
import { HeaderItems } from '@/app/layout/HeaderItems';
import { SettingsDrawer } from '@/app/layout/SettingsDrawer';
import { MenuSearch } from '@/app/menu/MenuSearch';
import type { ScreensContext } from '@/app/menu/Screens';
import { SideMenu } from '@/app/menu/SideMenu';
import { BrandLogo, useBrand, useBrandTitle } from '@/features/brand';
import { DepartmentGate } from '@/features/user';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';

/** Breakpoints of spec section 9: sidebar closed below 1088 px, mobile layout below 768 px. */
const SIDER_CLOSED_BELOW = '(max-width: 1087.98px)';
const SIDER_WIDTH = 180;
const SIDER_COLLAPSED_WIDTH = 80;
const HEADER_HEIGHT = 64;

/** Hides the header while scrolling down, shows it again when scrolling up. */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > HEADER_HEIGHT && y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

function Brand({ light, showName }: { light: boolean; showName: boolean }) {
  const brand = useBrand();
  return (
    <Link
      to="/"
      style={{ display: 'flex', alignItems: 'center', gap: 10, height: HEADER_HEIGHT, overflow: 'hidden' }}
      data-testid="console-brand"
    >
      <BrandLogo size={28} />
      {showName ? (
        <Typography.Text strong ellipsis style={{ color: light ? undefined : '#fff', fontSize: 17 }}>
          {brand?.brandName}
        </Typography.Text>
      ) : null}
    </Link>
  );
}

/**
 * The signed-in frame: side or top menu, header items, breadcrumb, settings drawer, optional
 * multi-page tabs, department dialog.
 */
export default function BasicLayout() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const settings = useSettings();
  useBrandTitle();
  const narrow = useMediaQuery(SIDER_CLOSED_BELOW);
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => setCollapsed(narrow), [narrow]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const departmentDialog = useDepartmentDialog();
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);

  const topmenu = settings.layout === 'topmenu' && !mobile;
  const sidemenu = !topmenu && !mobile;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const siderFixed = sidemenu && settings.fixSiderbar;
  const dark = settings.navTheme === 'dark';
  // The header carries the menu's colours in top-menu mode, and stays light beside a side menu.
  const headerDark = topmenu && dark;
  const tabs = settings.multipage && !mobile;

  const headerStyle: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    paddingInline: 16,
    height: HEADER_HEIGHT,
    background: headerDark ? '#001529' : '#fff',
    boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
    zIndex: 10,
    width: '100%',
    transition: 'transform 0.2s',
    ...(settings.fixedHeader ? { position: 'sticky', top: 0 } : {}),
    ...(headerHidden ? { transform: `translateY(-${HEADER_HEIGHT}px)` } : {}),
  };
  const contentStyle: CSSProperties = {
    padding: 24,
    width: '100%',
    ...(topmenu && settings.contentWidth === 'Fixed' ? { maxWidth: 1200, marginInline: 'auto' } : {}),
  };

  return (
    <Layout
      style={{ minHeight: '100vh' }}
      data-testid="basic-layout"
      data-layout={topmenu ? 'topmenu' : mobile ? 'mobile' : 'sidemenu'}
    >
      {sidemenu ? (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme={settings.navTheme}
          data-testid="sider"
          data-fixed={siderFixed}
          style={
            siderFixed
              ? { position: 'fixed', insetInlineStart: 0, top: 0, bottom: 0, overflow: 'auto', zIndex: 11 }
              : undefined
          }
        >
          <div style={{ paddingInline: collapsed ? 26 : 16 }}>
            <Brand light={!dark} showName={!collapsed} />
          </div>
          <SideMenu theme={settings.navTheme} collapsed={collapsed} />
        </Layout.Sider>
      ) : null}
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
          data-testid="mobile-menu"
        >
          <div style={{ paddingInline: 16 }}>
            <Brand light={!dark} showName />
          </div>
          <SideMenu theme={settings.navTheme} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
      <Layout style={siderFixed ? { marginInlineStart: siderWidth, transition: 'margin 0.2s' } : undefined}>
        <Layout.Header style={headerStyle} data-testid="header">
          {mobile ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('header.openMenu')}
              onClick={() => setDrawerOpen(true)}
              data-testid="mobile-menu-button"
            />
          ) : null}
          {sidemenu ? (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('header.expand') : t('header.collapse')}
              onClick={() => setCollapsed((c) => !c)}
              data-testid="sider-toggle"
            />
          ) : null}
          {topmenu ? (
            <>
              <Brand light={!headerDark} showName />
              <SideMenu theme={settings.navTheme} mode="horizontal" />
            </>
          ) : (
            <div style={{ flex: 1 }} />
          )}
          {mobile ? null : <MenuSearch />}
          <HeaderItems tone={headerDark ? 'dark' : 'light'} openSettings={() => setSettingsOpen(true)} />
        </Layout.Header>
        <Layout.Content style={contentStyle} data-testid="content">
          <Outlet context={{ tabs } satisfies ScreensContext} />
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {session ? (
        <DepartmentGate
          session={session}
          reopened={departmentDialog.isOpen}
          onClose={departmentDialog.close}
        />
      ) : null}
    </Layout>
  );
}

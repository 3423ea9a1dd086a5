import { App, Menu, Tabs } from 'antd';
import { Activity, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { isSameTabState } from '@/components/table-url-state';
import { PROFILE_PATH, useHomePath } from '@/features/user';
import { findAllowed, findByPath } from '@/lib/menu-tree';
import { usePermissions } from '@/lib/permissions-context';
import { Breadcrumbs } from '../menu/Breadcrumbs';
import MenuScreen, { HOME_REDIRECTS } from '../menu/MenuScreen';
import { redirectOnly } from '../menu/menu-tree';
import { useMenuTitle, useUserMenu } from '../menu/use-menu';
import {
  type BulkClose,
  closeMany,
  closeTab,
  type PageTab,
  refreshTab,
  rehomeTabs,
  type TabsState,
  tabFor,
  visitTab,
} from './tab-model';

/** One tab's page, rendered for the tab's own location (so hidden tabs keep theirs). */
function TabPage({ tab }: { tab: PageTab }) {
  return (
    <Routes
      location={{ pathname: tab.pathname, search: tab.search, hash: '', state: null, key: tab.fullPath }}
    >
      <Route
        path="*"
        element={
          <>
            <Breadcrumbs />
            <MenuScreen />
          </>
        }
      />
    </Routes>
  );
}

/** Space kept between the tab context menu and the window's edges. */
const VIEWPORT_MARGIN = 8;

/** The tab context menu: a plain menu, kept inside the window, that closes on any press outside it or Escape. */
function TabContextMenu({
  x,
  y,
  onClose,
  onAction,
}: {
  x: number;
  y: number;
  onClose: () => void;
  onAction: (action: string) => void;
}) {
  const { t } = useTranslation('layout');
  const box = useRef<HTMLDivElement>(null);
  // Opened at the click point, then moved inside the window before it paints: a tab near the
  // right (or bottom) edge would otherwise put part of the menu off-screen.
  const [position, setPosition] = useState({ left: x, top: y });
  useLayoutEffect(() => {
    const rect = box.current?.getBoundingClientRect();
    const width = rect?.width ?? 0;
    const height = rect?.height ?? 0;
    const root = document.documentElement;
    setPosition({
      left: Math.max(VIEWPORT_MARGIN, Math.min(x, root.clientWidth - width - VIEWPORT_MARGIN)),
      top: Math.max(VIEWPORT_MARGIN, Math.min(y, root.clientHeight - height - VIEWPORT_MARGIN)),
    });
  }, [x, y]);
  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('mousedown', onPointer);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onPointer);
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div
      ref={box}
      data-testid="tab-context-menu"
      style={{
        position: 'fixed',
        // Its own width, not what is left right of the click (which would squeeze it at the edge).
        width: 'max-content',
        left: position.left,
        top: position.top,
        zIndex: 1050,
        background: '#fff',
        borderRadius: 8,
        boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
        padding: 4,
      }}
    >
      <Menu
        selectable={false}
        style={{ border: 'none' }}
        items={[
          { key: 'refresh', label: <span data-testid="tab-refresh">{t('tabs.refresh')}</span> },
          { key: 'others', label: <span data-testid="tab-close-others">{t('tabs.closeOthers')}</span> },
          { key: 'left', label: <span data-testid="tab-close-left">{t('tabs.closeLeft')}</span> },
          { key: 'right', label: <span data-testid="tab-close-right">{t('tabs.closeRight')}</span> },
          { key: 'all', label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
        ]}
        onClick={({ key }) => {
          onAction(key);
          onClose();
        }}
      />
    </div>
  );
}

/**
 * Multi-page tabs: one tab per full path; a page stays alive (state, scroll) while its tab is
 * open (React `<Activity>`); closing a tab frees its page; refresh remounts one page.
 */
export function MultiTabs() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const homePath = useHomePath();
  const home = homePath.path;
  const title = useMenuTitle();
  const { permitted } = useUserMenu();
  const permissions = usePermissions();
  const [state, setState] = useState<TabsState>({ tabs: [], active: '' });
  const [contextMenu, setContextMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  const fullPath = `${location.pathname}${location.search}`;
  const menuItem = findAllowed(permissions, location.pathname);
  const redirecting =
    HOME_REDIRECTS.has(location.pathname) || (menuItem ? redirectOnly(menuItem) !== null : false);

  const navigationType = useNavigationType();
  // Each navigation opens or activates its tab during render (not in an effect), so no frame
  // shows the page without its tab. A table's own query change, or back/forward, stays in the
  // active tab when it is the same page. Nothing opens before the home path is known (an agent's
  // department makes it /AgentHome), else a wrong home tab would stay behind; when a department
  // switch changes the home, the old home tab gives way to the new one.
  // `moveTo`: the address moves to the returned active tab (the plain path of a screen whose tab
  // is open re-activated that tab with its query; or the old home gave way to the new one).
  const [visited, setVisited] = useState<{ key: string; home: string; moveTo: string | null } | null>(null);
  const settled = !redirecting && !homePath.pending;
  if (settled && (visited?.key !== location.key || visited.home !== home)) {
    const sameTab = navigationType === 'POP' || isSameTabState(location.state);
    const rehomed = visited && visited.home !== home ? rehomeTabs(state, visited.home, home) : state;
    // Still on the old home after the switch: the new home shows instead (no tab for the old one).
    const stayedOnOldHome = visited?.key === location.key && fullPath === visited.home;
    const next = stayedOnOldHome
      ? rehomed
      : visitTab(rehomed, tabFor(location.pathname, location.search), home, { sameTab });
    setVisited({ key: location.key, home, moveTo: next.active !== fullPath ? next.active : null });
    setState(next);
  }
  const moveTo = visited?.moveTo ?? null;
  // The active tab shows (it is the address's, or the one the address is moving to).
  const shown = redirecting ? '' : state.active;
  useEffect(() => {
    if (moveTo) navigate(moveTo, { replace: true });
  }, [moveTo, navigate]);

  // Scroll position per tab: remembered while scrolling, restored when the tab shows again.
  const scrolls = useRef(new Map<string, number>());
  useEffect(() => {
    const onScroll = () => scrolls.current.set(fullPath, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [fullPath]);
  useLayoutEffect(() => {
    window.scrollTo(0, scrolls.current.get(fullPath) ?? 0);
  }, [fullPath]);

  const go = (next: TabsState) => {
    setState(next);
    if (next.active !== fullPath) navigate(next.active);
  };

  const close = (key: string) => {
    const result = closeTab(state, key, home);
    if (result.problem === 'home') void message.warning(t('tabs.homeCannotClose'));
    else if (result.problem === 'last') void message.warning(t('tabs.lastCannotClose'));
    else go(result.state);
  };

  const onMenu = (key: string, action: string) => {
    if (action === 'refresh') setState((s) => refreshTab(s, key));
    else go(closeMany(state, key, action as BulkClose, home));
  };

  const tabTitle = (tab: PageTab) => {
    if (tab.pathname === PROFILE_PATH) return t('userMenu.profile');
    const item = findByPath(permitted, tab.pathname)?.item;
    return item ? title(item) : t('tabs.notFound');
  };

  return (
    <>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={shown}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        data-testid="page-tabs"
        style={{ marginBottom: 16 }}
        items={state.tabs.map((tab) => ({
          key: tab.fullPath,
          label: (
            // biome-ignore lint/a11y/noStaticElementInteractions: the antd tab around it is the control; right click opens its menu
            <span
              data-testid="page-tab"
              data-path={tab.fullPath}
              // Tabs of one screen with different queries share a title: the address tells them apart.
              title={tab.fullPath}
              onContextMenu={(event) => {
                event.preventDefault();
                setContextMenu({ key: tab.fullPath, x: event.clientX, y: event.clientY });
              }}
            >
              {tabTitle(tab)}
            </span>
          ),
        }))}
      />
      {/* Right click on a tab: one menu, placed where the click was (kept inside the window). */}
      {contextMenu ? (
        <TabContextMenu
          x={contextMenu.x}
          y={contextMenu.y}
          onClose={() => setContextMenu(null)}
          onAction={(action) => onMenu(contextMenu.key, action)}
        />
      ) : null}
      {/* `/`, `/dashboard/workplace` and menu groups redirect (no tab of their own). */}
      {redirecting ? <MenuScreen /> : null}
      {homePath.pending && !redirecting && state.tabs.length === 0 ? <PageLoading /> : null}
      {state.tabs.map((tab) => (
        <Activity key={tab.id} mode={tab.fullPath === shown ? 'visible' : 'hidden'}>
          <TabPage key={tab.version} tab={tab} />
        </Activity>
      ))}
    </>
  );
}

import { App, Menu, Tabs } from 'antd';
import { Activity, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router';
import { isSameTabState } from '@/components/table-url-state';
import { useHomePath } from '../home-path';
import { Breadcrumbs } from '../menu/Breadcrumbs';
import MenuScreen from '../menu/MenuScreen';
import { findByPath } from '../menu/menu-tree';
import { useMenuTitle, useUserMenu } from '../menu/use-menu';
import {
  type BulkClose,
  closeMany,
  closeTab,
  type PageTab,
  refreshTab,
  type TabsState,
  tabFor,
  visitTab,
} from './tab-model';

/** Paths that only redirect (no tab of their own). */
const REDIRECTS = new Set(['/', '/dashboard/workplace']);

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

/** The tab context menu: a plain positioned menu that closes on any press outside it or Escape. */
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
        left: x,
        top: y,
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
  const home = useHomePath().path;
  const title = useMenuTitle();
  const { permitted } = useUserMenu();
  const [state, setState] = useState<TabsState>({ tabs: [], active: '' });
  const [contextMenu, setContextMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  const fullPath = `${location.pathname}${location.search}`;
  const redirecting = REDIRECTS.has(location.pathname);

  const navigationType = useNavigationType();
  // Each navigation opens or activates its tab during render (not in an effect), so no frame
  // shows the page without its tab. A table's own query change, or back/forward, stays in the
  // active tab when it is the same page.
  const visit = redirecting ? null : `${location.key}\n${home}`;
  const [visited, setVisited] = useState<string | null>(null);
  if (visit !== null && visit !== visited) {
    const sameTab = navigationType === 'POP' || isSameTabState(location.state);
    setVisited(visit);
    setState((s) => visitTab(s, tabFor(location.pathname, location.search), home, { sameTab }));
  }

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
    const item = findByPath(permitted, tab.pathname)?.item;
    return item ? title(item) : t('tabs.notFound');
  };

  return (
    <>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={fullPath}
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
      {/* Right click on a tab: one menu, placed where the click was. */}
      {contextMenu ? (
        <TabContextMenu
          x={contextMenu.x}
          y={contextMenu.y}
          onClose={() => setContextMenu(null)}
          onAction={(action) => onMenu(contextMenu.key, action)}
        />
      ) : null}
      {/* `/` and `/dashboard/workplace` redirect to the home page through the router. */}
      {redirecting ? <Outlet /> : null}
      {state.tabs.map((tab) => (
        <Activity key={tab.id} mode={tab.fullPath === fullPath ? 'visible' : 'hidden'}>
          <TabPage key={tab.version} tab={tab} />
        </Activity>
      ))}
    </>
  );
}

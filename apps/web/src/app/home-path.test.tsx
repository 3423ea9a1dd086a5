import type { DepartInfo, MenuItem, UserPermissions } from '@switchboard/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_HOME_PATH, HOME_PATH, homePathFor, useHomePath } from '@/features/user';
import { PermissionsContext } from '@/lib/permissions-context';
import { createQueryClient } from '@/lib/query-client';
import { endSession, getSession, startSession, updateUserInfo } from '@/lib/session';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { menuItem } from '@/test/menu';
import { testUser } from '@/test/users';
import { SideMenu } from './menu/SideMenu';

const home = menuItem(HOME_PATH, 'home/Home', {
  name: 'home',
  meta: { title: 'home', titleKey: 'menu.home' },
});
const agentHome = menuItem(AGENT_HOME_PATH, 'agent/AgentHome', {
  name: 'agentHome',
  hidden: true,
  meta: { title: 'agentHome', titleKey: 'menu.agentHome' },
});
const permissionsWith = (...menu: MenuItem[]): UserPermissions => ({ menu, auth: [], allAuth: [] });
const agents: DepartInfo = {
  agentId: 'agent-1',
  departName: 'Acme Agency',
  departNameZh: null,
  orgCode: 'A05',
};
const staff: DepartInfo = { agentId: null, departName: 'Platform', departNameZh: null, orgCode: 'A01' };

afterEach(() => {
  endSession();
});

describe('homePathFor', () => {
  it('is the agent home in an agent’s department when the user’s menu allows that screen', () => {
    expect(homePathFor(agents, permissionsWith(home, agentHome))).toBe(AGENT_HOME_PATH);
  });

  it('is the home page when the menu does not allow the agent home, or the department is no agent’s', () => {
    expect(homePathFor(agents, permissionsWith(home))).toBe(HOME_PATH);
    // Listed, but refused by its permission list (spec section 6).
    const guarded = menuItem(AGENT_HOME_PATH, 'agent/AgentHome', {
      hidden: true,
      meta: { permissionList: [{ action: 'agent:home', describe: 'Agent home', type: '1', status: '1' }] },
    });
    expect(homePathFor(agents, permissionsWith(home, guarded))).toBe(HOME_PATH);
    expect(homePathFor(staff, permissionsWith(home, agentHome))).toBe(HOME_PATH);
    expect(homePathFor(undefined, permissionsWith(home, agentHome))).toBe(HOME_PATH);
  });
});

describe('homePathFor without the home page in the menu', () => {
  it('is the first screen of the menu (hidden entries, external links and refused entries skipped)', () => {
    const system = menuItem('/system', 'layouts/RouteView', {
      children: [
        menuItem('/system/hidden', 'system/DictList', { hidden: true }),
        menuItem('/system/link', 'system/DictList', { meta: { url: 'https://example.com' } }),
        menuItem('/system/refused', 'system/CountryList', {
          meta: { permissionList: [{ action: 'x:y', describe: 'x', type: '1', status: '1' }] },
        }),
        menuItem('/system/user', 'system/UserList'),
      ],
    });
    expect(homePathFor(staff, permissionsWith(system))).toBe('/system/user');
    expect(homePathFor(agents, permissionsWith(system, agentHome))).toBe(AGENT_HOME_PATH);
    expect(homePathFor(staff, permissionsWith(system, home))).toBe(HOME_PATH);
    // Nothing to land on: the home page (which says it is not there).
    expect(homePathFor(staff, permissionsWith())).toBe(HOME_PATH);
  });
});

describe('the side menu’s Home entry', () => {
  async function clickHome(permissions: UserPermissions) {
    startSession({ token: 't', userInfo: testUser({ orgCode: 'A05' }), needsDepartment: false });
    fakeApi((call) => (call.path === '/sys/sysDepart/getDepartInfo' ? { result: agents } : undefined));
    const user = userEvent.setup();
    const { router, queryClient } = renderWithProviders(
      <PermissionsContext value={permissions}>
        <SideMenu theme="dark" />
      </PermissionsContext>,
      { path: '/start', routes: [{ path: '*', element: null }] },
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(['account', 'departInfo', 'u1', 'A05'])).toEqual(agents),
    );
    await user.click(await screen.findByText('Home'));
    return router.state.location.pathname;
  }

  it('leads to the agent home in an agent’s department when the menu allows it', async () => {
    expect(await clickHome(permissionsWith(home, agentHome))).toBe(AGENT_HOME_PATH);
  });

  it('leads to the home page when the menu does not allow the agent home', async () => {
    expect(await clickHome(permissionsWith(home))).toBe(HOME_PATH);
  });
});

describe('useHomePath', () => {
  it('keeps the last known home while another department’s info loads', async () => {
    startSession({ token: 't', userInfo: testUser({ orgCode: 'A05' }), needsDepartment: false });
    let answerA01: (info: DepartInfo) => void = () => {};
    fakeApi((call) => {
      if (call.path !== '/sys/sysDepart/getDepartInfo') return undefined;
      if (getSession()?.userInfo.orgCode === 'A05') return { result: agents };
      return new Promise((resolve) => {
        answerA01 = (info) => resolve({ result: info });
      });
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <PermissionsContext value={permissionsWith(home, agentHome)}>{children}</PermissionsContext>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useHomePath(), { wrapper });
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.path).toBe(AGENT_HOME_PATH));
    expect(result.current.pending).toBe(false);

    // A department switch: the new department's info is on its way.
    act(() => updateUserInfo({ orgCode: 'A01' }));
    await waitFor(() =>
      expect(queryClient.isFetching({ queryKey: ['account', 'departInfo', 'u1', 'A01'] })).toBe(1),
    );
    // The last known home stands (no flash of the home page); not final, so `/` waits for it.
    expect(result.current).toMatchObject({ path: AGENT_HOME_PATH, pending: true, departInfo: agents });

    act(() => answerA01(staff));
    await waitFor(() => expect(result.current.path).toBe(HOME_PATH));
    expect(result.current).toMatchObject({ pending: false, departInfo: staff });
  });
});

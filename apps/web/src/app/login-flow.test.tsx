import {
  type Brand,
  type LoginResult,
  leadingZeroBits,
  proofOfWorkText,
  type UserPermissions,
} from '@switchboard/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, ws } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api-client';
import { changeLocale } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { endSession } from '@/lib/session';
import { resetSettings, updateSettings } from '@/lib/settings';
import { fakeApi } from '@/test/fake-api';
import { menuItem } from '@/test/menu';
import { server as network } from '@/test/msw';
import { testUser } from '@/test/users';
import { preloadScreen } from './menu/screens';
import { AppProviders } from './providers';
import { routes } from './router';

/** The demo sales user (two departments). */
const SALES = {
  id: 'u-sales',
  username: 'sales',
  realname: 'Sam Sales',
  isAdmin: false,
  roles: ['sales' as const],
};

/**
 * A small stand-in for the API on the fake network: enough of /sys/* for the sign-in journey, and
 * the notices socket the signed-in console opens (accepted, never sending).
 */
function fakeServer(options: { agentDepartment?: string; startOrgCode?: string; homeTitleZh?: string } = {}) {
  let failures = 0;
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const envelope = (result: unknown, status = 200, extra: Record<string, unknown> = {}) =>
    HttpResponse.json(
      { success: status < 400, message: '', code: status, result, timestamp: 1, ...extra },
      { status },
    );
  const loginResult: LoginResult = {
    token: 'token-1',
    userInfo: testUser({ ...SALES, orgCode: null }),
    departs: [],
    multiDepart: true,
  };
  const permissions: UserPermissions = {
    menu: [
      menuItem('/home/Home', 'home/Home', { id: 'm1', name: 'home', meta: { title: 'Home' } }),
      menuItem('/AgentHome', 'agent/AgentHome', {
        id: 'm2',
        name: 'agentHome',
        hidden: true,
        meta: { title: 'Agent home' },
      }),
    ],
    auth: [],
    allAuth: [],
  };
  const departs = [
    { id: 'd2', departName: 'East Sales', departNameZh: null, orgCode: 'A02', parentId: null, agentId: null },
    { id: 'd3', departName: 'West Sales', departNameZh: null, orgCode: 'A03', parentId: null, agentId: null },
  ].map((d) => (d.orgCode === options.agentDepartment ? { ...d, agentId: 'agent-1' } : d));
  let orgCode: string | null = options.startOrgCode ?? null;
  const brand: Brand = {
    brandName: 'Test Console',
    platformLogo: null,
    isMainBrand: true,
    hideRecharge: false,
    hideLanguage: false,
  };

  const handler = async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body, headers: request.headers });
    // The sign-in page and the header wait for the visiting domain's brand.
    if (path === '/sys/customerBrand') return envelope(brand);
    if (path === '/sys/loginRequirements') return envelope({ captchaRequired: failures >= 1 });
    if (path.startsWith('/sys/randomImage/'))
      return envelope({ algorithm: 'SHA-256', challenge: `c-${path.split('/').at(-1)}`, difficulty: 4 });
    if (path === '/sys/login') {
      if (body.password !== 'Switchboard1') {
        failures += 1;
        return envelope({ captchaRequired: failures >= 1 }, 400, {
          message: 'Wrong username or password',
          errorCode: 'WRONG_CREDENTIALS',
        });
      }
      return envelope(loginResult);
    }
    if (path === '/sys/permission/getUserPermissionByToken') {
      // An operator's title comes in the language of the request.
      const zh = request.headers.get('X-Locale') === 'zh-CN' && options.homeTitleZh;
      if (!zh) return envelope(permissions);
      const [home, ...rest] = permissions.menu;
      return envelope({ ...permissions, menu: [{ ...home, meta: { ...home?.meta, title: zh } }, ...rest] });
    }
    if (path === '/sys/user/getCurrentUserDeparts') return envelope({ list: departs, orgCode });
    if (path === '/sys/sysDepart/getDepartInfo') {
      const current = departs.find((d) => d.orgCode === orgCode);
      return current ? envelope(current) : envelope(null, 404, { message: 'Resource not found' });
    }
    if (path === '/sys/selectDepart') {
      orgCode = body.orgCode;
      return envelope({ userInfo: { ...loginResult.userInfo, orgCode } });
    }
    return envelope(null, 404, { message: 'Resource not found' });
  };
  network.use(
    http.all('*/api/*', ({ request }) => handler(request)),
    ws.link('*/websocket/*').addEventListener('connection', () => {}),
  );
  return { calls };
}

// The lazily loaded routes and screens this journey passes through, loaded before it starts: a
// route then renders as soon as it is reached, however long the first import of its module takes
// (Vite transforms it on first use, which on a busy machine took longer than any wait for an element).
beforeAll(async () => {
  await Promise.all([
    import('@/app/layout/UserLayout'),
    import('@/features/auth/pages/LoginPage'),
    import('./AntdRoot'),
    import('@/app/layout/BasicLayout'),
    import('./menu/MenuScreen'),
    preloadScreen('home/Home'),
    preloadScreen('agent/AgentHome'),
  ]);
}, 300_000);

/** React Router's complaint about descendant <Routes> under a parent route without a trailing `*`. */
const DESCENDANT_ROUTES = /descendant <Routes>/;
let warn: { mock: { calls: unknown[][] }; mockRestore: () => void };

beforeEach(async () => {
  resetApiClient();
  endSession();
  await changeLocale('en-US');
  warn = vi.spyOn(console, 'warn');
});

afterEach(() => {
  // No journey may make React Router warn (it did on every sign-in with multi-page tabs).
  const routeWarnings = warn.mock.calls.filter((args) => DESCENDANT_ROUTES.test(String(args[0])));
  warn.mockRestore();
  expect(routeWarnings).toEqual([]);
});

describe('sign-in journey', () => {
  it('goes from a protected page through login, captcha and department choice back to it', async () => {
    const server = fakeServer();
    const router = createMemoryRouter(routes, { initialEntries: ['/home/Home?x=1'] });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    await screen.findByRole('button', { name: 'Log in' });
    // The brand arrives after the page: its heading fills in when the answer comes.
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Test Console'));
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fhome%2FHome%3Fx%3D1');

    // Empty form: messages from the shared schema, translated with the field labels.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Username'), 'sales');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong username or password');

    // The failed answer asked for a captcha: the browser works its proof out by itself.
    const check = await screen.findByTestId('captcha-check');
    await waitFor(() => expect(check.getAttribute('data-state')).toBe('done'));
    expect(check.textContent).toContain('Check done');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Switchboard1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Several departments and none current: a dialog that must be answered.
    await user.click(await screen.findByRole('radio', { name: 'West Sales' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByTestId('current-user')).textContent).toBe('Sam Sales');
    expect(screen.getByTestId('console-brand').textContent).toBe('Test Console');
    expect(router.state.location.pathname).toBe('/home/Home');
    expect(router.state.location.search).toBe('?x=1');
    await waitFor(() =>
      expect(screen.getByTestId('current-department').textContent).toBe('West Sales (A03)'),
    );

    const login = server.calls.find(
      (c) => c.path === '/sys/login' && (c.body as { captcha?: string }).captcha,
    );
    const proof = login?.body as { captcha: string; checkKey: string };
    expect(proof).toMatchObject({
      username: 'sales',
      password: 'Switchboard1',
      captcha: expect.stringMatching(/^\d+$/),
    });
    expect(proof.checkKey).toMatch(/^[A-Za-z0-9]{16}$/);
    // The nonce proves the work for the challenge of its key (4 zero bits here).
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(proofOfWorkText(`c-${proof.checkKey}`, proof.captcha)),
    );
    expect(leadingZeroBits(new Uint8Array(digest))).toBeGreaterThanOrEqual(4);
    expect(server.calls.find((c) => c.path === '/sys/selectDepart')?.body).toEqual({
      orgCode: 'A03',
      username: 'sales',
    });
    const permissionCall = server.calls.find((c) => c.path === '/sys/permission/getUserPermissionByToken');
    expect(permissionCall?.headers.get('X-Access-Token')).toBe('token-1');
  });

  it('a department switch to an agent department puts the agent home in place of the home tab', async () => {
    localStorage.clear();
    updateSettings({ multipage: true });
    fakeServer({ agentDepartment: 'A03', startOrgCode: 'A02' });
    const { startSession } = await import('@/lib/session');
    startSession({
      token: 'token-1',
      userInfo: testUser({ ...SALES, orgCode: 'A02' }),
      needsDepartment: false,
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/home/Home'] });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const tabPaths = () => screen.queryAllByTestId('page-tab').map((el) => el.getAttribute('data-path'));
    await waitFor(() => expect(tabPaths()).toEqual(['/home/Home']));

    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('switch-department'));
    await user.click(await screen.findByRole('radio', { name: 'West Sales' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // The agent's department: its home replaces the old one, which was showing, so it shows.
    await waitFor(() => expect(router.state.location.pathname).toBe('/AgentHome'));
    await waitFor(() => expect(tabPaths()).toEqual(['/AgentHome']));
    resetSettings();
  });

  it('a language switch loads the menu again in that language, keeping the console meanwhile', async () => {
    const server = fakeServer({ startOrgCode: 'A02', homeTitleZh: '我的首页' });
    const { startSession } = await import('@/lib/session');
    startSession({
      token: 'token-1',
      userInfo: testUser({ ...SALES, orgCode: 'A02' }),
      needsDepartment: false,
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/home/Home'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('menu-home').textContent).toBe('Home'));
    const sideMenu = screen.getByTestId('side-menu');
    await act(() => changeLocale('zh-CN'));
    await waitFor(() => expect(screen.getByTestId('menu-home').textContent).toBe('我的首页'));
    // The same console throughout (no loading page in between), asked once per language.
    expect(screen.getByTestId('side-menu')).toBe(sideMenu);
    const asked = server.calls.filter((c) => c.path === '/sys/permission/getUserPermissionByToken');
    expect(asked.map((c) => c.headers.get('X-Locale'))).toEqual(['en-US', 'zh-CN']);
  });

  it('with multi-page tabs, / leads to the home tab (its page routed under a splat route)', async () => {
    localStorage.clear();
    updateSettings({ multipage: true });
    fakeServer({ startOrgCode: 'A02' });
    const { startSession } = await import('@/lib/session');
    startSession({
      token: 'token-1',
      userInfo: testUser({ ...SALES, orgCode: 'A02' }),
      needsDepartment: false,
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/Home'));
    await waitFor(() =>
      expect(screen.queryAllByTestId('page-tab').map((el) => el.getAttribute('data-path'))).toEqual([
        '/home/Home',
      ]),
    );
    expect(await screen.findByTestId('breadcrumb')).toBeTruthy();
    resetSettings();
  });

  it('sends a user whose permissions fail to load back to login with the message', async () => {
    localStorage.clear();
    const { startSession } = await import('@/lib/session');
    startSession({
      token: 'stale',
      userInfo: testUser(),
      needsDepartment: false,
    });
    fakeApi(() => ({
      status: 403,
      message: 'No menu is assigned to this account, contact the administrator',
      errorCode: 'EMPTY_MENU',
    }));
    const router = createMemoryRouter(routes, { initialEntries: ['/home/Home'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect((await screen.findByTestId('login-notice')).textContent).toBe(
      'No menu is assigned to this account, contact the administrator',
    );
    expect(router.state.location.pathname).toBe('/user/login');
    expect(localStorage.getItem('switchboard.token')).toBeNull();
  });
});

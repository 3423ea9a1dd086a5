import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import RegisterPage from './RegisterPage';
import RegisterResultPage from './RegisterResultPage';

const REGISTERED = {
  companyId: 'c1',
  username: 'lin_wei',
  email: 'lin@example.com',
  approvalStatus: 'waiting',
};

/** The captcha challenge of a key (the fake server derives it from the key; 4 zero bits). */
const challengeOf = (path: string) => ({
  algorithm: 'SHA-256',
  challenge: `c-${path.split('/').at(-1)}`,
  difficulty: 4,
});

/**
 * A fake API that answers captcha challenges and duplicate checks, and `register` for the
 * sign-up. The console asks for a challenge as the page opens and works its proof out.
 */
function serve(register: (body: unknown) => ReturnType<Parameters<typeof fakeApi>[0]>) {
  return fakeApi((call) => {
    if (call.path.startsWith('/sys/randomImage/')) return { result: challengeOf(call.path) };
    if (call.path === '/sys/duplicate/check') return { result: null };
    if (call.path === '/sys/user/register') return register(call.body);
    return undefined;
  });
}

/** Waits until the browser has worked the captcha's proof out. */
const captchaDone = () =>
  vi.waitFor(() => expect(screen.getByTestId('captcha-check').getAttribute('data-state')).toBe('done'));

const pictureKeys = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/sys/randomImage/')).map((c) => c.path.split('/').at(-1));

function renderPage() {
  return renderWithProviders(<RegisterPage />, {
    path: '/user/register',
    routes: [{ path: '/user/register-result', element: <RegisterResultPage /> }],
  });
}

const field = (label: string) =>
  within(screen.getByTestId('register-form')).getByLabelText(label, { exact: true });

async function fillValid(user: ReturnType<typeof userEvent.setup>, company = 'Blue Harbour') {
  await user.type(field('Company name'), company);
  await user.type(field('Contact person'), 'Lin Wei');
  await user.type(field('Phone'), '+8613800138001');
  await user.type(field('Email'), 'lin@example.com');
  await user.type(field('Username'), 'lin_wei');
  await user.type(field('Password'), 'Harbour2026');
  await user.type(field('Confirm password'), 'Harbour2026');
}

describe('RegisterPage', () => {
  it('explains a weak password and different confirmation as the person types', async () => {
    fakeApi((call) => (call.path === '/sys/duplicate/check' ? { result: null } : undefined));
    const user = userEvent.setup();
    renderPage();
    await user.type(field('Password'), 'weakpass');
    expect(await screen.findByText(/The password must be at least 8 characters/)).toBeTruthy();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Harbour2026');
    await user.type(field('Confirm password'), 'Harbour2027');
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
  });

  it('checks the company name against the server once typing pauses', async () => {
    const api = fakeApi((call) => {
      if (call.path !== '/sys/duplicate/check') return undefined;
      return call.query.get('fieldVal') === 'Acme Agency'
        ? { status: 400, errorCode: 'DUPLICATE_EXISTS', message: 'This value already exists' }
        : { result: null };
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field('Company name'), 'Acme Agency');
    expect(await screen.findByText('The company already exists')).toBeTruthy();
    const checks = api.calls.filter((c) => c.path === '/sys/duplicate/check');
    // Debounced: one request for the whole word, not one per key.
    expect(checks).toHaveLength(1);
    expect(checks[0]?.query.get('tableName')).toBe('sys_company');
    expect(checks[0]?.query.get('fieldName')).toBe('name');
    expect(checks[0]?.query.has('_t')).toBe(true);
  });

  it('shows the server’s field errors on their fields', async () => {
    serve(() => ({
      status: 409,
      errorCode: 'USERNAME_EXISTS',
      message: 'This username is taken',
      errors: [
        { field: 'username', message: 'This username is taken' },
        { field: 'phone', message: 'This phone number is already registered' },
      ],
    }));
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await captchaDone();
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(screen.getByText('This phone number is already registered')).toBeTruthy();
    // Shown in place, not as a general alert.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the form and shows what happens next', async () => {
    const { calls } = serve(() => ({ result: REGISTERED }));
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillValid(user);
    await captchaDone();
    await user.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-result-title')).textContent).toBe('Registration received');
    expect(router.state.location.pathname).toBe('/user/register-result');
    // The address carries nothing: the result page knows the sign-up from the router state.
    expect(router.state.location.search).toBe('');
    expect(screen.getByText(/lin@example\.com/)).toBeTruthy();
    const [key] = pictureKeys(calls);
    expect(key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(calls.find((c) => c.path === '/sys/user/register')?.body).toEqual({
      companyName: 'Blue Harbour',
      contactName: 'Lin Wei',
      phone: '+8613800138001',
      email: 'lin@example.com',
      username: 'lin_wei',
      password: 'Harbour2026',
      confirmPassword: 'Harbour2026',
      // The browser's country (jsdom speaks en-US); the +86 number overrides it on the server.
      country: 'US',
      captcha: expect.stringMatching(/^\d+$/),
      checkKey: key,
    });
  });

  it('a refused proof brings a new challenge and says so under the check', async () => {
    const { calls } = serve(() => ({
      status: 400,
      errorCode: 'CAPTCHA_INVALID',
      message: 'Verification code invalid or incorrect',
    }));
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await captchaDone();
    await user.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('captcha-problem')).textContent).toBe(
      'Verification code invalid or incorrect',
    );
    // Not also in the alert above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(pictureKeys(calls)).toHaveLength(2));
    const keys = pictureKeys(calls);
    expect(new Set(keys).size).toBe(keys.length);
    const sent = calls.find((c) => c.path === '/sys/user/register')?.body as
      | { checkKey?: string }
      | undefined;
    expect(sent?.checkKey).toBe(keys[0]);
  });

  it('a check that failed is tried again on a click', async () => {
    let failing = true;
    const { calls } = fakeApi((call) => {
      if (call.path.startsWith('/sys/randomImage/'))
        return failing
          ? { status: 503, errorCode: 'SERVICE_UNAVAILABLE', message: 'Try again later' }
          : { result: challengeOf(call.path) };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByTestId('captcha-retry');
    failing = false;
    await user.click(retry);
    await captchaDone();
    expect(screen.getByTestId('captcha-check').textContent).toContain('Check done');
    expect(pictureKeys(calls)).toHaveLength(2);
  });

  it('takes a national number for the chosen country and checks it as the person types', async () => {
    const { calls } = serve(() => ({ result: REGISTERED }));
    const user = userEvent.setup();
    renderPage();
    // A Chinese mobile number is not a US number.
    await user.type(field('Phone'), '13800138002');
    expect(await screen.findByText(/Please enter a valid phone number for the chosen country/)).toBeTruthy();
    const country = within(screen.getByTestId('register-form')).getByRole('combobox', { name: 'Country' });
    await user.click(country);
    await user.type(country, 'China +86');
    await user.click(await screen.findByText('China +86', { selector: '.ant-select-item-option-content' }));
    await vi.waitFor(() =>
      expect(screen.queryByText(/Please enter a valid phone number for the chosen country/)).toBeNull(),
    );
    // Duplicates are compared in international form, as the server stores phones.
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.path === '/sys/duplicate/check' && c.query.get('fieldVal') === '+8613800138002'),
      ).toBe(true),
    );
    await user.type(field('Company name'), 'Blue Harbour');
    await user.type(field('Contact person'), 'Lin Wei');
    await user.type(field('Email'), 'lin@example.com');
    await user.type(field('Username'), 'lin_wei');
    await user.type(field('Password'), 'Harbour2026');
    await user.type(field('Confirm password'), 'Harbour2026');
    await captchaDone();
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-result-title')).toBeTruthy();
    expect(calls.find((c) => c.path === '/sys/user/register')?.body).toMatchObject({
      phone: '13800138002',
      country: 'CN',
    });
  });
});

describe('RegisterResultPage', () => {
  it('opened directly, confirms no sign-up and leads to sign-up or sign-in', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RegisterResultPage />, {
      path: '/user/register-result',
      routes: [
        { path: '/user/register', element: <p>sign-up page</p> },
        { path: '/user/login', element: <p>sign-in page</p> },
      ],
    });
    expect(screen.getByTestId('register-result-none').textContent).toBe('No sign-up to show');
    expect(screen.queryByTestId('register-result-title')).toBeNull();
    expect(screen.queryByText(/Registration received/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/user/login');
    await user.click(screen.getByRole('link', { name: 'Register a company' }));
    expect(await screen.findByText('sign-up page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/register');
  });
});

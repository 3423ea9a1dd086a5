import { leadingZeroBits, proofOfWorkText } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { endSession, getSession } from '@/lib/session';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { testUser } from '@/test/users';
import LoginPage from './LoginPage';

afterEach(async () => {
  endSession();
  await changeLocale('en-US');
});

const signedIn = { result: { token: 'tok', userInfo: testUser(), multiDepart: false } };

describe('LoginPage (no antd)', () => {
  it('checks a field as it is typed in, and re-words its message when the language changes', async () => {
    fakeApi((call) =>
      call.path === '/sys/loginRequirements' ? { result: { captchaRequired: false } } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    const username = screen.getByLabelText('Username');
    // Untouched fields say nothing.
    expect(screen.queryByText('Username is required')).toBeNull();
    await user.type(username, 'ab');
    await user.clear(username);
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(screen.getByText('Username is required').id);
    expect(screen.queryByText('Password is required')).toBeNull();
    await changeLocale('zh-CN');
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
  });

  it('submitting an empty form says what is missing, focuses the first field and sends nothing', async () => {
    const api = fakeApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(api.calls.filter((c) => c.path === '/sys/login')).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for the Google code when the server says so, checks it, and signs in with it', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/sys/loginRequirements') return { result: { captchaRequired: false } };
      if (call.path !== '/sys/login') return undefined;
      const body = call.body as { googleCode?: string };
      if (!body.googleCode)
        return {
          status: 400,
          errorCode: 'GOOGLE_CODE_REQUIRED',
          message: 'Enter the Google Authenticator code',
          flags: { googleCodeRequired: true },
        };
      return signedIn;
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Switchboard1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const code = await screen.findByTestId('google-code-input');
    expect(screen.getByTestId('login-error').textContent).toBe('Enter the Google Authenticator code');
    await user.type(code, '12a');
    expect(await screen.findByText('Google code empty or wrong')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(getSession()?.token).toBe('tok'));
    expect(api.calls.filter((c) => c.path === '/sys/login').at(-1)?.body).toEqual({
      username: 'admin',
      password: 'Switchboard1',
      googleCode: '123456',
    });
  });
});

describe('LoginPage captcha (a proof of work)', () => {
  it('works the proof out by itself, in Chinese too, and sends it with its key; a refused one is replaced', async () => {
    await changeLocale('zh-CN');
    const api = fakeApi((call) => {
      if (call.path === '/sys/loginRequirements') return { result: { captchaRequired: true } };
      if (call.path.startsWith('/sys/randomImage/'))
        return {
          result: { algorithm: 'SHA-256', challenge: `c-${call.path.split('/').at(-1)}`, difficulty: 4 },
        };
      if (call.path === '/sys/login')
        return {
          status: 400,
          errorCode: 'CAPTCHA_INVALID',
          message: '验证码无效或错误',
          flags: { captchaRequired: true },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('用户名'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'Switchboard1');
    // The requirements of this username came (typing is debounced), and the proof is done.
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/sys/loginRequirements' && c.query.get('username') === 'admin'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('captcha-check').getAttribute('data-state')).toBe('done'));
    const check = screen.getByTestId('captcha-check');
    expect(check.textContent).toContain('校验完成');
    await user.click(screen.getByRole('button', { name: '登录' }));
    const keys = () =>
      api.calls.filter((c) => c.path.startsWith('/sys/randomImage/')).map((c) => c.path.split('/').at(-1));
    await waitFor(() => expect(keys()).toHaveLength(2));
    const sent = api.calls.find((c) => c.path === '/sys/login')?.body as {
      captcha: string;
      checkKey: string;
    };
    expect(sent.checkKey).toBe(keys()[0]);
    expect(sent.captcha).toMatch(/^\d+$/);
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(proofOfWorkText(`c-${sent.checkKey}`, sent.captcha)),
    );
    expect(leadingZeroBits(new Uint8Array(digest))).toBeGreaterThanOrEqual(4);
  });
});

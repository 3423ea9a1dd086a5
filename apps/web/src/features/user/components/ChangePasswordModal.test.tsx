import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { ChangePasswordModal } from './ChangePasswordModal';

afterEach(async () => {
  await changeLocale('en-US');
});

/**
 * Every text on the page that states the password rule (an error animating out, which antd keeps
 * for a moment with class ...-leave, is gone for the reader).
 */
const ruleStatements = (rule: RegExp) =>
  screen.queryAllByText(rule).filter((el) => !el.closest('.ant-form-show-help-item-leave'));

describe('ChangePasswordModal', () => {
  it.each([
    ['en-US', /at least 8 characters/i],
    ['zh-CN', /至少8位/],
  ] as const)('states the password rule once, as a hint or as the error (%s)', async (locale, rule) => {
    await changeLocale(locale);
    fakeApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordModal open username="admin" onClose={() => {}} />);
    const field = await screen.findByLabelText(locale === 'en-US' ? 'New password' : '新密码');
    expect(screen.getByTestId('password-hint')).toBeTruthy();
    expect(ruleStatements(rule)).toHaveLength(1);

    await user.type(field, 'weak');
    await waitFor(() => expect(screen.queryByTestId('password-hint')).toBeNull());
    await waitFor(() => expect(ruleStatements(rule)).toHaveLength(1));
    expect(ruleStatements(rule)[0]?.closest('.ant-form-item-explain-error')).toBeTruthy();

    await user.type(field, 'Enough2026');
    await waitFor(() => expect(screen.getByTestId('password-hint')).toBeTruthy());
    await waitFor(() => expect(ruleStatements(rule)).toHaveLength(1));
    expect(ruleStatements(rule)[0]?.closest('.ant-form-item-explain-error')).toBeNull();
  });
});

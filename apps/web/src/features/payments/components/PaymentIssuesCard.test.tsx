import type { Page, PaymentIssue } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { PermissionsContext } from '@/lib/permissions-context';
import { fakeApi, renderWithProviders, settled } from '@/test/fake-api';
import { PAYMENT_ISSUE_LIST_PATH, PAYMENT_ISSUE_RESOLVE_PATH } from '../api/payment-issues';
import { OrderDifference } from './OrderDifference';
import { PAYMENT_RESOLVE_PERMISSION, PaymentIssuesCard } from './PaymentIssuesCard';

afterEach(async () => {
  await changeLocale('en-US');
});

const granted = [PAYMENT_RESOLVE_PERMISSION].map((action) => ({
  action,
  describe: action,
  type: '1' as const,
  status: '1' as const,
}));

const issue = (over: Partial<PaymentIssue> = {}): PaymentIssue => ({
  id: '22222222-2222-4222-8222-222222222222',
  provider: 'nowpayments',
  eventId: 'ipn:abc',
  eventType: 'finished',
  orderId: '33333333-3333-4333-8333-333333333333',
  companyId: '44444444-4444-4444-8444-444444444444',
  companyName: 'Agency Client Co',
  amount: '100.000000',
  currency: 'EUR',
  reason: 'currency_mismatch',
  detail: "currency EUR is not the order's USD",
  state: 'open',
  amountCredited: null,
  resolvedByUsername: null,
  resolutionNote: null,
  resolvedAt: null,
  createdAt: '2026-11-28T08:00:00Z',
  ...over,
});

const page = (records: PaymentIssue[]): Page<PaymentIssue> => ({
  records,
  total: records.length,
  current: 1,
  size: 10,
  pages: 1,
});

function renderCard() {
  return renderWithProviders(
    <PermissionsContext.Provider value={{ menu: [], auth: granted, allAuth: granted }}>
      <PaymentIssuesCard />
    </PermissionsContext.Provider>,
  );
}

describe('PaymentIssuesCard', () => {
  it('lists the open payments to resolve and credits one in the platform currency, as the server asks', async () => {
    let resolved = false;
    const api = fakeApi((call) => {
      if (call.path === PAYMENT_ISSUE_LIST_PATH) {
        const state = call.query.get('state');
        if (resolved && state === 'open') return { result: page([]) };
        return {
          result: page([
            resolved
              ? issue({ state: 'credited', amountCredited: '108.500000', resolvedByUsername: 'admin' })
              : issue(),
          ]),
        };
      }
      if (call.path === PAYMENT_ISSUE_RESOLVE_PATH) {
        const body = call.body as { amount?: string };
        if (!body.amount) {
          return {
            status: 400,
            errorCode: 'PAYMENT_ISSUE_AMOUNT_REQUIRED',
            message: 'This payment is in EUR: enter the amount to credit in USD',
          };
        }
        resolved = true;
        return { result: issue({ state: 'credited', amountCredited: '108.500000' }) };
      }
      return undefined;
    });
    const clicks = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('payment-issues');
    expect(await within(card).findByText('Agency Client Co')).toBeTruthy();
    expect(within(card).getByText('Other currency')).toBeTruthy();
    expect(within(card).getByText('100.00 EUR')).toBeTruthy();
    expect(within(card).getByTestId('payment-issue-state').textContent).toBe('To resolve');
    expect(api.calls.find((c) => c.path === PAYMENT_ISSUE_LIST_PATH)?.query.get('state')).toBe('open');

    await clicks.click(within(card).getByTestId('payment-issue-credit'));
    const dialog = await screen.findByRole('dialog');
    await clicks.click(within(dialog).getByRole('button', { name: 'Credit' }));
    // Another currency: the server wants the amount in ours, said at the amount field.
    expect(await screen.findByText('This payment is in EUR: enter the amount to credit in USD')).toBeTruthy();
    await clicks.type(screen.getByTestId('payment-issue-amount'), '108.50');
    await clicks.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await waitFor(() => {
      const puts = api.calls.filter((c) => c.path === PAYMENT_ISSUE_RESOLVE_PATH);
      expect(puts.at(-1)?.body).toEqual({ id: issue().id, action: 'credit', amount: '108.50' });
    });
    // The list reloads: nothing open any more.
    await waitFor(() => expect(within(card).queryByText('Agency Client Co')).toBeNull());
    await settled();
  });

  it('dismisses only with a note, and offers no credit for a payment of no known order (Chinese)', async () => {
    await changeLocale('zh-CN');
    const ghost = issue({
      orderId: null,
      companyId: null,
      companyName: null,
      reason: 'unknown_order',
      currency: 'USD',
    });
    const api = fakeApi((call) => {
      if (call.path === PAYMENT_ISSUE_LIST_PATH) return { result: page([ghost]) };
      if (call.path === PAYMENT_ISSUE_RESOLVE_PATH) return { result: { ...ghost, state: 'dismissed' } };
      return undefined;
    });
    const clicks = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('payment-issues');
    expect(await within(card).findByText('待处理付款')).toBeTruthy();
    expect(within(card).getAllByText('找不到订单').length).toBeGreaterThan(0);
    expect(within(card).queryByTestId('payment-issue-credit')).toBeNull();
    await clicks.click(within(card).getByTestId('payment-issue-dismiss'));
    const dialog = await screen.findByRole('dialog');
    // antd spaces a two-character Chinese label on a button.
    const dismiss = () => within(dialog).getByRole('button', { name: /忽\s*略/ });
    await clicks.click(dismiss());
    expect(await screen.findByText('请说明忽略的原因')).toBeTruthy();
    expect(api.calls.some((c) => c.path === PAYMENT_ISSUE_RESOLVE_PATH)).toBe(false);
    await clicks.type(screen.getByTestId('payment-issue-note'), '已在支付服务退款');
    await clicks.click(dismiss());
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === PAYMENT_ISSUE_RESOLVE_PATH)?.body).toEqual({
        id: ghost.id,
        action: 'dismiss',
        note: '已在支付服务退款',
      }),
    );
  });

  it('shows an order’s difference with its sign, and nothing before a credit', () => {
    const { container, rerender } = renderWithProviders(<OrderDifference value="-99.990000" />);
    expect(container.textContent).toContain('-99.99');
    rerender(<OrderDifference value="50.000000" />);
    expect(container.textContent).toContain('+50.00');
    rerender(<OrderDifference value={null} />);
    expect(container.querySelector('[data-testid="order-difference"]')).toBeNull();
  });
});

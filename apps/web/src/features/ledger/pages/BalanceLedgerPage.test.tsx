import type { KeysetPage, LedgerEntry } from '@switchboard/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { endSession, startSession } from '@/lib/session';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { testUser } from '@/test/users';
import BalanceLedgerPage from './BalanceLedgerPage';

const entry = (id: number, amount: string, balanceAfter: string): LedgerEntry => ({
  id,
  companyId: 'c1',
  account: 'balance',
  kind: amount.startsWith('-') ? 'charge' : 'topup',
  amount,
  balanceAfter,
  reference: null,
  note: `entry ${id}`,
  noteCode: null,
  noteParams: null,
  actorUsername: null,
  idempotencyKey: `k${id}`,
  createdAt: '2026-03-01T08:00:00Z',
});

/** The ledger as issue 28 met it: a card of 1,210.52 above its own row of 1,210.518. */
function serveLedger() {
  return fakeApi((call) => {
    if (call.path === '/sys/balance')
      return {
        result: {
          companyId: 'c1',
          balance: '1210.518000',
          creditLimit: '0.000000',
          commission: '94.958775',
          currency: 'EUR',
        },
      };
    if (call.path === '/sys/company/list') return { result: { records: [], total: 0, size: 20, current: 1 } };
    if (call.path === '/sys/ledger/list') {
      const result: KeysetPage<LedgerEntry> = {
        records: [
          entry(3, '-0.083000', '1210.518000'),
          entry(2, '123.450000', '1210.601000'),
          entry(1, '-0.003000', '1087.151000'),
        ],
        size: 20,
        nextCursor: null,
      };
      return { result };
    }
    return undefined;
  });
}

afterEach(async () => {
  endSession();
  await changeLocale('en-US');
});

describe.each(['en-US', 'zh-CN'] as const)('Balance & ledger (%s)', (locale) => {
  it('shows the card and its rows one way: two decimals, grouped, the currency', async () => {
    await changeLocale(locale);
    // The platform's currency is USD; the balance answer's (the company's ledger) is the one shown.
    // A customer: its own company's balance (staff pick a company first).
    startSession({
      token: 'tok',
      userInfo: testUser({ currency: 'USD', roles: ['customer'], isAdmin: false, username: 'customer' }),
      needsDepartment: false,
    });
    serveLedger();
    renderWithProviders(<BalanceLedgerPage />);
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toContain('1,210.52 EUR'));
    expect(screen.getByTestId('commission-value').textContent).toContain('94.96 EUR');
    await waitFor(() => expect(screen.getAllByTestId('ledger-amount')).toHaveLength(3));
    expect(screen.getAllByTestId('ledger-amount').map((cell) => cell.textContent)).toEqual([
      '-0.08 EUR',
      '123.45 EUR',
      // Too small for two decimals: never "-0.00".
      '-0.003 EUR',
    ]);
    // The newest row's balance is the card's, in the same form.
    expect(screen.getAllByTestId('ledger-balance-after')[0]?.textContent).toBe('1,210.52 EUR');
  });
});

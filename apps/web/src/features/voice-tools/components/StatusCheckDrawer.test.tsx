import type { StatusCheck, StatusCheckNumber } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { statusCheckQuery } from '../api/voice-tools';
import { StatusCheckDrawer } from './StatusCheckDrawer';

const ID = '0b6d3c5e-2f7a-4e51-9a1c-3d2e4f5a6b7c';
const NUMBER_ID = '7c6b5a4f-3e2d-4c1b-9a0f-1e2d3c4b5a69';

const counts = (done: boolean) => ({
  total: 1,
  pending: done ? 0 : 1,
  checking: 0,
  done: done ? 1 : 0,
  skipped: 0,
  reachable: 0,
  busy: 0,
  unavailable: 0,
  vacant: done ? 1 : 0,
  failed: 0,
});

describe('<StatusCheckDrawer>', () => {
  it("reads the numbers again when the check's refresh finds it moved, not only when the websocket says so", async () => {
    let done = false;
    const check = (): StatusCheck => ({
      id: ID,
      companyId: ID,
      companyName: 'Direct Retail Ltd',
      name: 'Spring list',
      state: done ? 'done' : 'running',
      stopReason: null,
      counts: counts(done),
      amount: done ? '0.003' : '0',
      createdAt: '2026-11-29T01:00:00.000Z',
      finishedAt: done ? '2026-11-29T01:00:05.000Z' : null,
    });
    const number = (): StatusCheckNumber => ({
      id: NUMBER_ID,
      number: '8613800071004',
      state: done ? 'done' : 'pending',
      status: done ? 'vacant' : null,
      sipCode: done ? 404 : null,
      ms: done ? 120 : null,
      error: null,
      amount: done ? '0.003' : '0',
      checkedAt: done ? '2026-11-29T01:00:05.000Z' : null,
    });
    const api = fakeApi((call) => {
      if (call.path === `/voip/statusCheck/details/${ID}`) return { result: check() };
      if (call.path === '/voip/statusCheck/numbers') return { result: { records: [number()], total: 1 } };
      return undefined;
    });
    const { queryClient } = renderWithProviders(<StatusCheckDrawer id={ID} onClose={() => {}} />);
    const table = await screen.findByTestId('status-check-numbers-table');
    const row = () => within(table).getByText('8613800071004').closest('tr') as HTMLElement;
    await waitFor(() => expect(row().textContent).toContain('Waiting'));
    const numberReads = () => api.calls.filter((c) => c.path === '/voip/statusCheck/numbers').length;
    const before = numberReads();

    // The check finishes; the drawer learns it from its own refresh of the check (no progress
    // message arrived): the summary and the numbers below it agree.
    done = true;
    await queryClient.invalidateQueries({ queryKey: statusCheckQuery(ID).queryKey });
    await waitFor(() => expect(screen.getByTestId('status-check-state').textContent).toBe('Done'));
    await waitFor(() => expect(row().textContent).toContain('Vacant'));
    expect(numberReads()).toBe(before + 1);

    // Read again without a change: the numbers are not read again.
    await queryClient.invalidateQueries({ queryKey: statusCheckQuery(ID).queryKey });
    expect(numberReads()).toBe(before + 1);
  });
});

import type { JobRecord } from '@switchboard/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { ScheduleModal } from './ScheduleModal';

const job: JobRecord = {
  name: 'auth.sessions.purge',
  description: 'Delete sessions',
  schedule: '10 3 * * *',
  defaultSchedule: '10 3 * * *',
  paused: false,
  lastRunAt: null,
  lastStatus: null,
  lastDurationMs: null,
  lastResult: null,
  runningSince: null,
  nextRunAt: '2026-11-27T03:10:00.000Z',
  timeZone: 'Europe/Paris',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

async function typeSchedule(schedule: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByLabelText('Schedule (cron)');
  await user.clear(input);
  await user.type(input, schedule);
  await user.click(within(dialog).getByText('Save').closest('button') as HTMLElement);
  return { dialog, user };
}

describe('<ScheduleModal>', () => {
  it('sends the job and its new schedule, says saved and closes; shows the time zone', async () => {
    const api = fakeApi((call) => (call.path === '/sys/quartzJob/edit' ? { result: job } : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ScheduleModal job={job} onClose={onClose} />);
    expect(await screen.findByText(/Europe\/Paris/)).toBeTruthy();
    await typeSchedule('*/5 * * * *');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.path === '/sys/quartzJob/edit')?.body).toEqual({
      name: 'auth.sessions.purge',
      schedule: '*/5 * * * *',
    });
    expect(await screen.findByText('Schedule saved')).toBeTruthy();
  });

  it('puts the server’s refusal of a bad cron expression on the field and stays open', async () => {
    fakeApi((call) =>
      call.path === '/sys/quartzJob/edit'
        ? {
            status: 400,
            errorCode: 'JOB_SCHEDULE_INVALID',
            message: '"61 * * * *" is not a valid cron expression',
          }
        : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<ScheduleModal job={job} onClose={onClose} />);
    const { dialog } = await typeSchedule('61 * * * *');
    expect(await within(dialog).findByText('"61 * * * *" is not a valid cron expression')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('fills in the default schedule on request', async () => {
    fakeApi(() => undefined);
    renderWithProviders(<ScheduleModal job={{ ...job, schedule: '0 * * * *' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Schedule (cron)') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('0 * * * *'));
    await userEvent.setup().click(within(dialog).getByTestId('job-schedule-default'));
    expect(input.value).toBe('10 3 * * *');
  });
});

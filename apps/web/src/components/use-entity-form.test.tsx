import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/fake-api';
import { FormModal } from './FormModal';
import { addOrEditSchema, useEntityForm } from './use-entity-form';

interface Values {
  name: string;
}

const EMPTY: Values = { name: '' };
const anything = { safeParse: () => ({ success: true }) };

/** A promise the test settles. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A page with an "Add" button, a "Leave" button that closes the dialog as its page would (antd's
 * own Cancel waits while a save runs), and the dialog; `check` is a slow check of the name (as a
 * server-side uniqueness check is). `onClosed` counts the dialog's own closings (Cancel, saved).
 */
function renderPage(options: { save: (values: Values) => Promise<unknown>; check?: () => Promise<void> }) {
  const onClosed = vi.fn();
  function Page() {
    const [open, setOpen] = useState(false);
    const entity = useEntityForm<Values, null>({
      open,
      editing: null,
      valuesOf: () => EMPTY,
      schema: anything,
      labels: { name: 'Name' },
      save: options.save,
      successMessage: 'Thing saved',
      onClose: () => {
        onClosed();
        setOpen(false);
      },
    });
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Add
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Leave
        </button>
        <FormModal<Values> entity={entity} title="Thing" testId="thing-form">
          <Form.Item name="name" label="Name" rules={options.check ? [{ validator: options.check }] : []}>
            <Input />
          </Form.Item>
        </FormModal>
      </>
    );
  }
  renderWithProviders(<Page />);
  return { onClosed };
}

const dialog = () => screen.getByTestId('thing-form');

/** Opens the dialog, types a name and presses Save, then leaves it, then opens the next one. */
async function saveLeaveReopen(
  user: ReturnType<typeof userEvent.setup>,
  started: () => boolean,
  next: string | null = 'Second',
) {
  await user.click(screen.getByText('Add'));
  await user.type(within(dialog()).getByLabelText('Name'), 'First');
  await user.click(screen.getByText('Save').closest('button') as HTMLElement);
  await waitFor(() => expect(started()).toBe(true));
  await user.click(screen.getByText('Leave'));
  await user.click(screen.getByText('Add'));
  if (next !== null) await user.type(within(dialog()).getByLabelText('Name'), next);
}

/** A save the test answers, started from a dialog that was then left for the next one. */
async function outlivedSave() {
  const answer = deferred<unknown>();
  const save = vi.fn(() => answer.promise);
  const { onClosed } = renderPage({ save });
  await saveLeaveReopen(userEvent.setup(), () => save.mock.calls.length > 0);
  return { answer, onClosed };
}

/** Long enough for anything the settled save would still do. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('useEntityForm: a save outlived by its dialog', () => {
  it('does not close the dialog opened next when it succeeds (it still says saved)', async () => {
    const { answer, onClosed } = await outlivedSave();
    answer.resolve({ id: 't1' });
    // The message is shown in the same step that would call onClose: once it is there, that step is over.
    expect(await screen.findByText('Thing saved')).toBeTruthy();
    expect(onClosed).not.toHaveBeenCalled();
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Second');
  });

  it('puts no field errors on the dialog opened next when it fails', async () => {
    const { answer, onClosed } = await outlivedSave();
    answer.reject(
      new ApiError({
        kind: 'http',
        locale: 'en-US',
        status: 400,
        message: 'Some fields are invalid',
        errorCode: 'VALIDATION_FAILED',
        fieldErrors: [{ field: 'name', message: 'Name is taken' }],
      }),
    );
    await settle();
    expect(within(dialog()).queryByText('Name is taken')).toBeNull();
    expect(screen.queryByText('Some fields are invalid')).toBeNull();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('does not save what a dialog cancelled while its fields were being checked held', async () => {
    const checked = deferred<void>();
    let checking = false;
    const save = vi.fn(async () => ({ id: 't1' }));
    const user = userEvent.setup();
    const { onClosed } = renderPage({
      save,
      check: () => {
        checking = true;
        return checked.promise;
      },
    });
    // The next dialog is left as it opened (typing there would make antd drop the old check).
    await saveLeaveReopen(user, () => checking, null);
    checked.resolve();
    await settle();
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByText('Thing saved')).toBeNull();
    expect(onClosed).not.toHaveBeenCalled();
  });
});

describe('addOrEditSchema', () => {
  /** A schema that records what it was asked to check. */
  const recording = () => {
    const seen: unknown[] = [];
    const safeParse = (input: unknown) => {
      seen.push(input);
      return { success: true };
    };
    return { seen, safeParse };
  };
  const bodyOf = (values: Values) => ({ name: values.name.trim() });

  it('checks a new one with the add schema, as the body it makes of the values', () => {
    const add = recording();
    const edit = recording();
    addOrEditSchema(null, { add, edit }, bodyOf).safeParse({ name: ' North ' });
    expect(add.seen).toEqual([{ name: 'North' }]);
    expect(edit.seen).toEqual([]);
  });

  it("checks an edit with the edit schema, the body carrying the entity's id", () => {
    const add = recording();
    const edit = recording();
    const parsed = addOrEditSchema({ id: 'g1' }, { add, edit }, bodyOf).safeParse({ name: 'South ' });
    expect(edit.seen).toEqual([{ name: 'South', id: 'g1' }]);
    expect(add.seen).toEqual([]);
    expect(parsed.success).toBe(true);
  });
});

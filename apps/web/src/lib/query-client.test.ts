import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, setQueryErrorHandler, showError } from './query-client';

const refused = () =>
  new ApiError({ kind: 'http', status: 409, message: 'Only drafts can be changed', locale: 'en-US' });

afterEach(() => setQueryErrorHandler(() => {}));

/** Runs one mutation through the client's cache, as useMutation does; resolves once it settled. */
async function runMutation(meta?: { errorDisplay?: 'inline' }, fail = true) {
  const client = createQueryClient();
  const error = refused();
  const observer = new MutationObserver(client, {
    mutationFn: async () => {
      if (fail) throw error;
      return 'done';
    },
    meta,
  });
  const outcome = await observer.mutate().then(
    () => 'resolved',
    (e: unknown) => e,
  );
  return { error, outcome };
}

describe('query client error display', () => {
  it('shows a failed mutation once, through the same handler as failed loads', async () => {
    const handler = vi.fn();
    setQueryErrorHandler(handler);
    const { error, outcome } = await runMutation();
    expect(outcome).toBe(error); // the caller still gets the error (e.g. to keep a form open)
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('leaves a mutation marked inline to its screen', async () => {
    const handler = vi.fn();
    setQueryErrorHandler(handler);
    const { error, outcome } = await runMutation({ errorDisplay: 'inline' });
    expect(outcome).toBe(error);
    expect(handler).not.toHaveBeenCalled();
  });

  it('says nothing about a mutation that succeeded', async () => {
    const handler = vi.fn();
    setQueryErrorHandler(handler);
    expect((await runMutation(undefined, false)).outcome).toBe('resolved');
    expect(handler).not.toHaveBeenCalled();
  });

  it('shows failed loads unless marked inline', async () => {
    const handler = vi.fn();
    setQueryErrorHandler(handler);
    const client = createQueryClient();
    const error = refused();
    for (const meta of [undefined, { errorDisplay: 'inline' as const }]) {
      const observer = new QueryObserver(client, {
        queryKey: ['load', meta?.errorDisplay ?? 'shown'],
        queryFn: async () => {
          throw error;
        },
        meta,
      });
      await observer.refetch();
    }
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('showError hands an error to the same handler', () => {
    const handler = vi.fn();
    setQueryErrorHandler(handler);
    const error = refused();
    showError(error);
    expect(handler).toHaveBeenCalledWith(error);
  });
});

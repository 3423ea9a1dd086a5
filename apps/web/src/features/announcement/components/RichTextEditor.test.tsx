import { ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES } from '@switchboard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { sanitizeHtml } from '../sanitize';
import { RichTextEditor } from './RichTextEditor';

// jsdom lays nothing out; ProseMirror asks where things are on screen while it edits.
const noRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
beforeAll(() => {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

afterEach(async () => {
  await changeLocale('en-US');
});

/** The editor as a form holds it: its value follows what it reports. */
function Controlled({ initial = '', onValue }: { initial?: string; onValue: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        aria-label="Content"
        onChange={(html) => {
          setValue(html);
          onValue(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Reset from outside</p>')}>
        reset
      </button>
    </>
  );
}

/**
 * The editor with its reported values. Text goes in by pasting (jsdom cannot type into a rich
 * text area, which reads what the browser changed; a paste is handled by the editor itself).
 */
async function setup(initial = '') {
  fakeApi(() => undefined);
  const values: string[] = [];
  const user = userEvent.setup();
  renderWithProviders(<Controlled initial={initial} onValue={(v) => values.push(v)} />);
  const area = await screen.findByTestId('editor-area');
  // Focused without a click: jsdom has no layout for the editor to place a click in.
  act(() => area.focus());
  const last = () => values.at(-1) ?? '';
  const selectAll = () => user.keyboard('{Control>}a{/Control}');
  return { user, area, last, selectAll };
}

/** A clipboard with HTML (and files), as a browser hands it to a paste. */
function clipboard(html: string, files: File[] = []) {
  return {
    types: ['text/html', 'text/plain'],
    files: Object.assign(files, { item: (i: number) => files[i] ?? null }),
    items: [],
    getData: (type: string) =>
      type === 'text/html' ? html : type === 'text/plain' ? html.replace(/<[^>]+>/g, '') : '',
  } as unknown as DataTransfer;
}

describe('RichTextEditor', () => {
  it('formats with its toolbar, and what it reports passes the sanitiser unchanged', async () => {
    const { user, last, selectAll } = await setup();
    await user.paste('Routes move at 22:00');
    await waitFor(() => expect(last()).toBe('<p>Routes move at 22:00</p>'));
    await selectAll();
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.click(screen.getByRole('button', { name: 'Centre' }));
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    await user.click(await screen.findByRole('button', { name: 'Colour #f5222d' }));
    await waitFor(() =>
      expect(last()).toBe(
        '<p style="text-align: center;"><span style="color: rgb(245, 34, 45);"><strong>Routes move at 22:00</strong></span></p>',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(last()).toMatch(/^<h2 style="text-align: center;">|^<h2>/));
    expect(sanitizeHtml(last())).toBe(last());
  });

  it('links through its dialog: only http(s) and mailto addresses', async () => {
    const { user, last, selectAll } = await setup();
    await user.paste('status page');
    await selectAll();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByTestId('link-dialog');
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findByText('Enter an address starting with https://, http:// or mailto:'),
    ).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'https://status.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(last()).toBe(
        '<p><a target="_blank" rel="noopener noreferrer" href="https://status.example.com">status page</a></p>',
      ),
    );
    expect(sanitizeHtml(last())).toBe(last());
  });

  it('inserts a picture by its https address, and refuses other addresses', async () => {
    const { user, last } = await setup();
    await user.click(screen.getByRole('button', { name: 'Picture' }));
    const dialog = await screen.findByTestId('image-dialog');
    const address = within(dialog).getByLabelText('Picture address');
    await user.type(address, 'http://example.com/a.png');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(await within(dialog).findByText('Enter an address starting with https://')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'https://example.com/a.png');
    await user.type(within(dialog).getByLabelText('Description'), 'Route map');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(last()).toContain('<img src="https://example.com/a.png" alt="Route map">'));
    expect(sanitizeHtml(last())).toBe(last());
  });

  it('a pasted page loses its script, handlers and bad links; a pasted picture too large is refused', async () => {
    const { area, last } = await setup();
    fireEvent.paste(area, {
      clipboardData: clipboard(
        '<p onclick="alert(1)">Hi <a href="javascript:alert(2)">there</a><script>alert(3)</script><img src="x" onerror="alert(4)"></p>',
      ),
    });
    await waitFor(() => expect(last()).toBe('<p>Hi there</p>'));
    const big = new File([new Uint8Array(ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES + 1)], 'big.png', {
      type: 'image/png',
    });
    fireEvent.paste(area, { clipboardData: clipboard('', [big]) });
    expect((await screen.findByTestId('editor-problem')).textContent).toBe(
      'A pasted or uploaded picture must be at most 48 kB; give a larger one by its https address.',
    );
    expect(last()).toBe('<p>Hi there</p>');
  });

  it('shows a value set from outside (a draft opened, a reset) without reporting it back', async () => {
    const { user, last } = await setup('<p>Draft text</p>');
    expect(screen.getByTestId('editor-area').textContent).toBe('Draft text');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(screen.getByTestId('editor-area').textContent).toBe('Reset from outside'));
    expect(last()).toBe('');
  });

  it('speaks Chinese', async () => {
    await changeLocale('zh-CN');
    await setup();
    expect(screen.getByRole('toolbar', { name: '格式' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '加粗' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '链接' })).toBeTruthy();
  });
});

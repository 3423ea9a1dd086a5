import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

function renderMenu(onChoose = vi.fn()) {
  render(
    <>
      <MenuButton label="Language" testId="trigger" menuTestId="menu">
        {(close) =>
          ['English', '简体中文'].map((name) => (
            <button
              key={name}
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                onChoose(name);
              }}
            >
              {name}
            </button>
          ))
        }
      </MenuButton>
      <p>elsewhere</p>
    </>,
  );
  return onChoose;
}

describe('MenuButton', () => {
  it('opens on click, closes on a choice and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    const onChoose = renderMenu();
    const trigger = screen.getByTestId('trigger');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: '简体中文' }));
    expect(onChoose).toHaveBeenCalledWith('简体中文');
    expect(screen.queryByTestId('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside and on Escape', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByTestId('trigger'));
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByTestId('menu')).toBeNull();
    await user.click(screen.getByTestId('trigger'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('menu')).toBeNull();
  });

  it('moves between entries with the arrow keys, round the ends', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByTestId('trigger'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('English');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('简体中文');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('English');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('简体中文');
  });
});

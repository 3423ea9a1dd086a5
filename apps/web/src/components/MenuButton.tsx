import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/**
 * A button that opens a small menu below it (language, contact us) without antd, for the sign-in
 * layout and the console header alike. Closes on a choice, a click outside and Escape; the arrow
 * keys move between entries.
 */
export function MenuButton({
  label,
  icon,
  testId,
  menuTestId,
  ariaLabel,
  theme = 'light',
  children,
}: {
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
  menuTestId?: string;
  ariaLabel?: string;
  theme?: 'light' | 'dark';
  /** The entries; `close` ends the menu (call it after a choice). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  // The menu opens leftwards from its button; on a narrow screen it must not start off-screen.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!open || !element) return;
    element.style.transform = '';
    const overflow = 8 - element.getBoundingClientRect().left;
    if (overflow > 0) element.style.transform = `translateX(${overflow}px)`;
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [
      ...(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ??
        []),
    ];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[at < 0 ? 0 : next]?.focus();
  };

  return (
    <div className="sb-menu-button" ref={root}>
      <button
        ref={button}
        type="button"
        className={`sb-text-button${theme === 'dark' ? ' sb-text-button-dark' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onKeyDown}
      >
        {icon}
        <span>{label}</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          className="sb-menu"
          data-testid={menuTestId}
          onKeyDown={onKeyDown}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

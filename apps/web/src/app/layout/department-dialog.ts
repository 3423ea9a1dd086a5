import { useSyncExternalStore } from 'react';

/** "Switch department" in the user menu reopens the department dialog (one flag, page-wide). */
let reopened = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function useDepartmentDialog() {
  const open = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => reopened,
  );
  return {
    isOpen: open,
    open: () => {
      reopened = true;
      emit();
    },
    close: () => {
      reopened = false;
      emit();
    },
  };
}

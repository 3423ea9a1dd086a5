import type { ReactNode } from 'react';

/** A card-looking surface for the sign-in layout's pages (plain markup: the sign-in page loads no antd). */
export function Panel({ children }: { children: ReactNode }) {
  return <div className="sb-panel">{children}</div>;
}

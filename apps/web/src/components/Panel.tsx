import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A card-looking surface for the login page. antd's Card pulls in Tabs (and its menu and motion
 * code) for tabbed cards, which the first page a visitor loads has no use for.
 */
export function Panel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      {children}
    </div>
  );
}

import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { type CSSProperties, createElement, type ReactNode } from 'react';

/** SVG attributes as React names them (`fill-rule` is `fillRule`, as in @ant-design/icons). */
function reactAttrs(attrs: AbstractNode['attrs']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    out[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return out;
}

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(
    node.tag,
    { key, ...reactAttrs(node.attrs) },
    node.children?.map((child, i) => render(child, i)),
  );
}

/**
 * An antd icon drawn from its SVG definition alone, for screens that load no antd (sign-in page,
 * loading and error screens): the same picture without @ant-design/icons' runtime.
 */
export function SvgIcon({
  icon,
  style,
  className,
  spin = false,
}: {
  icon: IconDefinition;
  style?: CSSProperties;
  className?: string;
  spin?: boolean;
}) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span
      role="img"
      aria-hidden="true"
      className={['sb-icon', spin ? 'sb-icon-spin' : '', className ?? ''].filter(Boolean).join(' ')}
      style={style}
    >
      {render({
        ...node,
        attrs: { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
      })}
    </span>
  );
}

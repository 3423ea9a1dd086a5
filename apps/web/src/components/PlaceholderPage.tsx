import { Result } from 'antd';
import type { ReactNode } from 'react';

/** A screen whose content arrives with a later piece of work: says so instead of a blank page. */
export function PlaceholderPage({
  title,
  description,
  extra,
}: {
  title: string;
  description: string;
  extra?: ReactNode;
}) {
  return (
    <Result
      status="info"
      title={<span data-testid="page-title">{title}</span>}
      subTitle={description}
      extra={extra}
    />
  );
}

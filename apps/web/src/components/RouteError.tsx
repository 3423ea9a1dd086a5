import { CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function Problem({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail?: string | undefined;
  action: ReactNode;
}) {
  return (
    <Flex vertical align="center" gap="middle" style={{ padding: '48px 32px', textAlign: 'center' }}>
      {icon}
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      {action}
    </Flex>
  );
}

/**
 * Shown when a route fails to load or render (e.g. a lazy chunk that never arrived). Built only from
 * what the first page already loaded, so it still shows when the network is gone.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Problem
        icon={
          <QuestionCircleFilled
            style={{ fontSize: 72, color: 'var(--ant-color-text-quaternary, #bfbfbf)' }}
          />
        }
        title={t('notFound.title')}
        detail={t('notFound.description')}
        action={
          <Link to="/">
            <Button type="primary">{t('actions.backHome')}</Button>
          </Link>
        }
      />
    );
  }
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Problem
      icon={<CloseCircleFilled style={{ fontSize: 72, color: 'var(--ant-color-error, #ff4d4f)' }} />}
      title={t('errors.routeFailed')}
      detail={detail}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

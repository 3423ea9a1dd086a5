import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// The 404 screen is a page like any other: its chunk (antd Result and its pictures) loads when needed.
const NotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));

/**
 * Shown when a route fails to load or render (e.g. a lazy chunk that never arrived). Built only from
 * what the first page already loaded, so it still shows when the network is gone.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Flex vertical align="center" gap="middle" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: 'var(--ant-color-error, #ff4d4f)' }} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('errors.routeFailed')}
      </Typography.Title>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </Flex>
  );
}

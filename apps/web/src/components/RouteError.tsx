import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import QuestionCircleFilled from '@ant-design/icons-svg/es/asn/QuestionCircleFilled';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { SvgIcon } from './SvgIcon';

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
    <div className="sb-problem">
      {icon}
      <h3 className="sb-problem-title">{title}</h3>
      {detail && <span className="sb-text-secondary">{detail}</span>}
      {action}
    </div>
  );
}

/**
 * Shown when a route fails to load or render (e.g. a lazy chunk that never arrived). Built only from
 * what the first page already loaded (no antd), so it still shows when the network is gone.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Problem
        icon={<SvgIcon icon={QuestionCircleFilled} style={{ fontSize: 72, color: '#bfbfbf' }} />}
        title={t('notFound.title')}
        detail={t('notFound.description')}
        action={
          <Link to="/" className="sb-button sb-button-primary">
            {t('actions.backHome')}
          </Link>
        }
      />
    );
  }
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Problem
      icon={<SvgIcon icon={CloseCircleFilled} style={{ fontSize: 72, color: '#ff4d4f' }} />}
      title={t('errors.routeFailed')}
      detail={detail}
      action={
        <button
          type="button"
          className="sb-button sb-button-primary"
          onClick={() => window.location.reload()}
        >
          {t('actions.reload')}
        </button>
      }
    />
  );
}

import { connectionError } from '@switchboard/contracts';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Why a gateway or trunk connection is down, in the reader's language (the code of the raw
 * error), the raw text the server kept (`connect ECONNREFUSED 10.0.0.1:2775`) on hover.
 */
export function ConnectionErrorText({
  detail,
  danger,
  testId,
}: {
  detail: string | null | undefined;
  danger?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (!detail) return <span data-testid={testId} />;
  const { code, param } = connectionError(detail);
  return (
    <Tooltip title={detail}>
      <Typography.Text
        type={danger ? 'danger' : undefined}
        data-testid={testId}
        data-detail={detail}
        style={{ overflowWrap: 'anywhere' }}
      >
        {t(`connectionErrors.${code}`, { param })}
      </Typography.Text>
    </Tooltip>
  );
}

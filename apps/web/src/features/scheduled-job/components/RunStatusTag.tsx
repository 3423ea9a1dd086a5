import type { JobRunStatus } from '@switchboard/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<JobRunStatus, string> = {
  running: 'processing',
  ok: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A run's status as a coloured tag. */
export function RunStatusTag({ status }: { status: JobRunStatus }) {
  const { t } = useTranslation('jobs');
  return (
    <Tag color={COLORS[status]} style={{ whiteSpace: 'nowrap' }} data-testid="run-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}

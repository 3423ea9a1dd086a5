import type { NumberStatusResult, StatusCheckState, StatusCheckStopReason } from '@switchboard/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<StatusCheckState, string> = {
  running: 'processing',
  done: 'success',
  stopped: 'default',
};
export const STATUS_COLORS: Record<NumberStatusResult, string> = {
  reachable: 'green',
  busy: 'orange',
  unavailable: 'gold',
  vacant: 'red',
  failed: 'default',
};

/** A check's state; a check stopped for balance says so. */
export function CheckStateTag({
  state,
  stopReason,
}: {
  state: StatusCheckState;
  stopReason: StatusCheckStopReason | null;
}) {
  const { t } = useTranslation('voiceTools');
  return (
    <Tag
      color={stopReason === 'BALANCE_INSUFFICIENT' ? 'error' : STATE_COLORS[state]}
      data-testid="status-check-state"
    >
      {stopReason === 'BALANCE_INSUFFICIENT' ? t('stoppedForBalance') : t(`state.${state}`)}
    </Tag>
  );
}

export function NumberStatusTag({ status }: { status: NumberStatusResult | null }) {
  const { t } = useTranslation('voiceTools');
  if (!status) return <Tag>{t('notYet')}</Tag>;
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

import type { CallResult, CallTaskState } from '@switchboard/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<CallTaskState, string> = {
  waiting_submit: 'default',
  submitting: 'processing',
  running: 'blue',
  calling: 'processing',
  paused: 'gold',
  success: 'green',
  cancelled: 'red',
};

/** A task's state (and why it is paused) as the spec names it. */
export function TaskStateTag({ state, pauseReason }: { state: CallTaskState; pauseReason?: string | null }) {
  const { t } = useTranslation('callTask');
  return (
    <Tag color={STATE_COLORS[state]} data-testid="task-state" data-state={state}>
      {t(`state.${state}`)}
      {state === 'paused' && pauseReason === 'BALANCE_INSUFFICIENT' ? ` · ${t('pause.balance')}` : ''}
    </Tag>
  );
}

const RESULT_COLORS: Record<CallResult, string> = {
  answered: 'green',
  busy: 'orange',
  no_answer: 'default',
  rejected: 'volcano',
  invalid_number: 'magenta',
  failed: 'red',
};

export function ResultTag({ result }: { result: CallResult | null }) {
  const { t } = useTranslation('callTask');
  if (!result) return <Tag>{t('result.pending')}</Tag>;
  return (
    <Tag color={RESULT_COLORS[result]} data-testid="call-result">
      {t(`result.${result}`)}
    </Tag>
  );
}

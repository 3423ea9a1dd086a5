import {
  isErrorCode,
  SMS_STATUSES,
  type SmsBatchRow,
  type SmsBatchState,
  type SmsCallbackState,
  type SmsStatus,
  translateError,
} from '@switchboard/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';
import { countsInOrder } from '../lib/numbers';

const STATUS_COLORS: Record<SmsStatus, string> = {
  accepted: 'default',
  queued: 'processing',
  sent: 'cyan',
  delivered: 'success',
  undeliverable: 'error',
  rejected: 'error',
  expired: 'warning',
  timeout: 'warning',
  invalid_number: 'volcano',
  arrears: 'magenta',
  failed: 'error',
};

/** A message status in the language of the console (`sms.status.<code>`). */
export function SmsStatusTag({ status }: { status: SmsStatus }) {
  const { t } = useTranslation('sms');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="sms-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A batch's messages counted by status, one coloured tag per status that has any. */
export function StatusCounts({ counts }: { counts: SmsBatchRow['counts'] }) {
  const { t } = useTranslation('sms');
  return (
    <Flex gap={4} wrap data-testid="batch-counts">
      {countsInOrder(counts, SMS_STATUSES).map(([status, n]) => (
        <Tag key={status} color={STATUS_COLORS[status]} data-status={status} style={{ marginInlineEnd: 0 }}>
          {t(`status.${status}`)} {n}
        </Tag>
      ))}
    </Flex>
  );
}

const STATE_COLORS: Record<SmsBatchState, string> = {
  scheduled: 'blue',
  cancelled: 'default',
  dispatching: 'processing',
  done: 'success',
};

export function BatchStateTag({ state }: { state: SmsBatchState }) {
  const { t } = useTranslation('sms');
  return (
    <Tag color={STATE_COLORS[state]} data-testid="batch-state" data-state={state}>
      {t(`batchState.${state}`)}
    </Tag>
  );
}

const CALLBACK_COLORS: Record<SmsCallbackState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
  skipped: 'default',
};

export function CallbackStateTag({ state }: { state: SmsCallbackState }) {
  const { t } = useTranslation('sms');
  return (
    <Tag color={CALLBACK_COLORS[state]} data-testid="callback-state">
      {t(`callback.state.${state}`)}
    </Tag>
  );
}

/** Why a recipient is not sent, or a row not read: the contracts' error text in this language. */
export function useReasonText() {
  const locale = useLocale();
  return (reason: string) => (isErrorCode(reason) ? translateError(reason, locale) : reason);
}

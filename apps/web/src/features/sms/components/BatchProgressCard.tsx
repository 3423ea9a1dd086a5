import type { SmsKind, SmsSendResult } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { batchListKey, useBatch } from '../api/sms';
import { batchProgress } from '../lib/numbers';
import { BatchStateTag, StatusCounts } from './tags';

/**
 * The progress of a send just made: its messages counted by status, refreshed until every one has
 * reached a final status (or the batch was cancelled), and a bar of final out of all.
 */
export function BatchProgressCard({
  kind,
  sent,
  onRecords,
  onClose,
}: {
  kind: SmsKind;
  sent: SmsSendResult;
  onRecords: (batchId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sms');
  const currency = useCurrency();
  // Refreshed while open; the query stops asking once the batch is done.
  const batch = useBatch(kind, sent.batchId);
  const row = batch.data ?? null;
  const progress = row ? batchProgress(row) : null;
  const finished = progress?.done ?? false;
  const scheduled = row?.state === 'scheduled';
  const queryClient = useQueryClient();
  // The sends' list shows the final counts too once the batch is done.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: batchListKey(kind) });
  }, [finished, kind, queryClient]);
  return (
    <Card
      size="small"
      title={t('progress.title')}
      data-testid="batch-progress"
      data-batch-id={sent.batchId}
      data-done={finished ? 'true' : 'false'}
      extra={
        <Flex gap={8}>
          <Button size="small" onClick={() => onRecords(sent.batchId)} data-testid="batch-progress-records">
            {t('batch.records')}
          </Button>
          <Button size="small" onClick={onClose}>
            {t('progress.close')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {t('progress.accepted', { count: sent.accepted, amount: formatMoney(sent.amount, currency) })}
          {sent.scheduledAt ? ` ${t('progress.scheduledFor', { at: formatDateTime(sent.scheduledAt) })}` : ''}
        </Typography.Text>
        {sent.problems.length > 0 ? (
          <Alert type="warning" showIcon message={t('progress.notSent', { count: sent.problems.length })} />
        ) : null}
        {row && progress ? (
          <>
            <Flex gap={8} align="center" wrap>
              <BatchStateTag state={row.state} />
              <StatusCounts counts={row.counts} />
            </Flex>
            {scheduled ? null : (
              <>
                <Progress
                  percent={progress.percent}
                  status={finished ? 'success' : 'active'}
                  data-testid="batch-progress-bar"
                  data-final={progress.final}
                  data-total={progress.total}
                />
                <Typography.Text type="secondary" data-testid="batch-progress-text">
                  {t('progress.final', {
                    final: formatNumber(progress.final),
                    total: formatNumber(progress.total),
                  })}
                </Typography.Text>
              </>
            )}
          </>
        ) : null}
      </Flex>
    </Card>
  );
}

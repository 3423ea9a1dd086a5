import {
  PAYMENT_ISSUE_NOTE_MAX_LENGTH,
  PAYMENT_ISSUE_STATES,
  type PaymentIssue,
  type PaymentIssueState,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { rowActionsColumn } from '@/components/RowActions';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { showError } from '@/lib/query-client';
import { useCurrency } from '@/lib/session';
import { listPaymentIssuesQuery, useResolvePaymentIssue } from '../api/payment-issues';

export const PAYMENT_RESOLVE_PERMISSION = 'order:payment:resolve';
const STATE_COLORS: Record<PaymentIssueState, string> = {
  open: 'red',
  credited: 'green',
  dismissed: 'default',
};

type Resolving = { issue: PaymentIssue; action: 'credit' | 'dismiss' } | null;

/**
 * Payments to resolve (staff): money a provider reported that no order could take by itself (no
 * known order, another currency or price, an order closed unpaid). Staff credit it to the order's
 * company through the ledger, or dismiss it with a note; open ones first.
 */
export function PaymentIssuesCard() {
  const { t } = useTranslation(['billing', 'common']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const [state, setState] = useState<PaymentIssueState | undefined>('open');
  const [pageNo, setPageNo] = useState(1);
  const [resolving, setResolving] = useState<Resolving>(null);
  const [form] = Form.useForm<{ amount?: string; note?: string }>();
  const issues = useQuery(listPaymentIssuesQuery({ state, pageNo, pageSize: 10 }));
  const resolve = useResolvePaymentIssue();

  const submit = async () => {
    if (!resolving) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await resolve.mutateAsync({
        id: resolving.issue.id,
        action: resolving.action,
        amount: values.amount?.trim() || undefined,
        note: values.note?.trim() || undefined,
      });
      message.success(
        t(resolving.action === 'credit' ? 'issues.creditedMessage' : 'issues.dismissedMessage'),
      );
      setResolving(null);
      form.resetFields();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((f) => ({ name: f.field as never, errors: [f.message] })));
      // A refusal of the resolution itself (another currency: the amount is needed) shows at its field.
      else if (isApiError(error))
        form.setFields([
          { name: resolving.action === 'credit' ? 'amount' : 'note', errors: [error.message] },
        ]);
      else showError(error);
    }
  };

  return (
    <Card
      title={t('issues.title')}
      size="small"
      data-testid="payment-issues"
      extra={
        <Select
          allowClear
          value={state}
          placeholder={t('state')}
          onChange={(v?: PaymentIssueState) => {
            setState(v);
            setPageNo(1);
          }}
          options={PAYMENT_ISSUE_STATES.map((s) => ({ value: s, label: t(`issues.state.${s}`) }))}
          style={{ width: 140 }}
          data-testid="payment-issues-state"
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('issues.explain')}</Typography.Paragraph>
      <DataTable<PaymentIssue>
        rowKey="id"
        size="small"
        loading={issues.isPending}
        dataSource={issues.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNo,
          pageSize: 10,
          total: issues.data?.total ?? 0,
          onChange: setPageNo,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => <DateTimeText value={v} />,
          },
          {
            title: t('company'),
            dataIndex: 'companyName',
            render: (v: string | null) => <Ellipsis text={v ?? t('issues.noCompany')} />,
          },
          {
            title: t('issues.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: string | null, row) => (v === null ? '–' : formatMoney(v, row.currency ?? currency)),
          },
          {
            title: t('issues.reason'),
            dataIndex: 'reason',
            render: (v: PaymentIssue['reason'], row) => (
              <span title={row.detail ?? undefined}>{t(`issues.reasons.${v}`)}</span>
            ),
          },
          {
            title: t('state'),
            dataIndex: 'state',
            render: (v: PaymentIssueState) => (
              <Tag color={STATE_COLORS[v]} data-testid="payment-issue-state">
                {t(`issues.state.${v}`)}
              </Tag>
            ),
          },
          {
            title: t('issues.order'),
            dataIndex: 'orderId',
            responsive: ['lg'],
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          {
            title: t('issues.resolution'),
            dataIndex: 'resolutionNote',
            responsive: ['md'],
            render: (v: string | null, row) =>
              row.state === 'open' ? null : (
                <Ellipsis
                  text={[
                    row.amountCredited === null ? null : `+${formatMoney(row.amountCredited, currency)}`,
                    row.resolvedByUsername,
                    v,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ),
          },
          rowActionsColumn<PaymentIssue>(t('actions'), (row) => [
            row.state === 'open' &&
              row.orderId !== null && {
                key: 'credit',
                label: t('issues.credit'),
                permission: PAYMENT_RESOLVE_PERMISSION,
                testId: 'payment-issue-credit',
                onClick: () => setResolving({ issue: row, action: 'credit' }),
              },
            row.state === 'open' && {
              key: 'dismiss',
              label: t('issues.dismiss'),
              permission: PAYMENT_RESOLVE_PERMISSION,
              danger: true,
              testId: 'payment-issue-dismiss',
              onClick: () => setResolving({ issue: row, action: 'dismiss' }),
            },
          ]),
        ]}
      />
      <Modal
        open={resolving !== null}
        title={
          resolving ? t(resolving.action === 'credit' ? 'issues.creditTitle' : 'issues.dismissTitle') : ''
        }
        okText={resolving?.action === 'dismiss' ? t('issues.dismiss') : t('issues.credit')}
        okButtonProps={{ danger: resolving?.action === 'dismiss' }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={resolve.isPending}
        onOk={() => void submit()}
        onCancel={() => setResolving(null)}
        forceRender
      >
        {resolving && (
          <Typography.Paragraph>
            {resolving.issue.companyName ?? t('issues.noCompany')} —{' '}
            {resolving.issue.amount === null
              ? '–'
              : formatMoney(resolving.issue.amount, resolving.issue.currency ?? currency)}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" data-testid="payment-issue-form">
          {resolving?.action === 'credit' && (
            <Form.Item name="amount" label={t('issues.creditAmount')} extra={t('issues.creditAmountHelp')}>
              <Input inputMode="decimal" data-testid="payment-issue-amount" />
            </Form.Item>
          )}
          <Form.Item
            name="note"
            label={t('issues.note')}
            rules={[{ required: resolving?.action === 'dismiss', message: t('issues.noteRequired') }]}
          >
            <Input.TextArea
              maxLength={PAYMENT_ISSUE_NOTE_MAX_LENGTH}
              rows={2}
              data-testid="payment-issue-note"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

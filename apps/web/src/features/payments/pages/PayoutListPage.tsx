import {
  ORDER_DICTS,
  PAYOUT_EXPORT_PATH,
  PAYOUT_NOTE_MAX_LENGTH,
  type Payout,
  payoutListQuerySchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { showError } from '@/lib/query-client';
import { useCurrency } from '@/lib/session';
import { balanceQuery } from '../api/get-balance';
import { listPayoutsQuery, useCreatePayout, useDecidePayout } from '../api/payouts';

const PAYOUT_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };
const PERMISSIONS = { create: 'order:payout:create', decide: 'order:payout:decide' } as const;

type Decision = { payout: Payout; action: 'approve' | 'reject' } | null;

/**
 * Commission payouts: resellers ask to withdraw commission (at most what is available); staff
 * approve (the commission is debited through the ledger) or reject with a reason.
 */
export default function PayoutListPage() {
  const { t } = useTranslation(['billing', 'menu', 'common']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const states = useDict(ORDER_DICTS.payoutState);
  const [requesting, setRequesting] = useState(false);
  const [decision, setDecision] = useState<Decision>(null);
  const [requestForm] = Form.useForm<{ amount: string; note: string }>();
  const [decisionForm] = Form.useForm<{ reason: string }>();
  const create = useCreatePayout();
  const decide = useDecidePayout();
  const balance = useQuery({ ...balanceQuery(), enabled: requesting });

  const fieldError = (error: unknown, form: typeof requestForm | typeof decisionForm) => {
    const fields = isApiError(error) ? error.fieldErrors : [];
    if (fields.length > 0) {
      form.setFields(fields.map((f) => ({ name: f.field as never, errors: [f.message] })));
    } else showError(error);
  };

  const submitRequest = async () => {
    const values = await requestForm.validateFields().catch(() => null);
    if (!values) return;
    try {
      await create.mutateAsync({ amount: values.amount.trim(), note: values.note?.trim() || undefined });
      message.success(t('payout.requested'));
      setRequesting(false);
      requestForm.resetFields();
    } catch (error) {
      fieldError(error, requestForm);
    }
  };

  const submitDecision = async () => {
    if (!decision) return;
    const values = await decisionForm.validateFields().catch(() => null);
    if (!values) return;
    try {
      await decide.mutateAsync({
        action: decision.action,
        id: decision.payout.id,
        reason: values.reason?.trim() || undefined,
      });
      message.success(t(decision.action === 'approve' ? 'payout.approvedMessage' : 'payout.rejectedMessage'));
      setDecision(null);
      decisionForm.resetFields();
    } catch (error) {
      fieldError(error, decisionForm);
    }
  };

  return (
    <>
      <ResourceTable
        params={payoutListQuerySchema}
        query={listPayoutsQuery}
        rowKey="id"
        title={t('menu:payouts')}
        testId="payout-table"
        filters={
          <Form.Item name="state" label={t('state')}>
            <Select
              allowClear
              options={states.options}
              style={{ width: 140 }}
              data-testid="filter-payout-state"
            />
          </Form.Item>
        }
        toolbar={({ params }) => (
          <>
            <AddButton
              permission={PERMISSIONS.create}
              onClick={() => setRequesting(true)}
              testId="payout-request"
            >
              {t('payout.request')}
            </AddButton>
            <ExportButton path={PAYOUT_EXPORT_PATH} params={params} testId="payout-export" />
          </>
        )}
        columns={[
          {
            title: t('company'),
            dataIndex: 'companyName',
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          {
            title: t('amount'),
            dataIndex: 'amount',
            align: 'right',
            sorter: true,
            render: (v: string) => formatMoney(v, currency),
          },
          {
            title: t('state'),
            dataIndex: 'state',
            sorter: true,
            render: (v: string) => (
              <DictTag code={ORDER_DICTS.payoutState} value={v} colors={PAYOUT_COLORS} />
            ),
          },
          {
            title: t('payout.note'),
            dataIndex: 'note',
            responsive: ['md'],
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          { title: t('createdBy'), dataIndex: 'requestedByUsername', responsive: ['lg'] },
          { title: t('payout.decidedBy'), dataIndex: 'decidedByUsername', responsive: ['lg'] },
          {
            title: t('payout.reason'),
            dataIndex: 'decisionReason',
            responsive: ['md'],
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          {
            title: t('createdAt'),
            dataIndex: 'createdAt',
            responsive: ['md'],
            sorter: true,
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<Payout>(t('actions'), (row) => [
            row.state === 'pending' && {
              key: 'approve',
              label: t('payout.approve'),
              permission: PERMISSIONS.decide,
              testId: 'payout-approve',
              onClick: () => setDecision({ payout: row, action: 'approve' }),
            },
            row.state === 'pending' && {
              key: 'reject',
              label: t('payout.reject'),
              permission: PERMISSIONS.decide,
              danger: true,
              testId: 'payout-reject',
              onClick: () => setDecision({ payout: row, action: 'reject' }),
            },
          ]),
        ]}
      />
      <Modal
        open={requesting}
        title={t('payout.request')}
        okText={t('payout.submit')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={create.isPending}
        onOk={() => void submitRequest()}
        onCancel={() => setRequesting(false)}
        forceRender
      >
        <Typography.Paragraph type="secondary" data-testid="payout-commission">
          {t('payout.commission', {
            amount: balance.data ? formatMoney(balance.data.commission, balance.data.currency) : '–',
          })}
        </Typography.Paragraph>
        <Form form={requestForm} layout="vertical" data-testid="payout-form">
          <Form.Item
            name="amount"
            label={t('amount')}
            rules={[{ required: true, message: t('payout.amountRequired') }]}
          >
            <Input inputMode="decimal" data-testid="payout-amount" />
          </Form.Item>
          <Form.Item name="note" label={t('payout.note')}>
            <Input.TextArea maxLength={PAYOUT_NOTE_MAX_LENGTH} rows={2} data-testid="payout-note" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={decision !== null}
        title={
          decision ? t(decision.action === 'approve' ? 'payout.approveTitle' : 'payout.rejectTitle') : ''
        }
        okText={decision?.action === 'reject' ? t('payout.reject') : t('payout.approve')}
        okButtonProps={{ danger: decision?.action === 'reject' }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        onOk={() => void submitDecision()}
        onCancel={() => setDecision(null)}
        forceRender
      >
        {decision && (
          <Typography.Paragraph>
            {decision.payout.companyName} — {formatMoney(decision.payout.amount, currency)}
          </Typography.Paragraph>
        )}
        <Form form={decisionForm} layout="vertical" data-testid="payout-decision-form">
          <Form.Item
            name="reason"
            label={t('payout.reason')}
            rules={[{ required: decision?.action === 'reject', message: t('payout.reasonRequired') }]}
          >
            <Input.TextArea maxLength={PAYOUT_NOTE_MAX_LENGTH} rows={2} data-testid="payout-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

import type { CompanyListItem } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import {
  approvalRateGroupsQuery,
  useAdjustBalance,
  useApproveCompany,
  useRejectCompany,
  useSetCreditLimit,
} from '../api/companies';

/** The rate group choice meaning "none for now". */
const NO_GROUP = 'none';

/**
 * Approving a company gives it its SMS rate group: pre-filled with the default of its reseller
 * (or the platform's), chosen among the groups the approver may give; "none" leaves it without
 * prices until one is assigned.
 */
export function ApproveCompanyModal({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const approve = useApproveCompany();
  const offer = useQuery(approvalRateGroupsQuery(company.id));
  const [form] = Form.useForm<{ group: string }>();
  const groups = offer.data?.groups ?? [];
  useEffect(() => {
    if (offer.data) form.setFieldsValue({ group: offer.data.defaultGroupId ?? NO_GROUP });
  }, [offer.data, form]);
  const chosen = Form.useWatch('group', form);
  return (
    <Modal
      open
      title={t('company.approveTitle', { name: company.name })}
      okText={t('company.approve')}
      okButtonProps={
        { disabled: !offer.data, 'data-testid': 'company-approve-ok' } as Record<`data-${string}`, string>
      }
      cancelText={t('company.cancel')}
      confirmLoading={approve.isPending}
      onCancel={onClose}
      onOk={async () => {
        const { group } = await form.validateFields();
        approve.mutate(
          { id: company.id, smsRateGroupId: group === NO_GROUP ? null : group },
          {
            onSuccess: () => {
              void message.success(t('company.approved'));
              onClose();
            },
          },
        );
      }}
    >
      <Typography.Paragraph>{t('company.approveConfirm', { name: company.name })}</Typography.Paragraph>
      {offer.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" data-testid="company-approve-form">
          <Form.Item
            name="group"
            label={t('company.approveRateGroup')}
            extra={
              offer.data?.defaultGroupId
                ? t('company.approveRateGroupHint')
                : t('company.approveRateGroupNoDefault')
            }
          >
            <Select
              data-testid="company-approve-group"
              options={[
                ...groups.map((g) => ({
                  value: g.id,
                  label: [
                    g.name,
                    `(${g.ownerCompanyName ?? t('company.platform')})`,
                    g.isDefault ? `· ${t('company.defaultGroup')}` : '',
                  ]
                    .filter(Boolean)
                    .join(' '),
                })),
                { value: NO_GROUP, label: t('company.noRateGroup') },
              ]}
            />
          </Form.Item>
          {chosen === NO_GROUP ? (
            <Alert
              type="warning"
              showIcon
              title={t('company.noRateGroupWarning')}
              data-testid="company-approve-no-group"
            />
          ) : null}
        </Form>
      )}
      {approve.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={isApiError(approve.error) ? approve.error.message : String(approve.error)}
          data-testid="company-approve-error"
        />
      ) : null}
    </Modal>
  );
}

/** Amounts as typed: at most two decimals, above zero (the server checks again). */
const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Rejecting a sign-up needs the reason its users are told. */
export function RejectCompanyModal({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const reject = useRejectCompany();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('company.rejectTitle', { name: company.name })}
      okText={t('company.reject')}
      okButtonProps={{ danger: true, 'data-testid': 'company-reject-ok' } as Record<`data-${string}`, string>}
      cancelText={t('company.cancel')}
      confirmLoading={reject.isPending}
      onCancel={onClose}
      onOk={async () => {
        const { reason } = await form.validateFields();
        reject.mutate(
          { id: company.id, reason: reason.trim() },
          {
            onSuccess: () => {
              void message.success(t('company.rejected'));
              onClose();
            },
          },
        );
      }}
    >
      <Form form={form} layout="vertical" data-testid="company-reject-form">
        <Form.Item
          name="reason"
          label={t('company.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('company.rejectReasonRequired') }]}
          extra={t('company.rejectHint')}
        >
          <Input.TextArea maxLength={256} rows={3} data-testid="company-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** How far below zero the company's balance may go. */
export function CreditLimitModal({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const save = useSetCreditLimit();
  const [form] = Form.useForm<{ creditLimit: string }>();
  return (
    <Modal
      open
      title={t('company.creditLimitTitle', { name: company.name })}
      okText={t('table.save')}
      cancelText={t('company.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const { creditLimit } = await form.validateFields();
        save.mutate(
          { companyId: company.id, creditLimit: String(creditLimit) },
          {
            onSuccess: () => {
              void message.success(t('table.saved'));
              onClose();
            },
          },
        );
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ creditLimit: Number(company.creditLimit).toFixed(2) }}
        data-testid="company-credit-form"
      >
        <Form.Item
          name="creditLimit"
          label={t('company.creditLimit')}
          extra={t('company.creditLimitHint')}
          rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('company.amountInvalid') }]}
        >
          <InputNumber<string> stringMode min="0" step="100" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A manual recharge or deduction with its reason; one key per dialog, so a double click counts once. */
export function AdjustBalanceModal({ company, onClose }: { company: CompanyListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const currency = useCurrency();
  const { message } = App.useApp();
  const adjust = useAdjustBalance();
  const idempotencyKey = useMemo(() => `adjust-${crypto.randomUUID()}`, []);
  const [form] = Form.useForm<{ direction: 'credit' | 'debit'; amount: string; reason: string }>();
  return (
    <Modal
      open
      title={t('company.adjustTitle', { name: company.name })}
      okText={t('company.adjust')}
      cancelText={t('company.cancel')}
      confirmLoading={adjust.isPending}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        adjust.mutate(
          {
            companyId: company.id,
            direction: values.direction,
            amount: String(values.amount),
            reason: values.reason.trim(),
            idempotencyKey,
          },
          {
            onSuccess: () => {
              void message.success(t('company.adjusted'));
              onClose();
            },
          },
        );
      }}
    >
      <p>
        {t('company.balance')}: <strong>{formatMoney(company.balance, currency)}</strong>
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ direction: 'credit' }}
        data-testid="company-adjust-form"
      >
        <Form.Item name="direction" label={t('company.direction')}>
          <Radio.Group
            options={[
              { value: 'credit', label: t('company.credit') },
              { value: 'debit', label: t('company.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('company.amount')}
          rules={[
            { required: true, message: t('company.amountInvalid') },
            {
              validator: (_, v) =>
                AMOUNT_PATTERN.test(String(v ?? '')) && Number(v) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('company.amountInvalid'))),
            },
          ]}
        >
          <InputNumber<string>
            stringMode
            min="0.01"
            step="10"
            style={{ width: '100%' }}
            data-testid="company-adjust-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('company.reason')}
          rules={[{ required: true, whitespace: true, message: t('company.reasonRequired') }]}
        >
          <Input maxLength={256} data-testid="company-adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

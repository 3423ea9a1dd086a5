import { App, Descriptions, Form, InputNumber, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { useTransfer } from '../api/agent';

/** At most two decimals, above zero, at most the available amount. */
const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Cents of a decimal text (exact: no floats), or undefined. */
function cents(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return undefined;
  const frac = (m[3] ?? '').padEnd(6, '0');
  const micros = BigInt(m[2]!) * 1_000_000n + BigInt(frac);
  return (m[1] ? -micros : micros) / 10_000n;
}

/**
 * Moves money from the reseller's balance to a customer's. The idempotency key is made when the
 * dialog opens: a double click, or a retry after a lost answer, moves the money once.
 */
export function TransferModal({
  customer,
  ownBalance,
  creditLimit,
  onClose,
}: {
  customer: { id: string; name: string; balance: string };
  ownBalance: string;
  creditLimit: string;
  onClose: () => void;
}) {
  // What the reseller can give: its balance plus its credit limit, in exact cents.
  const availableCents = (cents(ownBalance) ?? 0n) + (cents(creditLimit) ?? 0n);
  const available = (Number(availableCents) / 100).toFixed(2);
  const { t } = useTranslation('agent');
  const currency = useCurrency();
  const { message } = App.useApp();
  const transfer = useTransfer();
  const idempotencyKey = useMemo(() => `transfer-${crypto.randomUUID()}`, []);
  const [form] = Form.useForm<{ amount: string }>();
  return (
    <Modal
      open
      title={t('transferTitle', { name: customer.name })}
      okText={t('transfer')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'transfer-ok' } as Record<`data-${string}`, string>}
      confirmLoading={transfer.isPending}
      onCancel={onClose}
      onOk={async () => {
        const { amount } = await form.validateFields();
        transfer.mutate(
          { companyId: customer.id, amount: String(amount), idempotencyKey },
          {
            onSuccess: () => {
              void message.success(t('transferred'));
              onClose();
            },
          },
        );
      }}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('available')}>{formatMoney(available, currency)}</Descriptions.Item>
        <Descriptions.Item label={t('customerBalance')}>
          {formatMoney(customer.balance, currency)}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" data-testid="transfer-form">
        <Form.Item
          name="amount"
          label={t('amount')}
          rules={[
            {
              validator: (_, v) => {
                const text = String(v ?? '');
                if (!AMOUNT_PATTERN.test(text) || Number(text) <= 0) {
                  return Promise.reject(new Error(t('amountInvalid')));
                }
                const want = cents(text);
                if (want !== undefined && want > availableCents) {
                  return Promise.reject(new Error(t('amountTooLarge')));
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<string>
            stringMode
            min="0.01"
            step="10"
            style={{ width: '100%' }}
            data-testid="transfer-amount"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

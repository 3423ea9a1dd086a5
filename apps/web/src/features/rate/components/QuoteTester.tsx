import { CHARGE_KINDS, type ChargeKind, type RateQuote } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { companiesQuery } from '../api/rate-groups';
import { useQuote } from '../api/rates';
import { useRateLabels } from './labels';

/** Company + kind + number -> the price (with cost and margin for staff, own price for resellers). */
export function QuoteTester({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const currency = useCurrency();
  const price = (value: string) => formatMoney(value, currency, 'price');
  const labels = useRateLabels();
  const companies = useQuery({ ...companiesQuery(), enabled: open });
  const quote = useQuote();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [kind, setKind] = useState<ChargeKind>('otp');
  const [number, setNumber] = useState('');
  const kindLabel = (k: ChargeKind) => (k === 'voice' || k === 'nd' ? labels.kind(k) : labels.smsKind(k));
  const result: RateQuote | undefined = quote.data;
  const company = companyId ?? companies.data?.records[0]?.id;
  return (
    <Modal open={open} title={t('quote.title')} footer={null} onCancel={onClose} width={560}>
      <Form
        layout="vertical"
        data-testid="rate-quote-form"
        onFinish={() => company && quote.mutate({ companyId: company, kind, number })}
      >
        <Form.Item label={t('quote.company')}>
          <Select
            showSearch
            optionFilterProp="label"
            value={company}
            onChange={setCompanyId}
            options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="rate-quote-company"
          />
        </Form.Item>
        <Form.Item label={t('quote.kind')}>
          <Select
            value={kind}
            onChange={setKind}
            options={CHARGE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          />
        </Form.Item>
        <Form.Item label={t('quote.number')} extra={t('quote.numberHint')}>
          <Input value={number} onChange={(e) => setNumber(e.target.value)} data-testid="rate-quote-number" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={quote.isPending}
          disabled={!company || !number.trim()}
          data-testid="rate-quote-run"
        >
          {t('quote.run')}
        </Button>
      </Form>
      {quote.isError && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={isApiError(quote.error) ? quote.error.message : String(quote.error)}
        />
      )}
      {result && !quote.isError && (
        <Descriptions
          style={{ marginTop: 16 }}
          column={1}
          size="small"
          bordered
          data-testid="rate-quote-result"
        >
          <Descriptions.Item label={t('quote.price')}>{price(result.price)}</Descriptions.Item>
          {result.ownPrice !== null && (
            <Descriptions.Item label={t('quote.ownPrice')}>{price(result.ownPrice)}</Descriptions.Item>
          )}
          {result.cost !== null && (
            <Descriptions.Item label={t('quote.cost')}>{price(result.cost)}</Descriptions.Item>
          )}
          {result.margin !== null && (
            <Descriptions.Item label={t('quote.margin')}>{price(result.margin)}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('quote.country')}>
            {labels.country(result.countryCode)}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.operator')}>
            {result.operator
              ? `${result.operator.name} (${result.operator.mcc}/${result.operator.mnc})`
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.matchedBy')}>
            {t(`quote.matched.${result.matchedBy}`)}
          </Descriptions.Item>
          {result.kind === 'voice' && (
            <Descriptions.Item label={t('quote.billing')}>
              {`${result.billingInitial}/${result.billingIncrement} + ${result.connectionFee}`}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';

/**
 * What an order came to against what was asked (credited minus requested): red when less was
 * paid, shown with its sign when more; nothing while nothing is credited.
 */
export function OrderDifference({ value }: { value: string | null }) {
  const { t } = useTranslation('billing');
  const currency = useCurrency();
  if (value === null) return null;
  const amount = Number(value);
  if (amount === 0) return <span data-testid="order-difference">{formatMoney(value, currency)}</span>;
  return (
    <Typography.Text
      type={amount < 0 ? 'danger' : 'warning'}
      title={t(amount < 0 ? 'underpaid' : 'overpaid')}
      data-testid="order-difference"
    >
      {amount > 0 ? '+' : ''}
      {formatMoney(value, currency)}
    </Typography.Text>
  );
}

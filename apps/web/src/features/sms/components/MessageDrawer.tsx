import { SMS_SOURCES, type SmsKind } from '@switchboard/contracts';
import { Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { useMessage } from '../api/sms';
import { SmsStatusTag } from './tags';

/** One message: its text, parts, price, times and error code (gateway, route and cost for staff). */
export function MessageDrawer({
  kind,
  id,
  onClose,
}: {
  kind: SmsKind;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('sms');
  const currency = useCurrency();
  const message = useMessage(kind, id);
  const m = message.data;
  const sources: readonly string[] = SMS_SOURCES;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('record.detailTitle')} width={520} destroyOnHidden>
      {m ? (
        <div data-testid="message-detail">
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'id',
                label: t('record.id'),
                children: <Typography.Text copyable>{m.id}</Typography.Text>,
              },
              { key: 'to', label: t('record.to'), children: <span data-testid="detail-to">{m.to}</span> },
              { key: 'country', label: t('record.country'), children: m.countryCode ?? '' },
              { key: 'sender', label: t('record.sender'), children: m.sender ?? '' },
              {
                key: 'text',
                label: t('record.text'),
                children: (
                  <Typography.Paragraph
                    style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                    data-testid="detail-text"
                  >
                    {m.text}
                  </Typography.Paragraph>
                ),
              },
              {
                key: 'parts',
                label: t('record.parts'),
                children: <span data-testid="detail-parts">{m.parts}</span>,
              },
              { key: 'price', label: t('record.price'), children: formatMoney(m.price, currency, 'price') },
              { key: 'status', label: t('record.status'), children: <SmsStatusTag status={m.status} /> },
              {
                key: 'error',
                label: t('record.errorCode'),
                children: <span data-testid="detail-error">{m.errorCode ?? ''}</span>,
              },
              {
                key: 'source',
                label: t('record.source'),
                children: sources.includes(m.source) ? t(`source.${m.source}`) : m.source,
              },
              { key: 'clientRef', label: t('record.clientRef'), children: m.clientRef ?? '' },
              { key: 'batch', label: t('record.batch'), children: m.batchId ?? '' },
              { key: 'createdAt', label: t('record.createdAt'), children: formatDateTime(m.createdAt) },
              { key: 'sentAt', label: t('record.sentAt'), children: formatDateTime(m.sentAt) },
              { key: 'doneAt', label: t('record.doneAt'), children: formatDateTime(m.doneAt) },
              ...(m.gatewayName !== null || m.routeName !== null || m.cost !== null
                ? [
                    { key: 'gateway', label: t('record.gateway'), children: m.gatewayName ?? '' },
                    { key: 'route', label: t('record.route'), children: m.routeName ?? '' },
                    {
                      key: 'cost',
                      label: t('record.cost'),
                      children: formatMoney(m.cost, currency, 'price'),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      ) : null}
    </Drawer>
  );
}

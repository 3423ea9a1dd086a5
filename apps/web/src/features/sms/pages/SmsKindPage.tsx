import type { SmsKind, SmsSendResult } from '@switchboard/contracts';
import { Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Can } from '@/components/Can';
import { SAME_TAB_STATE } from '@/components/table-url-state';
import { smsPerms } from '../api/sms';
import { BatchProgressCard } from '../components/BatchProgressCard';
import { BatchTable } from '../components/BatchTable';
import { RecordTable } from '../components/RecordTable';
import { SendPanel } from '../components/SendPanel';

type TabKey = 'outbox' | 'timing' | 'records';

/** Parameters only the records take. */
const RECORD_PARAMS = ['batchId', 'number', 'status', 'gatewayId'];

/**
 * One kind's screen (the four menu entries share it): Outbox sends now, Timing at a chosen time,
 * each with its send form and its sends; Records lists the messages. Each tab's list keeps its
 * filters in the URL (one list shown at a time), so changing tabs starts the next one afresh.
 * The records are a tab of the kind's screen, not a screen with a kind filter: the server's
 * records, permissions and export are per kind, and a send's "Records" opens them in place.
 */
export function SmsKindPage({ kind }: { kind: SmsKind }) {
  const { t } = useTranslation('sms');
  const navigate = useNavigate();
  const location = useLocation();
  // A link with records' filters (a batch, a number, a status) opens the records.
  const [tab, setTab] = useState<TabKey>(() =>
    RECORD_PARAMS.some((key) => new URLSearchParams(location.search).has(key)) ? 'records' : 'outbox',
  );
  const [sent, setSent] = useState<SmsSendResult | null>(null);

  const show = (next: TabKey, search = '') => {
    setTab(next);
    if (next !== 'records' || search === '') setSent((s) => (next === tab ? s : null));
    navigate({ pathname: location.pathname, search }, { state: SAME_TAB_STATE });
  };
  const openRecords = (batchId: string) => show('records', `?batchId=${encodeURIComponent(batchId)}`);

  const sendTab = (scheduled: boolean) => (
    <Flex vertical gap={16}>
      <Can action={smsPerms(kind).send}>
        <SendPanel kind={kind} scheduled={scheduled} onSent={setSent} />
      </Can>
      {sent ? (
        <BatchProgressCard kind={kind} sent={sent} onRecords={openRecords} onClose={() => setSent(null)} />
      ) : null}
      <BatchTable kind={kind} scheduled={scheduled} onRecords={openRecords} />
    </Flex>
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => show(key as TabKey)}
      destroyOnHidden
      data-testid="sms-tabs"
      items={[
        {
          key: 'outbox',
          label: <span data-testid="tab-outbox">{t('tabs.outbox')}</span>,
          children: sendTab(false),
        },
        {
          key: 'timing',
          label: <span data-testid="tab-timing">{t('tabs.timing')}</span>,
          children: sendTab(true),
        },
        {
          key: 'records',
          label: <span data-testid="tab-records">{t('tabs.records')}</span>,
          children: <RecordTable kind={kind} />,
        },
      ]}
    />
  );
}

export const MarketingPage = () => <SmsKindPage kind="marketing" />;
export const NotificationPage = () => <SmsKindPage kind="notification" />;
export const OtpPage = () => <SmsKindPage kind="otp" />;
export const PremiumOtpPage = () => <SmsKindPage kind="premium_otp" />;

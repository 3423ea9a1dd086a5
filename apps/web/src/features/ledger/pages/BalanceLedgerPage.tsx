import {
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
  ledgerListQuerySchema,
  ledgerNoteText,
} from '@switchboard/contracts';
import {
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CompanyPicker, useScopeCompanies } from '@/components/CompanyPicker';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { type FilterParams, ResourceTable } from '@/components/ResourceTable';
import { exportWindow } from '@/lib/export-window';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/i18n';
import { filterText, periodParams, periodValue } from '@/lib/period-query';
import { useCurrency, useIsStaff } from '@/lib/session';
import { LEDGER_EXPORT_PATH, listLedgerQuery, useBalance } from '../api/ledger';

const CREDIT: readonly LedgerKind[] = ['topup', 'refund', 'transfer_in', 'commission'];

function toQuery(values: Record<string, unknown>): FilterParams<typeof ledgerListQuerySchema> {
  return {
    companyId: filterText(values.companyId),
    kind: filterText(values.kind),
    account: filterText(values.account),
    ...periodParams(values.period, true),
  };
}

function fromQuery(query: Record<string, string>): Record<string, unknown> {
  return { companyId: query.companyId, kind: query.kind, account: query.account, period: periodValue(query) };
}

/** billing/BalanceLedger: the balance, credit limit and commission, and the ledger behind them. */
export default function BalanceLedgerPage() {
  const { t } = useTranslation('ledger');
  const platformCurrency = useCurrency();
  const locale = useLocale();
  const location = useLocation();
  const companyId = new URLSearchParams(location.search).get('companyId') ?? undefined;
  // Staff have no balance of their own: theirs is the one of the company they pick.
  const staff = useIsStaff();
  const balance = useBalance(companyId, !staff || companyId !== undefined);
  // Rows are in the ledger's currency (the balance answer names it), the platform's.
  const currency = balance.data?.currency ?? platformCurrency;
  // More than one company in scope (staff, resellers): they may choose whose ledger they see.
  const scope = useScopeCompanies('');
  const canChoose = (scope.data?.total ?? 0) > 1;

  const kindOptions = LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));
  const columns = useMemo<TableColumnsType<LedgerEntry>>(
    () => [
      { title: t('time'), dataIndex: 'createdAt', render: (value: string) => <DateTimeText value={value} /> },
      {
        title: t('kind'),
        dataIndex: 'kind',
        render: (kind: LedgerKind) => (
          <Tag color={CREDIT.includes(kind) ? 'green' : kind === 'adjustment' ? 'blue' : 'orange'}>
            {t(`kinds.${kind}`)}
          </Tag>
        ),
      },
      {
        title: t('account'),
        dataIndex: 'account',
        responsive: ['md'],
        render: (a: string) => t(`accounts.${a}` as 'accounts.balance'),
      },
      {
        title: t('amount'),
        dataIndex: 'amount',
        align: 'right',
        render: (value: string) => (
          <span
            style={{ whiteSpace: 'nowrap', color: value.startsWith('-') ? '#cf1322' : undefined }}
            data-testid="ledger-amount"
          >
            {formatMoney(value, currency)}
          </span>
        ),
      },
      {
        title: t('balanceAfter'),
        dataIndex: 'balanceAfter',
        align: 'right',
        responsive: ['sm'],
        render: (value: string) => (
          <span style={{ whiteSpace: 'nowrap' }} data-testid="ledger-balance-after">
            {formatMoney(value, currency)}
          </span>
        ),
      },
      { title: t('reference'), dataIndex: 'reference', responsive: ['lg'] },
      {
        title: t('note'),
        dataIndex: 'note',
        responsive: ['md'],
        render: (_: unknown, entry: LedgerEntry) => ledgerNoteText(entry, locale),
      },
      { title: t('by'), dataIndex: 'actorUsername', responsive: ['lg'] },
    ],
    [t, currency, locale],
  );

  const data = balance.data;
  return (
    <Flex vertical gap={16}>
      <Card loading={balance.isLoading} data-testid="balance-card">
        {staff && companyId === undefined ? (
          <Typography.Paragraph type="secondary" data-testid="balance-pick-company">
            {t('pickCompany')}
          </Typography.Paragraph>
        ) : null}
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}>
            <Statistic
              title={t('balance')}
              value={data ? formatMoney(data.balance, data.currency) : ''}
              data-testid="balance-value"
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('creditLimit')}
              value={data ? formatMoney(data.creditLimit, data.currency) : ''}
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('commission')}
              value={data ? formatMoney(data.commission, data.currency) : ''}
              data-testid="commission-value"
            />
          </Col>
        </Row>
      </Card>
      <ResourceTable
        params={ledgerListQuerySchema}
        query={listLedgerQuery}
        rowKey="id"
        title={t('title')}
        testId="ledger-table"
        columns={columns}
        toQuery={toQuery}
        fromQuery={fromQuery}
        filters={
          <>
            {canChoose ? (
              <Form.Item name="companyId" label={t('company')}>
                <CompanyPicker placeholder={t('ownCompany')} minWidth={220} testId="ledger-company" />
              </Form.Item>
            ) : null}
            <Form.Item name="kind" label={t('kind')}>
              <Select
                allowClear
                placeholder={t('all')}
                options={kindOptions}
                style={{ minWidth: 140 }}
                data-testid="ledger-kind"
              />
            </Form.Item>
            <Form.Item name="account" label={t('account')}>
              <Select
                allowClear
                placeholder={t('all')}
                style={{ minWidth: 120 }}
                options={LEDGER_ACCOUNTS.map((a) => ({ value: a, label: t(`accounts.${a}`) }))}
              />
            </Form.Item>
            <Form.Item name="period" label={t('period')}>
              <DatePicker.RangePicker data-testid="ledger-period" />
            </Form.Item>
          </>
        }
        toolbar={({ params }) => (
          <ExportButton
            path={LEDGER_EXPORT_PATH}
            params={params}
            prepare={exportWindow}
            testId="ledger-export"
          />
        )}
      />
    </Flex>
  );
}

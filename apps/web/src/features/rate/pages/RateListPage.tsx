import { CalculatorOutlined, EditOutlined } from '@ant-design/icons';
import { type Rate, rateListQuerySchema, SMS_KINDS } from '@switchboard/contracts';
import { App, Button, Empty, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can } from '@/components/Can';
import { CountryCodeSelect } from '@/components/CountryCodeSelect';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { useAllRateGroups } from '../api/rate-groups';
import {
  listRatesQuery,
  RATE_EXPORT_PATH,
  RATE_IMPORT_PATH,
  useDeleteRates,
  useReloadRates,
} from '../api/rates';
import { BatchEditModal } from '../components/BatchEditModal';
import { RATE_PERMS, useRateLabels } from '../components/labels';
import { QuoteTester } from '../components/QuoteTester';
import { RateFormModal } from '../components/RateFormModal';

const FILTER_KEYS = ['countryCode', 'smsKind', 'mcc', 'mnc', 'prefix'] as const;

/**
 * rates/RateList: the rates of one group, filtered and sorted on the server; export, import (all
 * rows or none, the not-lower rule per row), batch edit, batch delete and the quote tester.
 */
export default function RateListPage() {
  const { t } = useTranslation(['rates', 'common']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const labels = useRateLabels();
  const [search] = useSearchParams();
  const groups = useAllRateGroups();
  const groupId = search.get('groupId') ?? undefined;
  const group = groups.data?.records.find((g) => g.id === groupId);
  const editable = group?.editable === true;
  const form = useEntityModal<Rate>();
  const [batchOpen, setBatchOpen] = useState(false);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const remove = useDeleteRates();
  const reload = useReloadRates();
  const filter = {
    groupId: groupId ?? '',
    ...Object.fromEntries(FILTER_KEYS.map((k) => [k, search.get(k) ?? undefined]).filter(([, v]) => v)),
  };
  return (
    <>
      <ResourceTable
        params={rateListQuerySchema}
        query={listRatesQuery}
        rowKey="id"
        title={group ? `${t('ratesTitle')}: ${group.name}` : t('ratesTitle')}
        testId="rate-table"
        selectable={editable}
        toQuery={(values) => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(values))
            if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
          return out;
        }}
        filters={
          <>
            <Form.Item name="groupId" label={t('rate.group')}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ width: 240 }}
                loading={groups.isLoading}
                options={(groups.data?.records ?? []).map((g) => ({
                  value: g.id,
                  label: `${g.name} · ${labels.kind(g.kind)}`,
                }))}
                data-testid="filter-group"
              />
            </Form.Item>
            <Form.Item name="countryCode" label={t('rate.countryCode')}>
              <CountryCodeSelect allowClear testId="filter-country" />
            </Form.Item>
            {(!group || group.kind === 'sms') && (
              <Form.Item name="smsKind" label={t('rate.smsKind')}>
                <Select
                  allowClear
                  style={{ width: 150 }}
                  options={SMS_KINDS.map((k) => ({ value: k, label: labels.smsKind(k) }))}
                />
              </Form.Item>
            )}
            <Form.Item name="prefix" label={t('rate.prefix')}>
              <Input allowClear style={{ width: 130 }} data-testid="filter-prefix" />
            </Form.Item>
            <Form.Item name="mcc" label={t('rate.mcc')}>
              <Input allowClear style={{ width: 80 }} maxLength={3} />
            </Form.Item>
            <Form.Item name="mnc" label={t('rate.mnc')}>
              <Input allowClear style={{ width: 80 }} maxLength={3} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <Space wrap>
            {editable && (
              <AddButton permission={RATE_PERMS.add} onClick={() => form.add()} testId="rate-add">
                {t('add')}
              </AddButton>
            )}
            {editable && (
              <Can action={RATE_PERMS.batchEdit}>
                <Button icon={<EditOutlined />} onClick={() => setBatchOpen(true)} data-testid="rate-batch">
                  {t('batch.button')}
                </Button>
              </Can>
            )}
            {editable && (
              <ImportButton
                permission={RATE_PERMS.import}
                title={group ? t('importTitle', { name: group.name }) : undefined}
                path={RATE_IMPORT_PATH}
                query={{ groupId }}
                template={{ path: RATE_EXPORT_PATH, params: { groupId } }}
                onImported={(count) => {
                  void reload();
                  void message.success(t('imported', { count }));
                }}
              />
            )}
            {groupId && <ExportButton path={RATE_EXPORT_PATH} params={params} />}
            {editable && (
              <BatchDeleteButton
                selectedKeys={selectedKeys}
                permission={RATE_PERMS.delete}
                onDelete={(ids) => remove.mutateAsync(ids)}
                onDone={clearSelection}
              />
            )}
            <Can action={RATE_PERMS.quote}>
              <Button
                icon={<CalculatorOutlined />}
                onClick={() => setQuoteOpen(true)}
                data-testid="rate-quote"
              >
                {t('quote.button')}
              </Button>
            </Can>
          </Space>
        )}
        columns={[
          {
            title: t('rate.countryCode'),
            dataIndex: 'countryCode',
            sorter: true,
            render: (code: string) => labels.country(code),
          },
          ...(group?.kind === 'sms' || !group
            ? [
                {
                  title: t('rate.smsKind'),
                  dataIndex: 'smsKind',
                  sorter: true,
                  render: (k: Rate['smsKind']) => labels.smsKind(k),
                },
              ]
            : []),
          {
            title: t('rate.prefix'),
            dataIndex: 'prefix',
            sorter: true,
            render: (p: string | null) => (p ? `+${p}` : ''),
          },
          {
            title: `${t('rate.mcc')}/${t('rate.mnc')}`,
            dataIndex: 'mcc',
            sorter: true,
            responsive: ['md'],
            render: (mcc: string | null, r: Rate) => (mcc ? `${mcc}${r.mnc ? `/${r.mnc}` : ''}` : ''),
          },
          {
            title: group?.kind === 'voice' ? t('rate.pricePerMinute') : t('rate.price'),
            dataIndex: 'price',
            sorter: true,
            align: 'right' as const,
            render: (p: string) => (
              <span data-testid="rate-price-cell">{formatMoney(p, currency, 'price')}</span>
            ),
          },
          ...(group?.kind === 'voice'
            ? [
                {
                  title: t('rate.connectionFee'),
                  dataIndex: 'connectionFee',
                  align: 'right' as const,
                  render: (fee: string) => formatMoney(fee, currency, 'price'),
                },
                {
                  title: t('rate.billing'),
                  dataIndex: 'billingInitial',
                  render: (initial: number, r: Rate) => `${initial}/${r.billingIncrement}`,
                },
              ]
            : []),
          { title: t('rate.remark'), dataIndex: 'remark', responsive: ['lg'] },
          {
            title: t('updatedAt'),
            dataIndex: 'updatedAt',
            sorter: true,
            responsive: ['lg'],
            render: (v: string) => <DateTimeText value={v} />,
          },
          ...(editable
            ? [
                rowActionsColumn<Rate>(t('actions'), (record) => [
                  editAction(t('edit'), RATE_PERMS.edit, () => form.edit(record)),
                  {
                    key: 'delete',
                    label: t('delete'),
                    permission: RATE_PERMS.delete,
                    danger: true,
                    confirm: t('deleteRateConfirm', { destination: record.countryCode }),
                    onClick: () =>
                      remove.mutateAsync([record.id]).then(
                        () => void message.success(t('deleted')),
                        () => {},
                      ),
                  },
                ]),
              ]
            : []),
        ]}
      />
      {!groupId && <Empty description={t('rate.chooseGroup')} />}
      <RateFormModal group={group} {...form.modal} />
      {groupId && (
        <BatchEditModal filter={filter as never} open={batchOpen} onClose={() => setBatchOpen(false)} />
      )}
      <QuoteTester open={quoteOpen} onClose={() => setQuoteOpen(false)} />
    </>
  );
}

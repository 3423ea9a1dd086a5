import {
  type GatewayPrice,
  type GatewayPriceInput,
  gatewayPriceInputSchema,
  gatewayPriceListQuerySchema,
  RATE_GROUP_KINDS,
} from '@switchboard/contracts';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { CountryCodeSelect } from '@/components/CountryCodeSelect';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { type EntityModalProps, FormModal, useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useEntityForm } from '@/components/use-entity-form';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import {
  GATEWAY_COST_EXPORT_PATH,
  GATEWAY_COST_IMPORT_PATH,
  listGatewayCostsQuery,
  useDeleteGatewayCost,
  useDeleteGatewayCosts,
  useReloadGatewayCosts,
  useSaveGatewayCost,
} from '../api/gateway-costs';
import { RATE_PERMS, useRateLabels } from '../components/labels';

type Values = {
  gateway: string;
  kind: GatewayPriceInput['kind'];
  countryCode: string;
  mcc?: string;
  mnc?: string;
  cost: string;
  remark?: string;
};
const EMPTY: Values = { gateway: '', kind: 'sms', countryCode: '', cost: '' };
const clean = (v: string | undefined | null) => (v && v.trim() !== '' ? v.trim() : undefined);
const toInput = (v: Values): GatewayPriceInput => ({
  gateway: v.gateway,
  kind: v.kind,
  countryCode: v.countryCode.trim().toUpperCase(),
  mcc: clean(v.mcc),
  mnc: clean(v.mnc),
  cost: v.cost.trim(),
  remark: clean(v.remark) ?? null,
});
const formSchema = z.preprocess((v) => toInput({ ...EMPTY, ...(v as Values) }), gatewayPriceInputSchema);

function GatewayCostForm({ open, editing, onClose }: EntityModalProps<GatewayPrice>) {
  const { t } = useTranslation('rates');
  const labels = useRateLabels();
  const save = useSaveGatewayCost();
  const fieldLabels = {
    gateway: t('gateway.gateway'),
    kind: t('gateway.kind'),
    countryCode: t('gateway.countryCode'),
    mcc: t('gateway.mcc'),
    mnc: t('gateway.mnc'),
    cost: t('gateway.cost'),
    remark: t('gateway.remark'),
  };
  const entity = useEntityForm<Values, GatewayPrice>({
    open,
    editing,
    valuesOf: (g) =>
      g
        ? {
            gateway: g.gateway,
            kind: g.kind,
            countryCode: g.countryCode,
            mcc: g.mcc ?? '',
            mnc: g.mnc ?? '',
            cost: g.cost,
            remark: g.remark ?? '',
          }
        : EMPTY,
    schema: formSchema,
    labels: fieldLabels,
    save: (values) => save.mutateAsync({ id: editing?.id, input: toInput(values) }),
    successMessage: t('saved'),
    onClose,
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('gateway.editTitle') : t('gateway.createTitle')}
      testId="gateway-cost-form"
    >
      <Form.Item name="gateway" label={fieldLabels.gateway} rules={[rule('gateway')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={fieldLabels.kind}>
        <Select options={RATE_GROUP_KINDS.map((k) => ({ value: k, label: labels.kind(k) }))} />
      </Form.Item>
      <Form.Item name="countryCode" label={fieldLabels.countryCode} rules={[rule('countryCode')]}>
        <CountryCodeSelect testId="gateway-cost-country" />
      </Form.Item>
      <Form.Item name="mcc" label={fieldLabels.mcc} rules={[rule('mcc')]}>
        <Input maxLength={3} />
      </Form.Item>
      <Form.Item name="mnc" label={fieldLabels.mnc} rules={[rule('mnc')]}>
        <Input maxLength={3} />
      </Form.Item>
      <Form.Item name="cost" label={fieldLabels.cost} rules={[rule('cost')]}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="remark" label={fieldLabels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}

/** rates/GatewayCostList: what each gateway costs per country and operator (staff). */
export default function GatewayCostListPage() {
  const { t } = useTranslation(['rates', 'common']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const labels = useRateLabels();
  const form = useEntityModal<GatewayPrice>();
  const remove = useDeleteGatewayCost();
  const removeMany = useDeleteGatewayCosts();
  const reload = useReloadGatewayCosts();
  return (
    <>
      <ResourceTable
        params={gatewayPriceListQuerySchema}
        query={listGatewayCostsQuery}
        rowKey="id"
        title={t('gatewayTitle')}
        testId="gateway-cost-table"
        selectable
        filters={
          <>
            <Form.Item name="gateway" label={t('gateway.gateway')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="countryCode" label={t('gateway.countryCode')}>
              <CountryCodeSelect allowClear />
            </Form.Item>
            <Form.Item name="kind" label={t('gateway.kind')}>
              <Select
                allowClear
                style={{ width: 160 }}
                options={RATE_GROUP_KINDS.map((k) => ({ value: k, label: labels.kind(k) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={RATE_PERMS.gatewayEdit} onClick={() => form.add()}>
              {t('add')}
            </AddButton>
            <ExportButton path={GATEWAY_COST_EXPORT_PATH} params={params} />
            <ImportButton
              permission={RATE_PERMS.gatewayEdit}
              title={t('gateway.importTitle')}
              path={GATEWAY_COST_IMPORT_PATH}
              template={{ path: GATEWAY_COST_EXPORT_PATH }}
              onImported={(count) => {
                void reload();
                void message.success(t('gateway.imported', { count }));
              }}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={RATE_PERMS.gatewayEdit}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
        columns={[
          { title: t('gateway.gateway'), dataIndex: 'gateway', sorter: true },
          {
            title: t('gateway.kind'),
            dataIndex: 'kind',
            sorter: true,
            render: (k: GatewayPrice['kind']) => labels.kind(k),
          },
          {
            title: t('gateway.countryCode'),
            dataIndex: 'countryCode',
            sorter: true,
            render: (c: string) => labels.country(c),
          },
          {
            title: `${t('gateway.mcc')}/${t('gateway.mnc')}`,
            dataIndex: 'mcc',
            sorter: true,
            render: (mcc: string | null, r) => (mcc ? `${mcc}${r.mnc ? `/${r.mnc}` : ''}` : ''),
          },
          {
            title: t('gateway.cost'),
            dataIndex: 'cost',
            align: 'right',
            sorter: true,
            render: (cost: string) => formatMoney(cost, currency, 'price'),
          },
          {
            title: t('updatedAt'),
            dataIndex: 'updatedAt',
            sorter: true,
            responsive: ['lg'],
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<GatewayPrice>(t('actions'), (record) => [
            editAction(t('edit'), RATE_PERMS.gatewayEdit, () => form.edit(record)),
            {
              key: 'delete',
              label: t('delete'),
              permission: RATE_PERMS.gatewayEdit,
              danger: true,
              confirm: t('gateway.deleteConfirm'),
              onClick: () =>
                remove.mutateAsync(record.id).then(
                  () => void message.success(t('deleted')),
                  () => {},
                ),
            },
          ]),
        ]}
      />
      <GatewayCostForm {...form.modal} />
    </>
  );
}

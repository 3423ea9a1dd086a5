import {
  type Operator,
  type OperatorInput,
  operatorInputSchema,
  operatorListQuerySchema,
} from '@switchboard/contracts';
import { App, Form, Input, Tooltip } from 'antd';
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
import {
  listOperatorsQuery,
  OPERATOR_EXPORT_PATH,
  OPERATOR_IMPORT_PATH,
  useDeleteOperators,
  useReloadOperators,
  useSaveOperator,
} from '../api/routing';
import { ROUTING_PERMS, useRoutingLabels } from '../components/labels';

type Values = { countryCode: string; mcc: string; mnc: string; name: string; prefixes: string };
const EMPTY: Values = { countryCode: '', mcc: '', mnc: '', name: '', prefixes: '' };
const toInput = (v: Values): OperatorInput => ({
  countryCode: (v.countryCode ?? '').trim().toUpperCase(),
  mcc: (v.mcc ?? '').trim(),
  mnc: (v.mnc ?? '').trim(),
  name: v.name ?? '',
  prefixes: v.prefixes ?? '',
});
const formSchema = z.preprocess((v) => toInput({ ...EMPTY, ...(v as Values) }), operatorInputSchema);

function OperatorForm({ open, editing, onClose }: EntityModalProps<Operator>) {
  const { t } = useTranslation('routing');
  const save = useSaveOperator();
  const labels = {
    countryCode: t('operators.country'),
    mcc: t('operators.mcc'),
    mnc: t('operators.mnc'),
    name: t('operators.name'),
    prefixes: t('operators.prefixes'),
  };
  const entity = useEntityForm<Values, Operator>({
    open,
    editing,
    valuesOf: (o) =>
      o
        ? {
            countryCode: o.countryCode,
            mcc: o.mcc,
            mnc: o.mnc,
            name: o.name,
            prefixes: o.prefixes.join(', '),
          }
        : EMPTY,
    schema: formSchema,
    labels,
    save: (values) => save.mutateAsync({ id: editing?.id, input: toInput(values) }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: {
      OPERATOR_DUPLICATE: 'mnc',
      OPERATOR_PREFIX_COUNTRY: 'prefixes',
      COUNTRY_UNKNOWN: 'countryCode',
    },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('operators.editTitle') : t('operators.createTitle')}
      testId="operator-form"
    >
      <Form.Item name="countryCode" label={labels.countryCode} rules={[rule('countryCode')]}>
        <CountryCodeSelect testId="operator-country" />
      </Form.Item>
      <Form.Item name="mcc" label={labels.mcc} rules={[rule('mcc')]}>
        <Input maxLength={3} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="mnc" label={labels.mnc} rules={[rule('mnc')]}>
        <Input maxLength={3} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="prefixes"
        label={labels.prefixes}
        rules={[rule('prefixes')]}
        extra={t('operators.prefixesHint')}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}

/** routing/OperatorList: mobile operators with MCC/MNC and number prefixes per country (staff). */
export default function OperatorListPage() {
  const { t } = useTranslation('routing');
  const { message } = App.useApp();
  const labels = useRoutingLabels();
  const form = useEntityModal<Operator>();
  const remove = useDeleteOperators();
  const reload = useReloadOperators();
  return (
    <>
      <ResourceTable
        params={operatorListQuerySchema}
        query={listOperatorsQuery}
        rowKey="id"
        title={t('operators.title')}
        testId="operator-table"
        selectable
        filters={
          <>
            <Form.Item name="countryCode" label={t('operators.country')}>
              <CountryCodeSelect allowClear />
            </Form.Item>
            <Form.Item name="name" label={t('operators.name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="mcc" label={t('operators.mcc')}>
              <Input allowClear maxLength={3} style={{ width: 90 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={ROUTING_PERMS.operatorEdit} onClick={() => form.add()}>
              {t('operators.add')}
            </AddButton>
            <ExportButton path={OPERATOR_EXPORT_PATH} params={params} />
            <ImportButton
              permission={ROUTING_PERMS.operatorEdit}
              title={t('operators.importTitle')}
              path={OPERATOR_IMPORT_PATH}
              template={{ path: OPERATOR_EXPORT_PATH }}
              onImported={(count) => {
                void reload();
                void message.success(t('operators.imported', { count }));
              }}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={ROUTING_PERMS.operatorEdit}
              onDelete={(ids) => remove.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
        columns={[
          {
            title: t('operators.country'),
            dataIndex: 'countryCode',
            sorter: true,
            render: (c: string) => labels.country(c),
          },
          { title: t('operators.name'), dataIndex: 'name', sorter: true },
          {
            title: `${t('operators.mcc')}/${t('operators.mnc')}`,
            dataIndex: 'mcc',
            sorter: true,
            render: (mcc: string, o: Operator) => `${mcc}/${o.mnc}`,
          },
          {
            title: t('operators.prefixes'),
            dataIndex: 'prefixes',
            responsive: ['md'],
            render: (p: string[]) =>
              p.length > 4 ? (
                <Tooltip
                  title={p.join(', ')}
                >{`${p.slice(0, 4).join(', ')} … (${t('operators.prefixCount', { count: p.length })})`}</Tooltip>
              ) : (
                p.join(', ')
              ),
          },
          {
            title: t('updatedAt'),
            dataIndex: 'updatedAt',
            sorter: true,
            responsive: ['lg'],
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<Operator>(t('actions'), (record) => [
            editAction(t('edit'), ROUTING_PERMS.operatorEdit, () => form.edit(record)),
            {
              key: 'delete',
              label: t('delete'),
              permission: ROUTING_PERMS.operatorEdit,
              danger: true,
              confirm: t('operators.deleteConfirm'),
              onClick: () =>
                remove.mutateAsync([record.id]).then(
                  () => void message.success(t('deleted')),
                  () => {},
                ),
            },
          ]),
        ]}
      />
      <OperatorForm {...form.modal} />
    </>
  );
}

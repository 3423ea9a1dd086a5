import { type Gateway, gatewayListQuerySchema } from '@switchboard/contracts';
import { App, Form, Input, Modal, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { useCan } from '@/components/Can';
import { ConnectionErrorText } from '@/components/ConnectionErrorText';
import { EnabledFilter } from '@/components/EnabledFilter';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { isApiError } from '@/lib/api-client';
import {
  GATEWAY_EXPORT_PATH,
  GATEWAY_IMPORT_PATH,
  GATEWAY_PERMISSIONS,
  listGatewaysQuery,
  useCopyGateway,
  useDeleteGateway,
  useDeleteGateways,
  useGatewayStates,
  useReloadGateways,
  useToggleGateway,
} from '../api/gateways';
import { GatewayFormModal } from '../components/GatewayFormModal';
import { GatewayStateTag } from '../components/GatewayStateTag';

/** Copy: a new name; everything else (the password too) is copied, the copy disabled. */
function CopyModal({ source, onClose }: { source: Gateway | null; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const { message } = App.useApp();
  const copy = useCopyGateway();
  const [form] = Form.useForm<{ name: string }>();
  const submit = async () => {
    if (!source) return;
    const { name } = await form.validateFields();
    try {
      await copy.mutateAsync({ id: source.id, name: name.trim() });
    } catch (error) {
      const text = isApiError(error) ? (error.fieldErrors[0]?.message ?? error.message) : String(error);
      form.setFields([{ name: 'name', errors: [text] }]);
      return;
    }
    void message.success(t('copied'));
    onClose();
  };
  return (
    <Modal
      open={source !== null}
      title={source ? t('copyTitle', { name: source.name }) : ''}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={copy.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && source) form.setFieldsValue({ name: `${source.name}-copy`.slice(0, 64) });
      }}
      data-testid="gateway-copy"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('copyName')}
          extra={t('copyHint')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} data-testid="gateway-copy-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** sms/GatewayList: upstream SMSCs, their settings and their live bind state (administrators). */
export default function GatewayListPage() {
  const { t } = useTranslation(['gateway', 'common']);
  const { message } = App.useApp();
  const deleteRow = useDeleteAction('gateway');
  const form = useEntityModal<Gateway>();
  const [copying, setCopying] = useState<Gateway | null>(null);
  const remove = useDeleteGateway();
  const removeMany = useDeleteGateways();
  const toggle = useToggleGateway();
  const reload = useReloadGateways();
  const states = useGatewayStates();
  const canEdit = useCan(GATEWAY_PERMISSIONS.edit);

  const columns: TableColumnsType<Gateway> = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true },
    {
      title: t('fields.address'),
      dataIndex: 'host',
      sorter: true,
      responsive: ['md'],
      render: (_: string, record) => `${record.host}:${record.port}`,
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { title: t('fields.systemId'), dataIndex: 'systemId', sorter: true, responsive: ['lg'] },
    {
      title: t('fields.binds'),
      dataIndex: 'binds',
      sorter: true,
      responsive: ['lg'],
      render: (value: number, record) => `${value} · ${t(`bindModes.${record.bindMode}`)}`,
    },
    { title: t('fields.windowSize'), dataIndex: 'windowSize', sorter: true, responsive: ['xl'] },
    { title: t('fields.tps'), dataIndex: 'tps', sorter: true, responsive: ['xl'] },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      render: (value: boolean, record) => (
        <Switch
          size="small"
          checked={value}
          disabled={!canEdit.visible || canEdit.disabled}
          loading={toggle.isPending && toggle.variables?.gateway.id === record.id}
          aria-label={t('fields.enabled')}
          data-testid="gateway-toggle"
          onChange={(enabled) =>
            toggle.mutate(
              { gateway: record, enabled },
              {
                onSuccess: () =>
                  void message.success(
                    t('toggled', { name: record.name, state: enabled ? t('enabled') : t('disabled') }),
                  ),
              },
            )
          }
        />
      ),
    },
    {
      title: t('fields.state'),
      key: 'state',
      render: (_: unknown, record) => (
        <GatewayStateTag state={states.get(record.id)} enabled={record.enabled} />
      ),
    },
    {
      title: t('fields.lastError'),
      key: 'lastError',
      responsive: ['md'],
      render: (_: unknown, record) => (
        <ConnectionErrorText detail={states.get(record.id)?.lastError} testId="gateway-last-error" />
      ),
    },
    rowActionsColumn<Gateway>(t('actions'), (record) => [
      editAction(t('edit'), GATEWAY_PERMISSIONS.edit, () => form.edit(record)),
      {
        key: 'copy',
        label: t('copy'),
        permission: GATEWAY_PERMISSIONS.copy,
        onClick: () => setCopying(record),
      },
      deleteRow(GATEWAY_PERMISSIONS.delete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={gatewayListQuerySchema}
        query={listGatewaysQuery}
        rowKey="id"
        title={t('title')}
        testId="gateway-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('search')}>
              <Input allowClear placeholder={t('searchPlaceholder')} data-testid="gateway-search" />
            </Form.Item>
            <EnabledFilter label={t('enabledFilter')} />
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={GATEWAY_PERMISSIONS.add} onClick={() => form.add()} testId="gateway-add">
              {t('add')}
            </AddButton>
            <ExportButton
              path={GATEWAY_EXPORT_PATH}
              params={params}
              permission={GATEWAY_PERMISSIONS.export}
            />
            <ImportButton
              permission={GATEWAY_PERMISSIONS.import}
              title={t('importTitle')}
              path={GATEWAY_IMPORT_PATH}
              onImported={(count) => {
                void reload();
                void message.success(t('imported', { count }));
              }}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={GATEWAY_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
      />
      <GatewayFormModal {...form.modal} />
      <CopyModal source={copying} onClose={() => setCopying(null)} />
    </>
  );
}

import { type SupportContactRecord, supportContactListQuerySchema } from '@switchboard/contracts';
import { App, Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { useCan } from '@/components/Can';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { deleteAction, editAction, rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import {
  useDeleteSupportContact,
  useDeleteSupportContacts,
  useReloadSupportContacts,
} from '../api/delete-support-contact';
import { useContactInfo } from '../api/get-contact-info';
import {
  listSupportContactsQuery,
  SUPPORT_CONTACT_EXPORT_PATH,
  SUPPORT_CONTACT_IMPORT_PATH,
} from '../api/list-support-contacts';
import { useSaveGroupLink } from '../api/save-group-link';
import { SupportContactFormModal } from '../components/SupportContactFormModal';

export const CONTACT_PERMISSIONS = {
  add: 'system:contact:add',
  edit: 'system:contact:edit',
  delete: 'system:contact:delete',
  export: 'system:contact:export',
  import: 'system:contact:import',
} as const;

/** The customer group link, edited in place (in the list's toolbar). */
function GroupLinkForm() {
  const { t } = useTranslation('contact');
  const { message } = App.useApp();
  const info = useContactInfo();
  const save = useSaveGroupLink();
  const [form] = Form.useForm<{ groupLink: string }>();
  const canEdit = useCan(CONTACT_PERMISSIONS.edit);
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const current = info.data?.groupLink ?? '';
  useEffect(() => form.setFieldsValue({ groupLink: current }), [current, form]);
  if (!canEdit.visible) return null;
  return (
    <Form
      form={form}
      // On a phone the field takes the card's width, its label above it.
      layout={mobile ? 'vertical' : 'inline'}
      style={mobile ? { width: '100%' } : { rowGap: 8 }}
      onFinish={({ groupLink }) =>
        save.mutate(groupLink.trim(), {
          onSuccess: () => void message.success(t('admin.groupLinkSaved')),
        })
      }
    >
      <Form.Item
        name="groupLink"
        label={t('admin.groupLink')}
        rules={[{ type: 'url', message: t('admin.groupLinkInvalid') }]}
      >
        <Input
          placeholder="https://t.me/…"
          style={{ width: mobile ? '100%' : 320 }}
          allowClear
          disabled={canEdit.disabled}
        />
      </Form.Item>
      <Button
        htmlType="submit"
        loading={save.isPending}
        disabled={canEdit.disabled}
        data-testid="group-link-save"
      >
        {t('admin.save')}
      </Button>
    </Form>
  );
}

/** system/ContactList: the support accounts shown under Contact us. */
export default function ContactListPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { message } = App.useApp();
  const confirmRemoval = useConfirmDelete();
  const form = useEntityModal<SupportContactRecord>();
  const remove = useDeleteSupportContact();
  const removeMany = useDeleteSupportContacts();
  const reload = useReloadSupportContacts();

  const confirmDelete = (record: SupportContactRecord) =>
    confirmRemoval(
      {
        title: t('admin.deleteTitle'),
        content: t('admin.deleteConfirm', { name: record.name }),
        ok: t('admin.delete'),
        cancel: t('admin.cancel'),
        done: t('admin.deleted'),
      },
      () => remove.mutateAsync(record.id),
    );

  // Whole texts, wrapping in their cells; a link breaks anywhere rather than widen the table.
  const columns: TableColumnsType<SupportContactRecord> = [
    { title: t('admin.fields.name'), dataIndex: 'name', sorter: true },
    {
      title: t('admin.fields.telegram'),
      // On a phone the name and whether it is shown stay in view beside the selection and actions.
      responsive: ['sm'],
      dataIndex: 'telegram',
      sorter: true,
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { title: t('admin.fields.sort'), dataIndex: 'sortNo', responsive: ['md'], sorter: true },
    {
      title: t('admin.fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      render: (value: boolean) =>
        value ? <Tag color="green">{t('admin.enabled')}</Tag> : <Tag>{t('admin.disabled')}</Tag>,
    },
    rowActionsColumn<SupportContactRecord>(t('admin.actions'), (record) => [
      editAction(t('admin.edit'), CONTACT_PERMISSIONS.edit, () => form.edit(record)),
      deleteAction(t('admin.delete'), CONTACT_PERMISSIONS.delete, () => confirmDelete(record)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={supportContactListQuerySchema}
        query={listSupportContactsQuery}
        rowKey="id"
        title={t('admin.title')}
        testId="contact-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('admin.search')}>
              <Input allowClear placeholder={t('admin.searchPlaceholder')} data-testid="contact-search" />
            </Form.Item>
            <Form.Item name="enabled" label={t('admin.shown')}>
              <Select
                allowClear
                placeholder={t('admin.any')}
                style={{ minWidth: 120 }}
                options={[
                  { value: 'true', label: t('admin.enabled') },
                  { value: 'false', label: t('admin.disabled') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={CONTACT_PERMISSIONS.add} onClick={() => form.add()} testId="contact-add">
              {t('admin.add')}
            </AddButton>
            <ExportButton
              path={SUPPORT_CONTACT_EXPORT_PATH}
              params={params}
              permission={CONTACT_PERMISSIONS.export}
            />
            <ImportButton
              permission={CONTACT_PERMISSIONS.import}
              title={t('admin.importTitle')}
              path={SUPPORT_CONTACT_IMPORT_PATH}
              onImported={(count) => {
                void reload();
                void message.success(t('admin.imported', { count }));
              }}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={CONTACT_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
            <GroupLinkForm />
          </>
        )}
      />
      <SupportContactFormModal {...form.modal} />
    </>
  );
}

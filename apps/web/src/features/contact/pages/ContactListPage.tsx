import { PlusOutlined } from '@ant-design/icons';
import { pageQuerySchema, type SupportContactRecord } from '@switchboard/contracts';
import { App, Button, Form, Input, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '@/components/Can';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useDeleteSupportContact } from '../api/delete-support-contact';
import { useContactInfo } from '../api/get-contact-info';
import { listSupportContactsQuery } from '../api/list-support-contacts';
import { useSaveGroupLink } from '../api/save-group-link';
import { SupportContactFormModal } from '../components/SupportContactFormModal';

export const CONTACT_PERMISSIONS = {
  add: 'system:contact:add',
  edit: 'system:contact:edit',
  delete: 'system:contact:delete',
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
  const { t } = useTranslation('contact');
  const { modal, message } = App.useApp();
  const [form, setForm] = useState<{ open: boolean; editing: SupportContactRecord | null }>({
    open: false,
    editing: null,
  });
  const remove = useDeleteSupportContact();

  const confirmDelete = (record: SupportContactRecord) =>
    modal.confirm({
      title: t('admin.deleteTitle'),
      content: t('admin.deleteConfirm', { name: record.name }),
      okText: t('admin.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin.cancel'),
      onOk: () =>
        // A failure is shown by the query client; the dialog closes.
        remove.mutateAsync(record.id).then(
          () => void message.success(t('admin.deleted')),
          () => {},
        ),
    });

  // Whole texts, wrapping in their cells; a link breaks anywhere rather than widen the table.
  const columns: TableColumnsType<SupportContactRecord> = [
    { title: t('admin.fields.name'), dataIndex: 'name' },
    {
      title: t('admin.fields.telegram'),
      dataIndex: 'telegram',
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { title: t('admin.fields.sort'), dataIndex: 'sortNo', responsive: ['md'] },
    {
      title: t('admin.fields.enabled'),
      dataIndex: 'enabled',
      render: (value: boolean) =>
        value ? <Tag color="green">{t('admin.enabled')}</Tag> : <Tag>{t('admin.disabled')}</Tag>,
    },
    rowActionsColumn<SupportContactRecord>(t('admin.actions'), (record) => [
      {
        key: 'edit',
        label: t('admin.edit'),
        permission: CONTACT_PERMISSIONS.edit,
        onClick: () => setForm({ open: true, editing: record }),
      },
      {
        key: 'delete',
        label: t('admin.delete'),
        permission: CONTACT_PERMISSIONS.delete,
        danger: true,
        onClick: () => confirmDelete(record),
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={pageQuerySchema}
        query={listSupportContactsQuery}
        rowKey="id"
        title={t('admin.title')}
        testId="contact-table"
        columns={columns}
        toolbar={() => (
          <>
            <Can action={CONTACT_PERMISSIONS.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, editing: null })}
                data-testid="contact-add"
              >
                {t('admin.add')}
              </Button>
            </Can>
            <GroupLinkForm />
          </>
        )}
      />
      <SupportContactFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '@/components/Can';
import { useShowError } from '@/lib/use-show-error';
import { useDeleteSupportContact } from '../api/delete-support-contact';
import { useContactInfo } from '../api/get-contact-info';
import { useSupportContactList } from '../api/list-support-contacts';
import { useSaveGroupLink } from '../api/save-group-link';
import { SupportContactFormModal } from '../components/SupportContactFormModal';
import type { SupportContactRecord } from '../types';

export const CONTACT_PERMISSIONS = {
  add: 'system:contact:add',
  edit: 'system:contact:edit',
  delete: 'system:contact:delete',
} as const;

/** The customer group link, edited in place. */
function GroupLinkForm() {
  const { t } = useTranslation('contact');
  const { message } = App.useApp();
  const showError = useShowError();
  const info = useContactInfo();
  const save = useSaveGroupLink();
  const [form] = Form.useForm<{ groupLink: string }>();
  const canEdit = useCan(CONTACT_PERMISSIONS.edit);
  const current = info.data?.groupLink ?? '';
  useEffect(() => form.setFieldsValue({ groupLink: current }), [current, form]);
  if (!canEdit.visible) return null;
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={({ groupLink }) =>
        save.mutate(groupLink.trim(), {
          onSuccess: () => void message.success(t('admin.groupLinkSaved')),
          onError: showError,
        })
      }
    >
      <Form.Item
        name="groupLink"
        label={t('admin.groupLink')}
        rules={[{ type: 'url', message: t('admin.groupLinkInvalid') }]}
      >
        <Input placeholder="https://t.me/…" style={{ width: 320 }} allowClear disabled={canEdit.disabled} />
      </Form.Item>
      <Button htmlType="submit" loading={save.isPending} disabled={canEdit.disabled}>
        {t('admin.save')}
      </Button>
    </Form>
  );
}

/** system/ContactList: the support accounts shown under Contact us. */
export default function ContactListPage() {
  const { t } = useTranslation('contact');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [form, setForm] = useState<{ open: boolean; editing: SupportContactRecord | null }>({
    open: false,
    editing: null,
  });
  const list = useSupportContactList(page);
  const remove = useDeleteSupportContact();

  const confirmDelete = (record: SupportContactRecord) =>
    modal.confirm({
      title: t('admin.deleteTitle'),
      content: t('admin.deleteConfirm', { name: record.name }),
      okText: t('admin.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin.cancel'),
      onOk: () =>
        remove.mutateAsync(record.id).then(() => void message.success(t('admin.deleted')), showError),
    });

  const columns: TableColumnsType<SupportContactRecord> = [
    { title: t('admin.fields.name'), dataIndex: 'name', ellipsis: true },
    { title: t('admin.fields.telegram'), dataIndex: 'telegram', ellipsis: true },
    { title: t('admin.fields.sort'), dataIndex: 'sortNo', width: 100 },
    {
      title: t('admin.fields.enabled'),
      dataIndex: 'enabled',
      width: 120,
      render: (value: boolean) =>
        value ? <Tag color="green">{t('admin.enabled')}</Tag> : <Tag>{t('admin.disabled')}</Tag>,
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, record) => (
        <Space size={0}>
          <Can action={CONTACT_PERMISSIONS.edit}>
            <Button type="link" size="small" onClick={() => setForm({ open: true, editing: record })}>
              {t('admin.edit')}
            </Button>
          </Can>
          <Can action={CONTACT_PERMISSIONS.delete}>
            <Button type="link" size="small" danger onClick={() => confirmDelete(record)}>
              {t('admin.delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('admin.title')}>
      <GroupLinkForm />
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
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
      </Flex>
      <Table<SupportContactRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin.total', { count: total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <SupportContactFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { type BrandRecord, pageQuerySchema } from '@switchboard/contracts';
import { App, Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { Logo } from '@/components/Logo';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useDeleteBrand } from '../api/delete-brand';
import { listBrandsQuery } from '../api/list-brands';
import { BrandFormModal } from '../components/BrandFormModal';

export const BRAND_PERMISSIONS = {
  add: 'system:brand:add',
  edit: 'system:brand:edit',
  delete: 'system:brand:delete',
} as const;

/** system/BrandList: brand name, logo and header switches per visiting domain. */
export default function BrandListPage() {
  const { t } = useTranslation('branding');
  const { modal, message } = App.useApp();
  const [form, setForm] = useState<{ open: boolean; editing: BrandRecord | null }>({
    open: false,
    editing: null,
  });
  const remove = useDeleteBrand();

  const confirmDelete = (record: BrandRecord) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { domain: record.domain }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      // A failure is shown by the query client; the dialog closes.
      onOk: () =>
        remove.mutateAsync(record.id).then(
          () => void message.success(t('deleted')),
          () => {},
        ),
    });

  const yesNo = (value: boolean) => (value ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>);

  const columns: TableColumnsType<BrandRecord> = [
    {
      title: t('fields.logo'),
      dataIndex: 'logo',
      render: (value: string | null, record) =>
        value ? (
          <img src={value} alt={record.brandName} width={32} height={32} style={{ objectFit: 'contain' }} />
        ) : (
          <Logo size={32} />
        ),
    },
    { title: t('fields.domain'), dataIndex: 'domain' },
    { title: t('fields.brandName'), dataIndex: 'brandName' },
    { title: t('fields.isMainBrand'), dataIndex: 'isMainBrand', responsive: ['md'], render: yesNo },
    { title: t('fields.hideRecharge'), dataIndex: 'hideRecharge', responsive: ['md'], render: yesNo },
    { title: t('fields.hideLanguage'), dataIndex: 'hideLanguage', responsive: ['md'], render: yesNo },
    {
      title: t('updatedAt'),
      dataIndex: 'updatedAt',
      responsive: ['md'],
      render: (value: string | undefined, record) => <DateTimeText value={value ?? record.createdAt} />,
    },
    rowActionsColumn<BrandRecord>(t('actions'), (record) => [
      {
        key: 'edit',
        label: t('edit'),
        permission: BRAND_PERMISSIONS.edit,
        onClick: () => setForm({ open: true, editing: record }),
      },
      {
        key: 'delete',
        label: t('delete'),
        permission: BRAND_PERMISSIONS.delete,
        danger: true,
        onClick: () => confirmDelete(record),
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={pageQuerySchema}
        query={listBrandsQuery}
        rowKey="id"
        title={t('title')}
        testId="brand-table"
        columns={columns}
        toolbar={() => (
          <Can action={BRAND_PERMISSIONS.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ open: true, editing: null })}
              data-testid="brand-add"
            >
              {t('add')}
            </Button>
          </Can>
        )}
      />
      <BrandFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </>
  );
}

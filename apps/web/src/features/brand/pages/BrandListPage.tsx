import { type BrandRecord, pageQuerySchema } from '@switchboard/contracts';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DateTimeText } from '@/components/DateTimeText';
import { useEntityModal } from '@/components/FormModal';
import { Logo } from '@/components/Logo';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
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
  const deleteRow = useDeleteAction('branding');
  const form = useEntityModal<BrandRecord>();
  const remove = useDeleteBrand();

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
      editAction(t('edit'), BRAND_PERMISSIONS.edit, () => form.edit(record)),
      deleteRow(BRAND_PERMISSIONS.delete, record.domain, () => remove.mutateAsync(record.id)),
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
          <AddButton permission={BRAND_PERMISSIONS.add} onClick={() => form.add()} testId="brand-add">
            {t('add')}
          </AddButton>
        )}
      />
      <BrandFormModal {...form.modal} />
    </>
  );
}

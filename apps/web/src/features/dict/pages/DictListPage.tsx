import { type DictRecord, dictListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { bilingualNameColumns, dateTimeColumn } from '@/components/columns';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { deleteAction, editAction, rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { formatNumber } from '@/lib/format';
import { DICT_EXPORT_PATH, listDictsQuery, useDeleteDict } from '../api/dicts';
import { DictFormModal } from '../components/DictFormModal';
import { DictItemsDrawer } from '../components/DictItemsDrawer';
import { DICT_PERMISSIONS } from '../permissions';

/** system/DictList: the dictionaries (codes); each one's items in a drawer. */
export default function DictListPage() {
  const { t, i18n } = useTranslation('dict');
  const confirmRemoval = useConfirmDelete();
  const form = useEntityModal<DictRecord>();
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);
  const remove = useDeleteDict();
  const zh = i18n.language === 'zh-CN';

  const confirmDelete = (dict: DictRecord) =>
    confirmRemoval(
      {
        title: t('deleteTitle'),
        content: t('deleteConfirm', { code: dict.dictCode, count: dict.itemCount }),
        ok: t('delete'),
        cancel: t('cancel'),
        done: t('deleted'),
      },
      () => remove.mutateAsync(dict.id),
    );

  const columns: TableColumnsType<DictRecord> = [
    {
      title: t('fields.dictCode'),
      dataIndex: 'dictCode',
      sorter: true,
      render: (code: string, dict) => (
        <>
          <code>{code}</code>{' '}
          {dict.builtIn ? (
            <Tooltip title={t('builtInHint')}>
              <Tag>{t('builtIn')}</Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    ...bilingualNameColumns<DictRecord>(
      zh,
      {
        en: { dataIndex: 'dictName', title: t('fields.dictName') },
        zh: { dataIndex: 'dictNameZh', title: t('fields.dictNameZh') },
      },
      { sortBoth: false, secondFrom: 'lg' },
    ),
    { title: t('fields.description'), dataIndex: 'description', responsive: ['xl'] },
    {
      title: t('fields.itemCount'),
      dataIndex: 'itemCount',
      sorter: true,
      align: 'right',
      render: (n: number) => formatNumber(n),
    },
    dateTimeColumn<DictRecord>(t('fields.createdAt'), 'createdAt'),
    rowActionsColumn<DictRecord>(t('actions'), (dict) => [
      {
        key: 'items',
        label: t('items'),
        onClick: () => setItemsOf(dict),
        testId: `dict-items-${dict.dictCode}`,
      },
      editAction(t('edit'), DICT_PERMISSIONS.edit, () => form.edit(dict)),
      !dict.builtIn &&
        deleteAction(
          t('delete'),
          DICT_PERMISSIONS.delete,
          () => confirmDelete(dict),
          `dict-delete-${dict.dictCode}`,
        ),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={dictListQuerySchema}
        query={listDictsQuery}
        rowKey="id"
        title={t('title')}
        testId="dict-table"
        columns={columns}
        filters={
          <Form.Item name="keyword" label={t('search')}>
            <Input allowClear placeholder={t('searchPlaceholder')} data-testid="dict-search" />
          </Form.Item>
        }
        toolbar={({ params }) => (
          <>
            <AddButton permission={DICT_PERMISSIONS.add} onClick={() => form.add()} testId="dict-add">
              {t('add')}
            </AddButton>
            <ExportButton path={DICT_EXPORT_PATH} params={params} permission={DICT_PERMISSIONS.export} />
          </>
        )}
      />
      <DictFormModal {...form.modal} />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}

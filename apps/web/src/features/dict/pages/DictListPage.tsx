import { PlusOutlined } from '@ant-design/icons';
import { type DictRecord, dictListQuerySchema } from '@switchboard/contracts';
import { App, Button, Form, Input, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatNumber } from '@/lib/format';
import { DICT_EXPORT_PATH, listDictsQuery, useDeleteDict } from '../api/dicts';
import { DictFormModal } from '../components/DictFormModal';
import { DictItemsDrawer } from '../components/DictItemsDrawer';
import { DICT_PERMISSIONS } from '../permissions';

/** system/DictList: the dictionaries (codes); each one's items in a drawer. */
export default function DictListPage() {
  const { t, i18n } = useTranslation('dict');
  const { modal, message } = App.useApp();
  const [form, setForm] = useState<{ open: boolean; editing: DictRecord | null }>({
    open: false,
    editing: null,
  });
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);
  const remove = useDeleteDict();
  const zh = i18n.language === 'zh-CN';

  const confirmDelete = (dict: DictRecord) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { code: dict.dictCode, count: dict.itemCount }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(dict.id).then(
          () => void message.success(t('deleted')),
          () => {},
        ),
    });

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
    {
      title: zh ? t('fields.dictNameZh') : t('fields.dictName'),
      dataIndex: zh ? 'dictNameZh' : 'dictName',
      sorter: !zh,
    },
    {
      title: zh ? t('fields.dictName') : t('fields.dictNameZh'),
      dataIndex: zh ? 'dictName' : 'dictNameZh',
      responsive: ['lg'],
    },
    { title: t('fields.description'), dataIndex: 'description', responsive: ['xl'] },
    {
      title: t('fields.itemCount'),
      dataIndex: 'itemCount',
      sorter: true,
      align: 'right',
      render: (n: number) => formatNumber(n),
    },
    {
      title: t('fields.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      responsive: ['md'],
      render: (value: string) => <DateTimeText value={value} />,
    },
    rowActionsColumn<DictRecord>(t('actions'), (dict) => [
      {
        key: 'items',
        label: t('items'),
        onClick: () => setItemsOf(dict),
        testId: `dict-items-${dict.dictCode}`,
      },
      {
        key: 'edit',
        label: t('edit'),
        permission: DICT_PERMISSIONS.edit,
        onClick: () => setForm({ open: true, editing: dict }),
      },
      !dict.builtIn && {
        key: 'delete',
        label: t('delete'),
        permission: DICT_PERMISSIONS.delete,
        danger: true,
        onClick: () => confirmDelete(dict),
        testId: `dict-delete-${dict.dictCode}`,
      },
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
            <Can action={DICT_PERMISSIONS.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, editing: null })}
                data-testid="dict-add"
              >
                {t('add')}
              </Button>
            </Can>
            <ExportButton path={DICT_EXPORT_PATH} params={params} permission={DICT_PERMISSIONS.export} />
          </>
        )}
      />
      <DictFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
